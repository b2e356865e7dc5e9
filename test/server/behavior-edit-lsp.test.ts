/**
 * hpa/behaviorEdit over LSP, as the extension host asks it when the user presses Apply: the reply is
 * one TextEdit changing only what differs, the server follows the applied edit like any other
 * (the same request afterwards is an empty edit), and a block it will not edit is refused with an
 * error response whose message, in the client's language, is what the host shows. Run
 * `node scripts/build.mjs` first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { BehaviorEditRequest, type BehaviorTextEdit } from '../../common/protocol';
import { LspClient } from '../support/lspClient';

const URI = 'file:///workspace/apply.yaml';
const ANCHORED_URI = 'file:///workspace/anchored.yaml';
const TEXT = [
  'apiVersion: autoscaling/v2', // 0
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: api',
  'spec:',
  '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}',
  '  maxReplicas: 5',
  '  behavior:', // 7
  '    scaleDown:',
  '      # the nightly batch restarts',
  '      stabilizationWindowSeconds: 300 # five minutes', // 10
  '',
].join('\n');
const BEHAVIOR = { scaleDown: { stabilizationWindowSeconds: 600 } };

let client: LspClient;

before(async () => {
  client = await LspClient.start({ locale: 'ja' });
  await client.open(URI, TEXT);
  await client.open(
    ANCHORED_URI,
    TEXT.replace('    scaleDown:', '    scaleDown: &down').replace(
      '  maxReplicas: 5',
      '  maxReplicas: 5\n  x: *down',
    ),
  );
});

after(async () => {
  await client.stop();
});

test('Apply is one edit of the changed value; applied, the same request changes nothing', async () => {
  const edit = await client.request<BehaviorTextEdit | null>(BehaviorEditRequest.method, {
    uri: URI,
    documentIndex: 0,
    behavior: BEHAVIOR,
  });
  assert.deepEqual(edit, {
    range: { start: { line: 10, character: 34 }, end: { line: 10, character: 37 } },
    newText: '600',
  });
  await client.change(URI, 2, [{ range: edit.range, text: edit.newText }]);
  const again = await client.request<BehaviorTextEdit | null>(BehaviorEditRequest.method, {
    uri: URI,
    documentIndex: 0,
    behavior: BEHAVIOR,
  });
  assert.deepEqual(again, {
    range: { start: { line: 7, character: 0 }, end: { line: 7, character: 0 } },
    newText: '',
  });
});

test('a block with an anchor is refused with an error response in the client\u2019s language', async () => {
  await assert.rejects(
    client.request(BehaviorEditRequest.method, { uri: ANCHORED_URI, documentIndex: 0, behavior: BEHAVIOR }),
    (error: unknown) =>
      error instanceof Error &&
      error.message ===
        'spec.behaviorはYAMLのアンカーまたはエイリアスを使っているため、ここを変えると共有している箇所も変わる可能性があります。ブロックは手で編集してください',
  );
});

test('a malformed block is refused, naming the field', async () => {
  await assert.rejects(
    client.request(BehaviorEditRequest.method, {
      uri: URI,
      documentIndex: 0,
      behavior: { scaleUp: { policies: 'fast' } },
    }),
    { message: '書き込むブロックはbehaviorとして正しくありません(behavior.scaleUp.policies)' },
  );
});
