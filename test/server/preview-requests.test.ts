/**
 * What the extension host asks the server about the preview, over LSP as the client asks it: the
 * "Preview scaling" CodeLens on each previewable HPA, hpa/documentHpas for the editor-title button,
 * and hpa/previewModel, all declared once in common/protocol.ts. Run `node scripts/build.mjs` first.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CodeLens } from 'vscode-languageserver-protocol';
import {
  DocumentHpasRequest,
  OPEN_PREVIEW_TO_SIDE_COMMAND,
  PreviewModelRequest,
  type DocumentHpa,
  type PreviewModelResult,
} from '../../common/protocol';
import { LspClient } from '../support/lspClient';

const URI = 'file:///workspace/preview-requests.yaml';
const TEXT = [
  'apiVersion: apps/v1', // 0
  'kind: Deployment',
  'metadata:',
  '  name: api',
  '---', // 4
  '# the first HPA',
  'apiVersion: autoscaling/v2', // 6
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: api',
  'spec:',
  '  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: api}',
  '  maxReplicas: 5',
  '---', // 13
  'apiVersion: autoscaling/v1', // 14: v1 has other fields and is not previewed
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: old',
  'spec:',
  '  maxReplicas: 3',
  '---', // 20
  'kind: HorizontalPodAutoscaler', // 21: no apiVersion, still an HPA to preview
  'metadata:',
  '  name: worker',
  'spec:',
  '  maxReplicas: 7',
  '',
].join('\n');

let client: LspClient;

before(async () => {
  client = await LspClient.start({ locale: 'ja' });
  await client.open(URI, TEXT);
});

after(async () => {
  await client.stop();
});

test('hpa/documentHpas lists the previewable HPAs with the line their document starts on', async () => {
  const hpas = await client.request<DocumentHpa[]>(DocumentHpasRequest.method, { uri: URI });
  assert.deepEqual(hpas, [
    { name: 'api', documentIndex: 1, line: 6 },
    { name: 'worker', documentIndex: 3, line: 21 },
  ]);
});

test('one CodeLens per previewable HPA runs the open-to-the-side command with the uri and line', async () => {
  const lenses = await client.request<CodeLens[]>('textDocument/codeLens', { textDocument: { uri: URI } });
  assert.deepEqual(
    lenses.map((lens) => [lens.range, lens.command?.command, lens.command?.arguments]),
    [6, 21].map((line) => [
      { start: { line, character: 0 }, end: { line, character: 0 } },
      OPEN_PREVIEW_TO_SIDE_COMMAND,
      [URI, line],
    ]),
  );
  // The server speaks the client's language (initialize's locale is ja here). `tooltip` is LSP 3.18:
  // clients that know it show it, older ones (vscode-languageclient 9.0) drop it.
  const tooltip = (lens: CodeLens) => (lens.command as { tooltip?: string } | undefined)?.tooltip;
  assert.deepEqual(
    lenses.map((lens) => [lens.command?.title, tooltip(lens)]),
    [
      ['スケーリングをプレビュー', 'apiのスケーリング プレビューを横に開く'],
      ['スケーリングをプレビュー', 'workerのスケーリング プレビューを横に開く'],
    ],
  );
});

test('a file without an HPA has no CodeLens and no HPAs', async () => {
  const uri = 'file:///workspace/preview-requests-none.yaml';
  await client.open(uri, 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n');
  assert.deepEqual(await client.request('textDocument/codeLens', { textDocument: { uri } }), []);
  assert.deepEqual(await client.request(DocumentHpasRequest.method, { uri }), []);
});

test('hpa/previewModel answers for the HPA whose document holds the line', async () => {
  const at = async (line: number) =>
    (await client.request<PreviewModelResult>(PreviewModelRequest.method, { uri: URI, line }))?.name;
  assert.equal(await at(0), 'api');
  assert.equal(await at(12), 'api');
  assert.equal(await at(24), 'worker');
});
