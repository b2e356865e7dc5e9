/**
 * Hover, completion and code actions over LSP, as an editor uses them: the built server is spawned
 * over stdio (run `node scripts/build.mjs` first), a document opened, a quick fix requested for a
 * published diagnostic, its edit applied and sent back as a change, and the diagnostic is gone.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  Hover,
  MarkupContent,
  TextEdit,
} from 'vscode-languageserver-protocol';
import { LspClient, REPO_ROOT } from '../support/lspClient';

const URI = 'file:///workspace/features-lsp.yaml';
const TEXT = readFileSync(resolve(REPO_ROOT, 'test', 'fixtures', 'features', 'lsp.yaml'), 'utf8');

let client: LspClient;

before(async () => {
  client = await LspClient.start({ locale: 'ja' });
});

after(async () => {
  await client.stop();
});

function applied(text: string, edits: TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create(URI, 'yaml', 0, text), edits);
}

async function quickFix(diagnostic: Diagnostic): Promise<CodeAction> {
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: diagnostic.range,
    context: { diagnostics: [diagnostic], only: ['quickfix'] },
  });
  assert.equal(actions.length, 1, `one fix for ${String(diagnostic.code)}`);
  return actions[0]!;
}

test('hover, completion, and quick fixes that make their diagnostics go away', async () => {
  const opened = await client.open(URI, TEXT, 1);
  const period = opened.find((d) => d.code === 'period-seconds-range');
  const replicas = opened.find((d) => d.code === 'replicas-conflict');
  assert.ok(period && replicas, 'both diagnostics are published');

  // Hover in Japanese, with the numbers for this file: 60 % of 200m = 120m per Pod.
  const hover = await client.request<Hover>('textDocument/hover', {
    textDocument: { uri: URI },
    position: { line: 32, character: 14 },
  });
  assert.deepEqual(hover.range, { start: { line: 32, character: 10 }, end: { line: 32, character: 28 } });
  assert.equal(
    (hover.contents as MarkupContent).value.split('\n\n').slice(-1)[0],
    '理想のレプリカ数 = ceil(現在のレプリカ数 × 現在の使用率 / 60 %)  \nPodのcpuのリソース要求200mの60 % = Podあたり120m。',
  );

  const completion = await client.request<CompletionItem[]>('textDocument/completion', {
    textDocument: { uri: URI },
    position: { line: 36, character: 16 },
  });
  assert.deepEqual(
    completion.map((c) => c.label),
    ['Pods', 'Percent'],
  );

  // Clamp periodSeconds: 2400 -> 1800; the comment stays.
  const clamp = await quickFix(period);
  assert.equal(clamp.title, 'periodSecondsを1800に変更 (有効範囲: 1〜1800)');
  assert.equal(clamp.isPreferred, true);
  const clamped = applied(TEXT, clamp.edit!.changes![URI]!);
  assert.equal(clamped, TEXT.replace('periodSeconds: 2400   # too long', 'periodSeconds: 1800   # too long'));
  const afterClamp = await client.change(URI, 2, [{ text: clamped }]);
  assert.deepEqual(
    afterClamp.filter((d) => d.code === 'period-seconds-range'),
    [],
  );

  // Remove spec.replicas, with the one-time drop to 1 replica in the title.
  const stillThere = afterClamp.find((d) => d.code === 'replicas-conflict')!;
  const remove = await quickFix(stillThere);
  assert.equal(
    remove.title,
    'Deployment webからspec.replicasを削除 (次回のkubectl applyで一時的にレプリカ数が1に減ります)',
  );
  const removed = applied(clamped, remove.edit!.changes![URI]!);
  assert.equal(removed, clamped.replace('  replicas: 4   # pinned\n', ''));
  const afterRemove = await client.change(URI, 3, [{ text: removed }]);
  assert.deepEqual(
    afterRemove.filter((d) => d.code === 'replicas-conflict'),
    [],
  );

  // The refactors are offered without a diagnostic.
  const refactors = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri: URI },
    range: { start: { line: 19, character: 0 }, end: { line: 19, character: 0 } },
    context: { diagnostics: [] },
  });
  assert.deepEqual(
    refactors.map((a) => a.kind),
    [],
    'the HPA has a behavior and the Deployment an HPA: nothing to offer',
  );
  await client.close(URI);
});

test('refactor over LSP: create an HPA for a Deployment; the new document lints clean', async () => {
  const uri = 'file:///workspace/features-create.yaml';
  const text = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: api',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: api',
    '          resources:',
    '            requests:',
    '              cpu: 100m',
    '',
  ].join('\n');
  assert.deepEqual(await client.open(uri, text, 1), []);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
    context: { diagnostics: [] },
  });
  assert.deepEqual(
    actions.map((a) => [a.kind, a.title]),
    [['refactor.hpa.create', 'Deployment apiのHPAを作成']],
  );
  const created = applied(text, actions[0]!.edit!.changes![uri]!);
  assert.match(created, /\n---\napiVersion: autoscaling\/v2\nkind: HorizontalPodAutoscaler\n/);
  assert.match(created, /\n {4}- type: Resource\n {6}resource:\n/);
  assert.match(created, /\n {10}averageUtilization: 70\n$/);
  assert.deepEqual(await client.change(uri, 2, [{ text: created }]), []);
  await client.close(uri);
});
