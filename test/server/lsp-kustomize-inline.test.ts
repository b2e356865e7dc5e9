/**
 * Patches written inline in a kustomization, in the language server with the real
 * `kubectl kustomize`: the strategic-merge patch is checked as a partial object on the text being
 * edited, and what only the rendered overlay shows lands on the inline patch's own line.
 * Fixtures: test/fixtures/kustomize/inline. Waits on published diagnostics only.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient, REPO_ROOT, compact } from '../support/lspClient';
import { skipUnlessOnPath } from '../support/tools';

const INLINE = resolve(REPO_ROOT, 'test', 'fixtures', 'kustomize', 'inline');
const uriOf = (path: string) => pathToFileURL(join(INLINE, path)).toString();
const textOf = (path: string) => readFileSync(join(INLINE, path), 'utf8');
const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code)).sort();
const sorted = (rows: ReturnType<typeof compact>) =>
  [...rows].sort((a, b) => a[2] - b[2] || a[3] - b[3] || a[0].localeCompare(b[0]));

describe(
  'patches written inline in a kustomization',
  { skip: skipUnlessOnPath('kubectl'), timeout: 60_000 },
  () => {
    let client: LspClient;
    before(async () => {
      client = await LspClient.start({
        workspaceFolders: [INLINE],
        initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 50 },
      });
    });
    after(async () => client.stop());

    test('strategic merge: the patch itself and the rendered overlay, each at the inline field', async () => {
      const path = 'overlays/strategic/kustomization.yaml';
      const diagnostics = await client.openUntil(uriOf(path), textOf(path), (p) =>
        codes(p).includes('replicas-conflict'),
      );
      assert.deepEqual(sorted(compact(diagnostics)), [
        ['period-seconds-range', 1, 16, 31, 16, 35],
        ['replicas-conflict', 2, 26, 8, 26, 16],
      ]);
    });

    test('JSON 6902 in a |2 block: the value of each operation', async () => {
      const path = 'overlays/json6902/kustomization.yaml';
      const diagnostics = await client.openUntil(
        uriOf(path),
        textOf(path),
        (p) => codes(p).join() === 'min-replicas,replicas-conflict,stabilization-window-range',
      );
      assert.deepEqual(sorted(compact(diagnostics)), [
        ['min-replicas', 1, 13, 17, 13, 18],
        ['stabilization-window-range', 1, 18, 42, 18, 46],
        ['replicas-conflict', 2, 25, 20, 25, 28],
      ]);
    });

    test('an edit to the inline patch is checked at once, before anything is saved or rendered', async () => {
      const path = 'overlays/legacy/kustomization.yaml';
      await client.openUntil(uriOf(path), textOf(path), (p) => codes(p).includes('replicas-conflict'));
      // `replicas: 2` (line 11) becomes a period out of range in a scale-up policy of an HPA patch.
      const edited = textOf(path).replace(
        'apiVersion: apps/v1\n    kind: Deployment\n',
        'apiVersion: autoscaling/v2\n    kind: HorizontalPodAutoscaler\n',
      );
      const text = edited.replace(
        '      replicas: 2\n',
        '      behavior: { scaleUp: { policies: [{ type: Pods, value: 1, periodSeconds: 0 }] } }\n',
      );
      const diagnostics = await client.change(uriOf(path), 2, [{ text }]);
      const period = compact(diagnostics).filter((d) => d[0] === 'period-seconds-range');
      assert.deepEqual(period, [['period-seconds-range', 1, 11, 79, 11, 80]]);
    });
  },
);
