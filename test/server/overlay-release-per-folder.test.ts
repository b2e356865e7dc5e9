/**
 * Each rendered kustomize overlay is judged against the `.hpa-lint.yaml` nearest to its own
 * kustomization, with the real `kubectl kustomize`, in `hpa-lint` and in the language server alike:
 * envs/staging says 1.34 with HPAScaleToZero on, envs/prod says 1.35, the base's own folder 1.37.
 * The base HPA (minReplicas 0 with an External metric, a scale-up tolerance) is clean on 1.37; its
 * staging render drops the tolerance (1.34 without HPAConfigurableTolerance), its prod render
 * refuses minReplicas 0 (1.35 without HPAScaleToZero). Before, every overlay took one file's release.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { main } from '../../server/src/cli';
import type { CliIO } from '../../server/src/cli/io';
import { LspClient } from '../support/lspClient';
import { skipUnlessOnPath } from '../support/tools';

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worker }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  behavior:
    scaleUp:
      tolerance: 0.05
  metrics:
    - type: External
      external:
        metric: { name: queue_depth }
        target: { type: AverageValue, averageValue: "30" }
`;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata: { name: worker }
spec:
  selector: { matchLabels: { app: worker } }
  template:
    metadata: { labels: { app: worker } }
    spec:
      containers:
        - name: worker
          image: worker:1
          resources: { requests: { cpu: 100m } }
`;

const FILES: Record<string, string> = {
  'base/.hpa-lint.yaml': 'kubernetesVersion: "1.37"\n',
  'base/kustomization.yaml': 'resources:\n  - hpa.yaml\n  - deployment.yaml\n',
  'base/hpa.yaml': HPA,
  'base/deployment.yaml': DEPLOYMENT,
  'envs/staging/.hpa-lint.yaml': 'kubernetesVersion: "1.34"\nfeatureGates:\n  HPAScaleToZero: true\n',
  'envs/staging/kustomization.yaml': 'resources:\n  - ../../base\n',
  'envs/prod/.hpa-lint.yaml': 'kubernetesVersion: "1.35"\n',
  'envs/prod/kustomization.yaml': 'resources:\n  - ../../base\n',
};

const root = mkdtempSync(join(tmpdir(), 'hpa-overlay-release-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, '.git'));
for (const [path, text] of Object.entries(FILES)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
}

/** [rule, severity, line, startChar, message] of the base HPA's findings. */
type Row = [string, string | number, number, number, string];

const EXPECTED_MESSAGES = {
  staging:
    /^spec\.behavior\.scaleUp\.tolerance: the API server of Kubernetes 1\.34 drops this field.*\(rendered overlay envs\/staging\)$/,
  prod: /^.*Kubernetes 1\.35 accepts minReplicas 0 only with the HPAScaleToZero.*\(rendered overlay envs\/prod\)$/,
};

describe(
  'rendered overlays, each with its own folder’s release',
  { skip: skipUnlessOnPath('kubectl'), timeout: 90_000 },
  () => {
    test('hpa-lint', async () => {
      let stdout = '';
      const io: CliIO = {
        stdout: (t) => void (stdout += t),
        stderr: () => undefined,
        readFile: async (p) => readFileSync(resolve(root, p), 'utf8'),
        cwd: root,
      };
      await main(['.', '--locale', 'en', '--format', 'json'], io);
      const files = JSON.parse(stdout) as {
        file: string;
        diagnostics: {
          rule: string;
          severity: string;
          message: string;
          range: { start: { line: number; character: number } };
        }[];
      }[];
      const rows = files
        .filter((f) => f.file === join('base', 'hpa.yaml'))
        .flatMap((f) =>
          f.diagnostics.map((d): Row => [
            d.rule,
            d.severity,
            d.range.start.line,
            d.range.start.character,
            d.message,
          ]),
        );
      assert.deepEqual(
        rows.map((r) => r.slice(0, 4)),
        [
          ['min-replicas', 'error', 5, 15],
          ['tolerance-support', 'warning', 9, 6],
        ],
      );
      assert.match(rows[0]![4], EXPECTED_MESSAGES.prod);
      assert.match(rows[1]![4], EXPECTED_MESSAGES.staging);
      const others = files.filter((f) => f.file !== join('base', 'hpa.yaml') && f.diagnostics.length > 0);
      assert.deepEqual(others, []);
    });

    test('the language server', async () => {
      const client = await LspClient.start({
        workspaceFolders: [root],
        initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 50 },
      });
      try {
        const uri = pathToFileURL(join(root, 'base/hpa.yaml')).toString();
        const both = (p: PublishDiagnosticsParams) =>
          p.diagnostics.some((d) => d.code === 'min-replicas') &&
          p.diagnostics.some((d) => d.code === 'tolerance-support');
        const diagnostics = await client.openUntil(uri, HPA, both);
        const rows = diagnostics
          .map((d): Row => [
            String(d.code),
            d.severity ?? 0,
            d.range.start.line,
            d.range.start.character,
            d.message,
          ])
          .sort((a, b) => a[2] - b[2]);
        assert.deepEqual(
          rows.map((r) => r.slice(0, 4)),
          [
            ['min-replicas', 1, 5, 15],
            ['tolerance-support', 2, 9, 6],
          ],
        );
        assert.match(rows[0]![4], EXPECTED_MESSAGES.prod);
        assert.match(rows[1]![4], EXPECTED_MESSAGES.staging);
      } finally {
        await client.stop();
      }
    });
  },
);
