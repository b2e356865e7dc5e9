/**
 * The language server renders what the editor holds: an edit sent with didChange and never saved
 * changes the overlay findings of another open file, on the line the saved render would give, and
 * undoing the edit takes them away again. Real `kubectl kustomize`; waits on published
 * diagnostics only; the files on disk are never written.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { textsUnder } from '../support/fileTree';
import { LspClient, REPO_ROOT, compact } from '../support/lspClient';
import { skipUnlessOnPath } from '../support/tools';

const TREE = resolve(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'unsaved');
const uriOf = (path: string) => pathToFileURL(join(TREE, path)).toString();
const textOf = (path: string) => readFileSync(join(TREE, path), 'utf8');
const has = (rule: string) => (p: PublishDiagnosticsParams) => p.diagnostics.some((d) => d.code === rule);
const lacks = (rule: string) => (p: PublishDiagnosticsParams) => !has(rule)(p);

/** The fixture's files as they are on disk, to check that nothing was written to them. */
function snapshot(): Map<string, string> {
  return textsUnder(TREE);
}

/** `from` (first found in `text`) replaced by `to`, as a didChange range edit. */
function replaceOnLine(text: string, from: string, to: string) {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes(from));
  const character = lines[line]!.indexOf(from);
  return {
    range: { start: { line, character }, end: { line, character: character + from.length } },
    text: to,
  };
}

describe(
  'unsaved edits in a trusted workspace',
  { skip: skipUnlessOnPath('kubectl'), timeout: 60_000 },
  () => {
    let client: LspClient;
    const disk = snapshot();
    const hpa = uriOf('base/hpa.yaml');
    before(async () => {
      client = await LspClient.start({
        workspaceFolders: [TREE],
        initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 50 },
      });
      await client.open(hpa, textOf('base/hpa.yaml'));
    });
    after(async () => {
      await client.stop();
      assert.deepEqual(snapshot(), disk);
    });

    test('a patch edit: the overlay finding on the base line before any save, gone after the undo', async () => {
      const patch = uriOf('overlays/prod/hpa-patch.yaml');
      const saved = textOf('overlays/prod/hpa-patch.yaml');
      await client.open(patch, saved);
      // minReplicas 7 above the base's maxReplicas 5: only the rendered HPA has both.
      const found = client.nextDiagnostics(hpa, has('max-replicas'));
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: patch, version: 2 },
        contentChanges: [replaceOnLine(saved, 'minReplicas: 2', 'minReplicas: 7')],
      });
      const diagnostics = (await found).diagnostics;
      assert.deepEqual(compact(diagnostics), [['max-replicas', 1, 9, 15, 9, 16]]);
      assert.equal(
        diagnostics[0]!.message,
        'spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas` (rendered overlay overlays/prod)',
      );
      const gone = client.nextDiagnostics(hpa, lacks('max-replicas'));
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: patch, version: 3 },
        contentChanges: [
          replaceOnLine(
            saved.replace('minReplicas: 2', 'minReplicas: 7'),
            'minReplicas: 7',
            'minReplicas: 2',
          ),
        ],
      });
      assert.deepEqual(compact((await gone).diagnostics), []);
    });

    test("a patch's container without a cpu request: the base HPA's metric is found before any save", async () => {
      const patch = uriOf('overlays/prod/deployment-patch.yaml');
      const saved = textOf('overlays/prod/deployment-patch.yaml');
      await client.open(patch, saved);
      const found = client.nextDiagnostics(hpa, has('missing-resource-request'));
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: patch, version: 2 },
        contentChanges: [replaceOnLine(saved, '{ cpu: 50m }', '{ memory: 64Mi }')],
      });
      const diagnostics = (await found).diagnostics;
      assert.deepEqual(compact(diagnostics), [['missing-resource-request', 2, 13, 14, 13, 17]]);
      assert.equal(
        diagnostics[0]!.message,
        'cpu utilization cannot be computed: Deployment "web" has no cpu request in container "log-shipper" (missing request for cpu) (rendered overlay overlays/prod)',
      );
      const gone = client.nextDiagnostics(hpa, lacks('missing-resource-request'));
      await client.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri: patch, version: 3 },
        contentChanges: [
          replaceOnLine(
            saved.replace('{ cpu: 50m }', '{ memory: 64Mi }'),
            '{ memory: 64Mi }',
            '{ cpu: 50m }',
          ),
        ],
      });
      assert.deepEqual(compact((await gone).diagnostics), []);
    });
  },
);
