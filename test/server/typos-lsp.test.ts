/**
 * Issue 17 over LSP, against the built server (`node scripts/build.mjs` first): a misspelt field is
 * one diagnostic with a "did you mean" quick fix that the editor applies as one change, and rule
 * links point at the pages the extension ships when the client names their folder (GitHub else).
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { CodeAction, CompletionItem, Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient, REPO_ROOT } from '../support/lspClient';

const URI = 'file:///workspace/typos.yaml';
const TEXT = [
  'apiVersion: autoscaling/v2',
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: web',
  'spec:',
  '  scaleTargetRef:',
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: web',
  '  maxReplicas: 10',
  '  metrics:',
  '    - type: Resource',
  '      resource:',
  '        name: cpu',
  '        target:',
  '          type: Utilization',
  '          averageUtilisation: 60',
  '',
].join('\n');
const DOCS_FOLDER = resolve(REPO_ROOT, 'docs', 'rules');

function hpaErrors(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.code !== 'target-not-found');
}

test('a misspelt field: one diagnostic, a quick fix applied as one change, a link to the shipped page', async () => {
  const client = await LspClient.start({
    locale: 'en',
    initializationOptions: { locale: 'en', docsBase: pathToFileURL(DOCS_FOLDER).toString() },
  });
  try {
    const opened = hpaErrors(await client.open(URI, TEXT, 1));
    assert.equal(opened.length, 1, 'no second error for the required value the typo leaves out');
    const diagnostic = opened[0]!;
    assert.equal(diagnostic.code, 'schema');
    assert.equal(
      diagnostic.message,
      'unknown field "spec.metrics[0].resource.target.averageUtilisation": did you mean "averageUtilization"?',
    );
    assert.deepEqual(diagnostic.range, {
      start: { line: 16, character: 10 },
      end: { line: 16, character: 28 },
    });
    const href = diagnostic.codeDescription?.href ?? '';
    assert.equal(href, `${pathToFileURL(DOCS_FOLDER).toString()}/schema.md`);
    assert.ok(existsSync(fileURLToPath(href)), 'the linked page exists in the folder the client named');

    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: URI },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic], only: ['quickfix'] },
    });
    assert.deepEqual(
      actions.map((a) => a.title),
      ['Change averageUtilisation to averageUtilization'],
    );
    const edits = actions[0]!.edit!.changes![URI]!;
    assert.deepEqual(edits, [{ range: diagnostic.range, newText: 'averageUtilization' }]);
    // The editor sends the applied edit back as one incremental change.
    const after = await client.change(URI, 2, [{ range: edits[0]!.range, text: edits[0]!.newText }]);
    assert.deepEqual(hpaErrors(after), []);
  } finally {
    await client.stop();
  }
});

test('without a docs folder from the client, rule links go to GitHub', async () => {
  const client = await LspClient.start({ locale: 'en' });
  try {
    const [diagnostic] = hpaErrors(await client.open(URI, TEXT, 1));
    assert.equal(
      diagnostic?.codeDescription?.href,
      'https://github.com/hpa-tools/hpa-linter/blob/main/docs/rules/schema.md',
    );
  } finally {
    await client.stop();
  }
});

test('completion over LSP: a map key with its line break and indentation, a scalar key with its default', async () => {
  const client = await LspClient.start({ locale: 'en' });
  try {
    const uri = 'file:///workspace/completion.yaml';
    const text = `${TEXT}  behavior:\n    scaleDown:\n      \n`;
    await client.open(uri, text, 1);
    const at = async (line: number, character: number): Promise<Map<string, CompletionItem>> => {
      const items = await client.request<CompletionItem[]>('textDocument/completion', {
        textDocument: { uri },
        position: { line, character },
      });
      return new Map(items.map((i) => [i.label, i]));
    };
    // This client declares no snippet support: the default is written as plain text.
    const scaleDown = await at(19, 6);
    assert.equal(scaleDown.get('stabilizationWindowSeconds')?.insertText, 'stabilizationWindowSeconds: 300');
    assert.equal(scaleDown.get('selectPolicy')?.insertText, 'selectPolicy: Max');
    const behavior = await client
      .change(uri, 2, [{ text: `${TEXT}  behavior:\n    \n` }])
      .then(() => at(18, 4));
    assert.deepEqual(
      [behavior.get('scaleUp')?.insertText, behavior.get('scaleUp')?.insertTextMode],
      ['scaleUp:\n      ', 1],
    );
  } finally {
    await client.stop();
  }
});
