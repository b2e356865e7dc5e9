/**
 * hpa/documentHpasChanged over LSP, as the editor-title button reads it: the server names the
 * previewable HPAs of an open document after its first lint and whenever the list changes, and says
 * "none" for a document without one. vscode-languageclient asks hpa/documentHpas as soon as the
 * server runs, before it sends the open documents, so that one answer is empty; the notification is
 * what corrects it. Run `node scripts/build.mjs` first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import {
  DocumentHpasChangedNotification,
  type DocumentHpasChangedParams,
  DocumentHpasRequest,
  type DocumentHpa,
} from '../../common/protocol';
import { LspClient } from '../support/lspClient';

const HPA = [
  'apiVersion: autoscaling/v2', // 0
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: api',
  'spec:',
  '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}',
  '  maxReplicas: 5',
  '',
].join('\n');
const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';

let client: LspClient;
const announced: DocumentHpasChangedParams[] = [];

function announcementsFor(uri: string): Array<[number, DocumentHpa[]]> {
  return announced.filter((a) => a.uri === uri).map((a) => [a.version, a.hpas]);
}

before(async () => {
  client = await LspClient.start({
    handlers: (connection) =>
      connection.onNotification(DocumentHpasChangedNotification.method, (p: DocumentHpasChangedParams) =>
        announced.push(p),
      ),
  });
});

after(async () => {
  await client.stop();
});

test('a file with an HPA: asked before it is open the answer is empty, then the server names its HPA', async () => {
  const uri = 'file:///workspace/title-button-hpa.yaml';
  // What the extension does while the server starts: the question overtakes the open document.
  assert.deepEqual(await client.request(DocumentHpasRequest.method, { uri }), []);
  assert.deepEqual(announcementsFor(uri), [], 'nothing is said of a document the server does not hold');
  await client.openSettled(uri, HPA);
  assert.deepEqual(announcementsFor(uri), [[1, [{ name: 'api', documentIndex: 0, line: 0 }]]]);
});

test('a file without an HPA: the server says it holds none', async () => {
  const uri = 'file:///workspace/title-button-none.yaml';
  await client.openSettled(uri, CONFIG_MAP);
  assert.deepEqual(announcementsFor(uri), [[1, []]]);
});

test('told again only when the list changes, and afresh when the document is opened again', async () => {
  const uri = 'file:///workspace/title-button-edits.yaml';
  await client.openSettled(uri, CONFIG_MAP);
  // An edit that leaves the list as it was: nothing new is said.
  await client.changeSettled(uri, 2, CONFIG_MAP.replace('settings', 'other'));
  assert.deepEqual(announcementsFor(uri), [[1, []]]);
  // An HPA appears in a second document, then moves down a line, then goes.
  await client.changeSettled(uri, 3, `${CONFIG_MAP}---\n${HPA}`);
  await client.changeSettled(uri, 4, `${CONFIG_MAP}---\n# moved\n${HPA}`);
  await client.changeSettled(uri, 5, CONFIG_MAP);
  assert.deepEqual(announcementsFor(uri), [
    [1, []],
    [3, [{ name: 'api', documentIndex: 1, line: 5 }]],
    [4, [{ name: 'api', documentIndex: 1, line: 6 }]],
    [5, []],
  ]);
  await client.close(uri);
  await client.openSettled(uri, CONFIG_MAP);
  assert.deepEqual(announcementsFor(uri).slice(4), [[1, []]]);
});
