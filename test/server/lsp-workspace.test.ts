/**
 * The server as a workspace tool: targets resolved across files (from the disk scan and from open
 * documents), both sides re-checked after an edit, one-line edits, the preview requests, the size
 * limit and the user's language.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { DocumentHpa, PreviewModel } from '../../common/protocol';
import { FIXTURES, LspClient, compact, fixtureUri } from '../support/lspClient';

const fixture = (name: string): string => readFileSync(resolve(FIXTURES, name), 'utf8');
const hasCode = (code: string) => (p: { diagnostics: { code?: string | number }[] }) =>
  p.diagnostics.some((d) => d.code === code);

describe('cross-file workspace', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({ workspaceFolders: [FIXTURES] });
  });
  after(async () => client.stop());

  test('an HPA resolves its target from a file on disk', async () => {
    const diagnostics = await client.openUntil(
      fixtureUri('hpa.yaml'),
      fixture('hpa.yaml'),
      hasCode('container-not-found'),
    );
    assert.deepEqual(compact(diagnostics), [
      ['duplicate-target', 2, 10, 10, 10, 14],
      ['missing-resource-request', 2, 16, 14, 16, 17],
      ['container-not-found', 1, 23, 19, 23, 25],
      ['duplicate-target', 2, 35, 10, 35, 14],
      ['target-not-scalable', 1, 50, 10, 50, 19],
      ['autoscaling-v1-cpu-only', 4, 54, 12, 54, 26],
      ['target-not-found', 4, 63, 10, 63, 19],
    ]);
    assert.equal(
      diagnostics[2].message,
      'container "worker" not found in Deployment "shop" (its containers: "app", "proxy")',
    );
  });

  test('editing the workload re-checks the HPA in the other file', async () => {
    const workloadUri = fixtureUri('workload.yaml');
    const hpaUri = fixtureUri('hpa.yaml');
    const opened = await client.open(workloadUri, fixture('workload.yaml'));
    // The sidecar's missing cpu request is the HPA's finding (on its metric), not a second one here.
    assert.deepEqual(compact(opened), [['replicas-conflict', 2, 7, 2, 7, 10]]);
    // One-line edit: give the sidecar a cpu request (line 19 is `restartPolicy: Always`).
    const hpaRefresh = client.nextDiagnostics(hpaUri, (p) => !hasCode('missing-resource-request')(p));
    const edited = await client.change(workloadUri, 2, [
      {
        range: { start: { line: 19, character: 31 }, end: { line: 19, character: 31 } },
        text: '\n          resources: { requests: { cpu: 50m } }',
      },
    ]);
    assert.deepEqual(compact(edited), [['replicas-conflict', 2, 7, 2, 7, 10]]);
    const hpaAfter = await hpaRefresh;
    assert.equal(hpaAfter.diagnostics.filter((d) => d.code === 'missing-resource-request').length, 0);
    assert.equal(hpaAfter.diagnostics.filter((d) => d.code === 'container-not-found').length, 1);
  });

  test('hpa/documentHpas and hpa/previewModel', async () => {
    const hpas = await client.request<DocumentHpa[]>('hpa/documentHpas', { uri: fixtureUri('hpa.yaml') });
    assert.deepEqual(hpas, [
      { name: 'shop', documentIndex: 0, line: 1 },
      { name: 'agent', documentIndex: 2, line: 42 },
    ]);
    const model = await client.request<PreviewModel>('hpa/previewModel', {
      uri: fixtureUri('hpa.yaml'),
      line: 12,
    });
    assert.equal(model.name, 'shop');
    assert.equal(model.namespace, 'store');
    assert.equal(model.spec.maxReplicas, 12);
    // app 500m + sidecar 50m (from the edit above); memory only on app, so not a per-Pod request.
    assert.deepEqual(model.podRequests, { cpu: 550 });
    assert.deepEqual(model.containerRequests, {
      app: { cpu: 500, memory: 268435456000 },
      proxy: { cpu: 50 },
    });
    assert.deepEqual(model.target, {
      uri: fixtureUri('workload.yaml'),
      kind: 'Deployment',
      name: 'shop',
      replicas: 3,
    });
    assert.deepEqual(model.notes, [
      'Deployment "shop" does not request memory on every container: memory utilization cannot be computed',
    ]);
  });
});

describe('editing and settings', () => {
  let client: LspClient;
  before(async () => {
    client = await LspClient.start({
      settings: { rules: { 'target-not-found': 'off' }, maxFileSizeBytes: 2000 },
    });
  });
  after(async () => client.stop());

  test('a one-line edit produces fresh diagnostics for that version', async () => {
    const uri = 'untitled:edit.yaml';
    const text = [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: edit',
      'spec:',
      '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: edit }',
      '  minReplicas: 4',
      '  maxReplicas: 3',
      '',
    ].join('\n');
    assert.deepEqual(compact(await client.open(uri, text)), [['max-replicas', 1, 7, 15, 7, 16]]);
    const fixed = await client.change(uri, 2, [
      { range: { start: { line: 7, character: 15 }, end: { line: 7, character: 16 } }, text: '30' },
    ]);
    assert.deepEqual(compact(fixed), []);
    const broken = await client.change(uri, 3, [
      { range: { start: { line: 6, character: 15 }, end: { line: 6, character: 16 } }, text: '-4' },
    ]);
    assert.deepEqual(compact(broken), [['min-replicas', 1, 6, 15, 6, 17]]);
  });

  test(
    'a YAML error in a workload field no rule reads is reported once the user pauses',
    { timeout: 20_000 },
    async () => {
      const uri = 'untitled:unread-error.yaml';
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
        '          env:',
        '            - name: MODE',
        '              name: FAST',
        '---',
        'apiVersion: autoscaling/v2',
        'kind: HorizontalPodAutoscaler',
        'metadata:',
        '  name: api',
        'spec:',
        '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: api }',
        '  maxReplicas: 3',
        '  metrics:',
        '    - type: Resource',
        '      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }',
        '',
      ].join('\n');
      // First from the read fields: the container lacks its cpu request; env is not read yet.
      const later = client.nextDiagnostics(uri, (p) => p.diagnostics.some((d) => d.code === 'yaml-syntax'));
      const first = await client.open(uri, text);
      assert.ok(first.some((d) => d.code === 'missing-resource-request'));
      assert.ok(!first.some((d) => d.code === 'yaml-syntax'));
      // Then, with no further edit, the full text: the duplicate key; the error stays inside one
      // field, so the rest of the document is still checked (the HPA still finds its container
      // without the request).
      const checked = (await later).diagnostics;
      assert.deepEqual(
        compact(checked).filter((d) => d[0] === 'yaml-syntax' || d[0] === 'missing-resource-request'),
        [
          ['yaml-syntax', 1, 11, 14, 11, 18],
          ['missing-resource-request', 2, 22, 24, 22, 27],
        ],
      );
    },
  );

  test('a file above hpa.maxFileSizeBytes gets one information diagnostic', async () => {
    const big = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n${'# padding line\n'.repeat(200)}`;
    const diagnostics = await client.open('untitled:big.yaml', big);
    assert.deepEqual(compact(diagnostics), [['file-too-large', 3, 0, 0, 0, 0]]);
    assert.equal(
      diagnostics[0].message,
      `File skipped: ${big.length} bytes is more than hpa.maxFileSizeBytes (2000)`,
    );
  });
});

describe('localized messages', () => {
  for (const [locale, expected] of [
    ['ja', 'spec.maxReplicas: 無効な値: 0: 0より大きくなければなりません'],
    ['zh-TW', 'spec.maxReplicas：無效的值：0：必須大於 0'],
    ['en-US', 'spec.maxReplicas: Invalid value: 0: must be greater than 0'],
  ] as const) {
    test(`the client's locale ${locale} picks the language`, async () => {
      const client = await LspClient.start({ locale, settings: { rules: { 'target-not-found': 'off' } } });
      try {
        const diagnostics = await client.open(
          'untitled:l10n.yaml',
          'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: x\nspec:\n  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: x}\n  maxReplicas: 0\n',
        );
        assert.deepEqual(
          diagnostics.map((d) => d.message),
          [expected],
        );
      } finally {
        await client.stop();
      }
    });
  }
});

describe('files on disk', () => {
  test('a workload changed on disk re-checks the open HPA; closing falls back to the saved text', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { pathToFileURL } = await import('node:url');
    const dir = mkdtempSync(join(tmpdir(), 'hpa-lsp-'));
    const workloadPath = join(dir, 'deploy.yaml');
    const deployment = (cpu: string) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata: { name: api }\nspec:\n  template:\n    spec:\n      containers:\n        - name: api\n          resources: { requests: { ${cpu} } }\n`;
    writeFileSync(workloadPath, deployment('memory: 64Mi'));
    const client = await LspClient.start({ workspaceFolders: [dir] });
    try {
      const hpaUri = pathToFileURL(join(dir, 'hpa.yaml')).toString();
      const hpaText =
        'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: { name: api }\nspec:\n  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: api }\n  maxReplicas: 4\n  metrics:\n    - type: Resource\n      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }\n';
      const first = await client.openUntil(hpaUri, hpaText, hasCode('missing-resource-request'));
      assert.deepEqual(compact(first), [['missing-resource-request', 2, 8, 24, 8, 27]]);
      writeFileSync(workloadPath, deployment('cpu: 100m'));
      const refreshed = client.nextDiagnostics(hpaUri);
      await client.connection.sendNotification('workspace/didChangeWatchedFiles', {
        changes: [{ uri: pathToFileURL(workloadPath).toString(), type: 2 }],
      });
      assert.deepEqual(compact((await refreshed).diagnostics), []);
    } finally {
      await client.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
