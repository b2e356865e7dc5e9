/**
 * Hovers on test/fixtures/features/hover.yaml: exact Markdown and ranges. The numbers are worked
 * out by hand from semantics §1–§2 (see each case), so a change in the engine or the wording shows.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { provideHover } from '../../../server/src/features/hover';
import { resolveClusterTarget } from '../../../common/k8s/kubernetesVersions';
import type { FeatureContext } from '../../../server/src/features/context';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { previewModelAt } from '../../../server/src/preview/previewModel';
import { indexFiles, sameBothWays } from '../../support/indexedFiles';

const FIXTURE = resolve(__dirname, '..', '..', 'fixtures', 'features', 'hover.yaml');
const URI = 'file:///w/hover.yaml';
const text = readFileSync(FIXTURE, 'utf8');

type Options = Partial<Omit<FeatureContext, 'workspace'>>;

/** The hover at a position of `files[uri]`, the same whether workloads were parsed in full or from their read fields. */
function hoverIn(
  files: Record<string, string>,
  uri: string,
  position: { line: number; character: number },
  options: Options = {},
): Hover | null {
  return sameBothWays(files, ({ file, workspace }) =>
    provideHover(file(uri), position, { locale: 'en', workspace, ...options }),
  );
}

function hover(line: number, character: number, options: Options = {}): Hover {
  const result = hoverIn({ [URI]: text }, URI, { line, character }, options);
  assert.ok(result, `a hover at ${line}:${character}`);
  return result;
}

function value(h: Hover): string {
  return (h.contents as MarkupContent).value;
}

function range(h: Hover): [number, number, number, number] {
  const r = h.range!;
  return [r.start.line, r.start.character, r.end.line, r.end.character];
}

test('spec of an HPA without behavior: the real defaults (15 s periods, 300 s window) and legacy-path times', () => {
  const h = hover(32, 0);
  assert.deepEqual(range(h), [32, 0, 32, 4]);
  assert.equal(
    value(h),
    [
      '**`spec`**',
      'What to scale, between which replica counts, on which metrics, and how fast.',
      [
        'No `behavior`: the controller takes its legacy path (scale-up at most max(2 × current, 4) per sync, 300 s scale-down window). Any `behavior` switches it to the defaults below.',
        'Defaults that any `behavior` starts from:',
        '- Scale-up: window 0 s; 4 Pods per 15 s and 100 % per 15 s; selectPolicy Max',
        '- Scale-down: window 300 s (controller flag); 100 % per 15 s; selectPolicy Max',
      ].join('  \n'),
      [
        'On the legacy path:',
        // Legacy: max(2 × current, 4) per sync: 2 → 4 → 8 → 16 → 20 at t = 0, 15, 30, 45.
        'From 2 to 20 replicas: at least 45 s (rescales: 4).',
        // Legacy window keeps records up to 300 s old inclusive: first scale-down at 315 s, 20 → 2 at once.
        'From 20 back to 2 replicas: at least 5 min 15 s (rescales: 1).',
      ].join('  \n'),
    ].join('\n\n'),
  );
});

test('maxReplicas: the range and the ramp times, labelled as legacy-path times without behavior', () => {
  const h = hover(38, 4);
  assert.deepEqual(range(h), [38, 2, 38, 13]);
  assert.equal(
    value(h).split('\n\n')[3],
    [
      'Between 2 and 20 replicas.',
      'On the legacy path:',
      'From 2 to 20 replicas: at least 45 s (rescales: 4).',
      'From 20 back to 2 replicas: at least 5 min 15 s (rescales: 1).',
    ].join('  \n'),
  );
  assert.equal(
    value(hover(38, 4, { locale: 'zh-tw' })).split('\n\n')[3],
    [
      '副本數介於 2 到 20 之間。',
      '舊版方式下所需時間：',
      '從 2 到 20 個副本：最快 45 秒（調整次數：4）。',
      '從 20 回到 2 個副本：最快 5 分鐘 15 秒（調整次數：1）。',
    ].join('  \n'),
  );
});

test('a configured downscale flag changes the default window and the time back', () => {
  const v = value(hover(32, 0, { downscaleStabilizationSeconds: 60 }));
  assert.match(v, /- Scale-down: window 60 s \(controller flag\);/);
  assert.match(v, /From 20 back to 2 replicas: at least 1 min 15 s \(rescales: 1\)\./);
});

test('selectPolicy: which policy wins where (the Kubernetes docs example: Pods 4 vs 10 % per 60 s)', () => {
  const h = hover(84, 8);
  assert.deepEqual(range(h), [84, 6, 84, 18]);
  assert.equal(
    value(h),
    [
      '**`spec.behavior.scaleDown.selectPolicy`**',
      'Which policy applies when there are several: `Max` allows the biggest change, `Min` the smallest, `Disabled` turns scaling in this direction off.',
      'Default: Max',
      [
        // 10 % of 40 truncates to 4 removed (a tie, Pods stays); 10 % of 41 removes 41 - trunc(36.9) = 5.
        'Max of 4 Pods per 60 s and 10 % per 60 s: 4 Pods per 60 s up to 40 replicas; 10 % per 60 s above 40 replicas.',
        'At 80 replicas: 10 % per 60 s (8 Pods).',
      ].join('  \n'),
    ].join('\n\n'),
  );
  assert.equal(
    value(hover(84, 8, { locale: 'ja' })).split('\n\n')[3],
    [
      'Max (60秒あたり4 Podと60秒あたり10 %のうち変化の大きい方): 40レプリカまでは60秒あたり4 Pod、40レプリカを超えると60秒あたり10 %。',
      '80レプリカの時点: 60秒あたり10 % (8 Pod)。',
    ].join('  \n'),
  );
  assert.equal(
    value(hover(84, 8, { locale: 'zh-tw' })).split('\n\n')[3],
    [
      'Max（每 60 秒 4 個 Pod 和每 60 秒 10 % 中變更較大者）：40 個副本以下為每 60 秒 4 個 Pod；超過 40 個副本時為每 60 秒 10 %。',
      '在 80 個副本時：每 60 秒 10 %（8 個 Pod）。',
    ].join('  \n'),
  );
});

test('a policy field: "at most 4 Pods removed per 60 s"; a Percent policy in Pods at the current count', () => {
  const period = hover(80, 12);
  assert.deepEqual(range(period), [80, 10, 80, 23]);
  assert.equal(value(period).split('\n\n')[3], 'At most 4 Pods removed per 60 s.');
  assert.equal(
    value(hover(82, 17)).split('\n\n')[3],
    'At most 10 % of the replicas removed per 60 s.  \nAt 80 replicas that is 8 Pods.',
  );
});

test('behavior.scaleDown: effective rules after defaulting and the time back with the 300 s flag window', () => {
  const v = value(hover(76, 6));
  // The ramp time is a paragraph of its own after the list, not a line of the scale-down bullet.
  assert.deepEqual(v.split('\n\n').slice(2), [
    [
      'Effective behaviour after defaulting:',
      '- Scale-down: window 300 s (controller flag); 4 Pods per 60 s and 10 % per 60 s; selectPolicy Max',
    ].join('  \n'),
    // Fresh controller: the 300 s window holds until t = 300, then 80 → 72 → 64 → 57 → 51 → 45 → 40
    // (10 %, truncated), 36 → 32 → ... → 12 → 10 with 4 Pods, one step per 60 s: 14 steps, 300 + 13 × 60.
    'From 80 back to 10 replicas: at least 18 min (rescales: 14).',
  ]);
});

test('scaleUp with only a tolerance: default policies, and the tolerance band', () => {
  assert.deepEqual(value(hover(74, 6)).split('\n\n').slice(2, 4), [
    [
      'Effective behaviour after defaulting:',
      '- Scale-up: window 0 s; 4 Pods per 15 s and 100 % per 15 s; selectPolicy Max',
    ].join('  \n'),
    // 10 → 20 → 40 → 80 at t = 0, 15, 30 (100 % beats 4 Pods from 5 replicas on).
    'From 10 to 80 replicas: at least 30 s (rescales: 3).',
  ]);
  const tolerance = hover(75, 8);
  assert.deepEqual(range(tolerance), [75, 6, 75, 15]);
  assert.equal(
    value(tolerance).split('\n\n')[3],
    'Tolerance 5 %: scales up only when the metric is above 105 % of its target.  \n' +
      'Kubernetes 1.37 honours it: this band replaces the cluster-wide 0.1 in this direction.  \n' +
      'Assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml for your cluster.',
  );
  // What the field does on the release configured: dropped on 1.34 without the gate, absent on 1.31.
  const on = (version: string) => {
    const resolved = resolveClusterTarget({ kubernetesVersion: version });
    if (!resolved.ok) throw new Error(version);
    return value(hover(75, 8, { cluster: resolved.value }))
      .split('\n\n')[3]!
      .split('  \n')[1];
  };
  assert.equal(
    on('1.34'),
    'Kubernetes 1.34 drops this field without the HPAConfigurableTolerance gate: the HPA scales at the cluster-wide 0.1.',
  );
  assert.equal(on('1.31'), 'Kubernetes 1.31 has no such field: per-direction tolerance exists from 1.33.');
  assert.equal(
    on('1.35'),
    'Kubernetes 1.35 honours it: this band replaces the cluster-wide 0.1 in this direction.',
  );
});

test('a Utilization metric: the formula and what the percentage means for these requests', () => {
  const h = hover(45, 30);
  assert.deepEqual(range(h), [45, 30, 45, 32]);
  assert.equal(
    value(h),
    [
      '**`spec.metrics[0].resource.target.averageUtilization`**',
      "Target average usage, as a percentage of the Pods' request for the resource.",
      'Valid: integer ≥ 1, no upper bound (above 100 is allowed)',
      // Pod request = 250m (app) + 50m (proxy) = 300m; 70 % of it = 210m.
      'desiredReplicas = ceil(currentReplicas × current utilization / 70 %)  \n' +
        "70 % of the Pod's cpu request 300m = 210m per Pod.",
    ].join('\n\n'),
  );
  assert.equal(
    value(hover(52, 12)).split('\n\n')[3],
    'desiredReplicas = ceil(currentReplicas × current utilization / 80 %)  \n' +
      "80 % of container `app`'s memory request 256Mi = 204.8Mi per Pod.",
  );
  assert.equal(value(hover(71, 18)).split('\n\n')[2], 'desiredReplicas = ceil(metric value / 30)');
});

test('scaleTargetRef: the resolved target with replicas, containers and requests', () => {
  const h = hover(33, 4);
  assert.deepEqual(range(h), [33, 2, 33, 16]);
  assert.equal(
    value(h).split('\n\n')[2],
    [
      'Target: Deployment `web` in hover.yaml',
      '`spec.replicas: 3` in the manifest: every `kubectl apply` resets the count.',
      '- container `app`: requests cpu 250m, memory 256Mi',
      '- container `proxy`: requests cpu 50m',
    ].join('  \n'),
  );
  // A target the workspace does not hold.
  assert.equal(
    value(hover(62, 4)).split('\n\n')[2],
    'Deployment `queue` is not in this file or in the workspace.',
  );
  // A target in another file: named by its file, with what that file declares.
  const hpaOnly = text.slice(text.indexOf('---\napiVersion: autoscaling/v2'));
  const otherUri = 'file:///w/other%20dir/web.yaml';
  const elsewhere = hoverIn(
    {
      [URI]: hpaOnly,
      [otherUri]:
        'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: app\n',
    },
    URI,
    { line: hpaOnly.split('\n').indexOf('  scaleTargetRef:'), character: 4 },
  );
  assert.ok(elsewhere);
  assert.equal(
    value(elsewhere).split('\n\n')[2],
    'Target: Deployment `web` in web.yaml  \nNo `spec.replicas`: only the HPA sets the count.  \n- container `app`: no requests',
  );
});

test('workload fields: spec.replicas under an HPA, and what an HPA makes of a request', () => {
  const replicas = hover(6, 4);
  assert.deepEqual(range(replicas), [6, 2, 6, 10]);
  assert.equal(
    value(replicas).split('\n\n').slice(2).join('\n\n'),
    'Default: 1\n\nHPA `web` scales this Deployment; `replicas: 3` here resets its count on every `kubectl apply`.',
  );
  assert.equal(
    value(hover(20, 16)).split('\n\n')[2],
    "HPA `web` aims at 70 % of the Pod's cpu request 300m = 210m per Pod.",
  );
  assert.equal(
    value(hover(21, 16)).split('\n\n')[2],
    "HPA `web` aims at 80 % of container `app`'s memory request 256Mi = 204.8Mi per Pod.",
  );
});

test('no hover outside HPA and workload documents, or on blank space between documents', () => {
  const service = 'apiVersion: v1\nkind: Service\nmetadata:\n  name: web\n';
  assert.equal(hoverIn({ [URI]: service }, URI, { line: 3, character: 4 }), null);
  assert.equal(hoverIn({ [URI]: text }, URI, { line: 0, character: 3 }), null);
});

test('scaleTargetRef through the workspace index: a target in another file, same namespace only', () => {
  const deployment = [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: api',
    '  namespace: shop',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: api',
    '          resources:',
    '            requests:',
    '              cpu: 500m',
    '',
  ].join('\n');
  const hpaText = (namespace: string): string =>
    `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: api\n  namespace: ${namespace}\nspec:\n  scaleTargetRef:\n    kind: Deployment\n    name: api\n  maxReplicas: 3\n`;
  const at = (namespace: string): string => {
    const files = { 'file:///w/deploy/api.yaml': deployment, 'file:///w/hpa.yaml': hpaText(namespace) };
    const h = hoverIn(files, 'file:///w/hpa.yaml', { line: 6, character: 4 });
    return value(h!).split('\n\n')[2]!;
  };
  assert.equal(
    at('shop'),
    'Target: Deployment `api` in api.yaml  \nNo `spec.replicas`: only the HPA sets the count.  \n- container `api`: requests cpu 500m',
  );
  assert.equal(at('default'), 'Deployment `api` is not in this file or in the workspace.');
});

/** A Deployment `api` with these container lines under `spec.template.spec`, and an HPA on its cpu. */
function podCase(podSpecLines: string[], hpaHead = 'apiVersion: autoscaling/v2\n'): string {
  return [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    '  name: api',
    'spec:',
    '  template:',
    '    spec:',
    ...podSpecLines.map((l) => `      ${l}`),
    '---',
    `${hpaHead}kind: HorizontalPodAutoscaler`,
    'metadata:',
    '  name: api',
    'spec:',
    '  scaleTargetRef:',
    '    kind: Deployment',
    '    name: api',
    '  maxReplicas: 0',
    '  metrics:',
    '    - type: Resource',
    '      resource:',
    '        name: cpu',
    '        target:',
    '          type: Utilization',
    '          averageUtilization: 50',
    '',
  ].join('\n');
}

/** The hover's "what it means here" on the averageUtilization value, and the preview model's Pod requests. */
function utilizationAndPreview(text: string): { hover: string; podRequests: Record<string, number> } {
  const line = text.split('\n').indexOf('          averageUtilization: 50');
  const hover = value(hoverIn({ [URI]: text }, URI, { line, character: 31 })!).split('\n\n')[3]!;
  const { file, workspace } = indexFiles({ [URI]: text });
  return { hover, podRequests: previewModelAt(file(URI), workspace, line)!.podRequests };
}

test('the issue’s cases: the hover reads the Pod requests the preview model reads', () => {
  // A container without a request: the controller cannot compute utilization, and neither can the preview.
  const lacking = utilizationAndPreview(
    podCase([
      'containers:',
      '  - name: api',
      '    resources:',
      '      requests:',
      '        cpu: 500m',
      '  - name: log',
      '    image: example/log:1',
    ]),
  );
  assert.equal(
    lacking.hover,
    'desiredReplicas = ceil(currentReplicas × current utilization / 50 %)  \n' +
      'No cpu request in log: utilization cannot be computed, so this metric fails.',
  );
  assert.equal(lacking.podRequests.cpu, undefined);
  // A restartable init container (a sidecar) counts: 500m + 100m.
  const sidecar = utilizationAndPreview(
    podCase([
      'initContainers:',
      '  - name: proxy',
      '    restartPolicy: Always',
      '    resources:',
      '      requests:',
      '        cpu: 100m',
      '  - name: migrate',
      '    image: example/migrate:1',
      'containers:',
      '  - name: api',
      '    resources:',
      '      requests:',
      '        cpu: 500m',
    ]),
  );
  assert.equal(
    sidecar.hover,
    'desiredReplicas = ceil(currentReplicas × current utilization / 50 %)  \n' +
      "50 % of the Pod's cpu request 600m = 300m per Pod.",
  );
  assert.equal(sidecar.podRequests.cpu, 600);
  // A pod-level request is the Pod's request, whatever the containers say.
  const podLevel = utilizationAndPreview(
    podCase([
      'resources:',
      '  requests:',
      '    cpu: "2"',
      'containers:',
      '  - name: api',
      '    image: example/api:1',
    ]),
  );
  assert.equal(
    podLevel.hover,
    'desiredReplicas = ceil(currentReplicas × current utilization / 50 %)  \n' +
      "50 % of the Pod's cpu request 2 = 1 per Pod.",
  );
  assert.equal(podLevel.podRequests.cpu, 2000);
});

test('the target lists the containers that count, sidecars included, with their requests', () => {
  const text = podCase([
    'initContainers:',
    '  - name: proxy',
    '    restartPolicy: Always',
    '    resources:',
    '      requests:',
    '        cpu: 0.1',
    'containers:',
    '  - name: api',
    '    resources:',
    '      requests:',
    '        cpu: 500m',
    '        memory: 1Gi',
  ]);
  const line = text.split('\n').indexOf('  scaleTargetRef:');
  assert.equal(
    value(hoverIn({ [URI]: text }, URI, { line, character: 4 })!).split('\n\n')[2],
    [
      'Target: Deployment `api` in hover.yaml',
      'No `spec.replicas`: only the HPA sets the count.',
      '- container `api`: requests cpu 500m, memory 1Gi',
      '- container `proxy`: requests cpu 100m',
    ].join('  \n'),
  );
});

test('an HPA without apiVersion: the linter reports its maxReplicas, and the hover answers there too', () => {
  const text = podCase(['containers:', '  - name: api'], '');
  const line = text.split('\n').indexOf('  maxReplicas: 0');
  const workspace = indexFiles({ [URI]: text });
  const findings = lintFile(workspace.file(URI), workspace.workspace, { ...DEFAULT_SETTINGS });
  assert.ok(
    findings.some((f) => f.rule === 'max-replicas'),
    'the linter treats it as an HPA',
  );
  const h = hoverIn({ [URI]: text }, URI, { line, character: 4 });
  assert.ok(h, 'a hover on maxReplicas');
  assert.deepEqual(range(h), [line, 2, line, 13]);
  assert.equal(value(h).split('\n\n')[0], '**`spec.maxReplicas`**');
});

test('metadata of an HPA or workload without a namespace: it gets one when applied and matches any', () => {
  const note =
    "No `metadata.namespace`: this object gets its namespace when applied (`kubectl apply -n`, a kustomization's `namespace:`), so it matches autoscalers and workloads of any namespace.";
  const files = (namespaceLine: string) => ({
    [URI]: [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata:',
      '  name: api',
      namespaceLine,
      '---',
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata:',
      '  name: api',
      namespaceLine,
      'spec:',
      '  maxReplicas: 3',
      '',
    ].join('\n'),
  });
  // On `name:` (the table knows metadata, so the hover explains metadata over the name's key).
  const workload = hoverIn(files(''), URI, { line: 3, character: 4 });
  assert.ok(workload);
  assert.deepEqual(range(workload), [3, 2, 3, 6]);
  assert.deepEqual(value(workload).split('\n\n'), [
    '**`metadata`**',
    'Name, namespace and labels of the workload. An HPA scales it only from the same namespace.',
    note,
  ]);
  const hpa = hoverIn(files(''), URI, { line: 8, character: 2 });
  assert.ok(hpa);
  assert.deepEqual(range(hpa), [8, 0, 8, 8]);
  assert.deepEqual(value(hpa).split('\n\n').slice(1), [
    'Name, namespace and labels of the HPA. It can only scale a target in its own namespace.',
    note,
  ]);
  // With a namespace, or in Japanese and Traditional Chinese.
  for (const line of [3, 9]) {
    const withNamespace = hoverIn(files('  namespace: shop'), URI, { line, character: 4 });
    assert.equal(value(withNamespace!).split('\n\n').length, 2, `line ${line}`);
  }
  const ja = hoverIn(files(''), URI, { line: 9, character: 4 }, { locale: 'ja' });
  assert.match(value(ja!), /`metadata.namespace`なし: このオブジェクトのNamespaceは適用時に決まります/);
  const zhTw = hoverIn(files(''), URI, { line: 9, character: 4 }, { locale: 'zh-tw' });
  assert.match(value(zhTw!), /沒有 `metadata.namespace`：此物件的命名空間在套用時才決定/);
});
