/**
 * The language server and `.hpa-lint.yaml`, spoken to over stdio as a client would: the nearest
 * file wins over the editor settings (and says so on the file and in the status request), nested
 * files apply per folder, the settings apply where no file does, and a change to the file (typed in
 * the editor or on disk) re-lints the manifests below it and tells the client.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import type { KubernetesVersionInfo, PreviewModel } from '../../common/protocol';
import { LspClient } from '../support/lspClient';

const WORKER = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worker }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  metrics:
    - type: External
      external:
        metric: { name: queue_depth }
        target: { type: AverageValue, averageValue: "30" }
`;

const root = mkdtempSync(join(tmpdir(), 'hpa-lsp-versions-'));
after(() => rmSync(root, { recursive: true, force: true }));

function repo(files: Record<string, string>): string {
  const dir = mkdtempSync(join(root, 'repo-'));
  mkdirSync(join(dir, '.git'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const uriOf = (dir: string, path: string) => pathToFileURL(join(dir, path)).toString();
type Published = { diagnostics: { code?: string | number; severity?: number; message: string }[] };
const minReplicas = (p: Published) => p.diagnostics.filter((d) => d.code === 'min-replicas');

describe('.hpa-lint.yaml over LSP', () => {
  let dir: string;
  let client: LspClient;
  const settings: Record<string, unknown> = {
    kubernetesVersion: '1.35',
    rules: { 'target-not-found': 'off' },
  };
  let changedNotifications = 0;

  before(async () => {
    dir = repo({
      '.hpa-lint.yaml': 'kubernetesVersion: "1.36"\n',
      'worker.yaml': WORKER,
      'envs/staging/.hpa-lint.yaml': 'kubernetesVersion: "1.37"\n',
      'envs/staging/worker.yaml': WORKER,
    });
    client = await LspClient.start({ workspaceFolders: [dir], settings });
    client.connection.onNotification('hpa/kubernetesVersionChanged', () => void changedNotifications++);
  });
  after(async () => client.stop());

  test('the nearest file wins over the settings; nested files apply per folder', async () => {
    const rootWorker = await client.openUntil(
      uriOf(dir, 'worker.yaml'),
      WORKER,
      (p) => minReplicas(p).length > 0,
    );
    const errors = rootWorker.filter((d) => d.code === 'min-replicas');
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.severity, 1);
    assert.match(errors[0]!.message, /Kubernetes 1\.36 accepts minReplicas 0 only with the HPAScaleToZero/);
    const staging = await client.open(uriOf(dir, 'envs/staging/worker.yaml'), WORKER);
    assert.deepEqual(minReplicas({ diagnostics: staging }), []);
  });

  test('the status request names the release, where it came from, and the setting that differs', async () => {
    const info = await client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', {
      uri: uriOf(dir, 'worker.yaml'),
    });
    assert.equal(info.release, '1.36');
    assert.equal(info.origin, 'file');
    assert.equal(info.configured, true);
    assert.equal(info.configFile, uriOf(dir, '.hpa-lint.yaml'));
    assert.deepEqual(info.conflicts, [
      'the setting hpa.kubernetesVersion says 1.35, .hpa-lint.yaml says 1.36: the file applies, as in CI',
    ]);
  });

  test('the preview model says which .hpa-lint.yaml its release came from', async () => {
    const source = async (path: string) =>
      (await client.request<PreviewModel | null>('hpa/previewModel', { uri: uriOf(dir, path), line: 0 }))
        ?.cluster;
    assert.deepEqual(await source('worker.yaml').then((c) => [c?.release, c?.source]), [
      '1.36',
      { origin: 'file', file: '.hpa-lint.yaml' },
    ]);
    assert.deepEqual(await source('envs/staging/worker.yaml').then((c) => [c?.release, c?.source]), [
      '1.37',
      { origin: 'file', file: 'envs/staging/.hpa-lint.yaml' },
    ]);
  });

  test('the file itself shows where the settings differ from it', async () => {
    const diagnostics = await client.open(uriOf(dir, '.hpa-lint.yaml'), 'kubernetesVersion: "1.36"\n');
    assert.deepEqual(
      diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character, d.message]),
      [
        [
          'config-file',
          2,
          0,
          0,
          'the setting hpa.kubernetesVersion says 1.35, .hpa-lint.yaml says 1.36: the file applies, as in CI',
        ],
      ],
    );
  });

  test('typing in the file re-lints the manifests below it and tells the client', async () => {
    const before = changedNotifications;
    const relinted = client.nextDiagnostics(uriOf(dir, 'worker.yaml'), (p) => minReplicas(p).length === 0);
    await client.change(uriOf(dir, '.hpa-lint.yaml'), 2, [{ text: 'kubernetesVersion: "1.37"\nbogus: 1\n' }]);
    await relinted;
    assert.ok(changedNotifications > before, 'hpa/kubernetesVersionChanged sent');
    const info = await client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', {
      uri: uriOf(dir, 'worker.yaml'),
    });
    assert.equal(info.release, '1.37');
  });

  test('a change on disk (watched files) re-lints too', async () => {
    const relinted = client.nextDiagnostics(
      uriOf(dir, 'envs/staging/worker.yaml'),
      (p) => minReplicas(p).length > 0,
    );
    writeFileSync(join(dir, 'envs/staging/.hpa-lint.yaml'), 'kubernetesVersion: "1.34"\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: uriOf(dir, 'envs/staging/.hpa-lint.yaml'), type: 2 }],
    });
    const p = await relinted;
    assert.match(minReplicas(p)[0]!.message, /Kubernetes 1\.34/);
  });
});

describe('the settings where no .hpa-lint.yaml applies', () => {
  test('hpa.kubernetesVersion and hpa.featureGates decide, and a change re-lints', async () => {
    const dir = repo({ 'worker.yaml': WORKER });
    const settings: Record<string, unknown> = {
      kubernetesVersion: '1.36',
      rules: { 'target-not-found': 'off' },
    };
    const client = await LspClient.start({ workspaceFolders: [dir], settings });
    try {
      const uri = uriOf(dir, 'worker.yaml');
      const first = await client.openUntil(uri, WORKER, (p) => minReplicas(p).length > 0);
      assert.match(first.find((d) => d.code === 'min-replicas')!.message, /\(Kubernetes 1\.36\)$/);
      const info = await client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', { uri });
      assert.deepEqual([info.release, info.origin, info.conflicts], ['1.36', 'settings', []]);
      settings.featureGates = { HPAScaleToZero: true };
      const relinted = client.nextDiagnostics(uri, (p) => minReplicas(p).length === 0);
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
      await relinted;
      settings.kubernetesVersion = '1.99';
      const told = new Promise<void>((resolve) =>
        client.connection.onNotification('hpa/kubernetesVersionChanged', () => resolve()),
      );
      await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: {} });
      await told;
      const bad = await client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', { uri });
      assert.equal(bad.release, '1.37', 'a bad setting falls back to the newest release');
      assert.equal(bad.error, 'Kubernetes 1.99 is newer than the newest release modelled (1.38)');
    } finally {
      await client.stop();
    }
  });
});

describe('each mistake in a .hpa-lint.yaml is said once, where the settings differ too', () => {
  type Row = [
    line: number,
    start: number,
    endLine: number,
    end: number,
    severity: number | undefined,
    message: string,
  ];
  const rows = (diagnostics: Diagnostic[]): Row[] =>
    diagnostics
      .map((d): Row => [
        d.range.start.line,
        d.range.start.character,
        d.range.end.line,
        d.range.end.character,
        d.severity,
        d.message,
      ])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let dir: string;
  let client: LspClient;
  before(async () => {
    dir = repo({
      'bad-version/worker.yaml': WORKER,
      'newer/worker.yaml': WORKER,
      'locked-gate/worker.yaml': WORKER,
    });
    client = await LspClient.start({
      workspaceFolders: [dir],
      settings: {
        kubernetesVersion: '1.30',
        featureGates: { HPAConfigurableTolerance: true },
        rules: { 'min-replicas': 'error' },
      },
    });
  });
  after(async () => client.stop());

  test('a version that is no release: one error on its value, no "the file applies" on its key', async () => {
    const diagnostics = await client.open(
      uriOf(dir, 'bad-version/.hpa-lint.yaml'),
      'kubernetesVersion: "abc"\n',
    );
    assert.deepEqual(rows(diagnostics), [
      [0, 19, 0, 24, 1, '"abc" is not a Kubernetes version (expected a release such as 1.35)'],
    ]);
    const info = await client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', {
      uri: uriOf(dir, 'bad-version/worker.yaml'),
    });
    assert.deepEqual(
      [info.conflicts, info.error],
      [[], '"abc" is not a Kubernetes version (expected a release such as 1.35)'],
    );
    const newer = await client.open(uriOf(dir, 'newer/.hpa-lint.yaml'), 'kubernetesVersion: "1.99"\n');
    assert.deepEqual(rows(newer), [
      [0, 19, 0, 25, 1, 'Kubernetes 1.99 is newer than the newest release modelled (1.38)'],
    ]);
  });

  test('a gate the release refuses: one error on the gate; a valid release that differs still says so', async () => {
    const text = [
      'kubernetesVersion: "1.37"',
      'featureGates:',
      '  HPAConfigurableTolerance: false',
      'rules:',
      '  min-replicas: loud',
      '',
    ].join('\n');
    const diagnostics = await client.open(uriOf(dir, 'locked-gate/.hpa-lint.yaml'), text);
    assert.deepEqual(rows(diagnostics), [
      [
        0,
        0,
        0,
        17,
        2,
        'the setting hpa.kubernetesVersion says 1.30, .hpa-lint.yaml says 1.37: the file applies, as in CI',
      ],
      [2, 2, 2, 26, 1, 'feature gate HPAConfigurableTolerance is GA and locked to true on Kubernetes 1.37'],
      [4, 16, 4, 20, 1, 'rules.min-replicas: "loud" is not a severity (use off, hint, info, warning, error)'],
    ]);
  });
});
