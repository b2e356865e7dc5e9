/**
 * The matrix: the same manifests judged on Kubernetes 1.25, 1.31, 1.34, 1.35, 1.36 and 1.37, with
 * nothing configured (the newest release assumed), and with gates flipped, with the exact findings
 * of the version-dependent rules (min-replicas, tolerance-support, deprecated-api-version,
 * missing-resource-request, container-resource-support). Every version-dependent message names the release it assumed.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { hpa, lintFiles } from '../../support/inProcessLint';

const VERSION_RULES = new Set([
  'min-replicas',
  'tolerance-support',
  'deprecated-api-version',
  'missing-resource-request',
  'container-resource-support',
]);

function on(version: string | undefined, featureGates?: Record<string, boolean>) {
  const resolved = resolveClusterTarget({ kubernetesVersion: version, featureGates });
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.error));
  return { cluster: resolved.value, rules: { 'target-not-found': 'off' as const } };
}

const externalToZero = hpa([
  'minReplicas: 0',
  'maxReplicas: 10',
  'metrics:',
  '  - type: External',
  '    external:',
  '      metric: { name: queue_depth }',
  '      target: { type: AverageValue, averageValue: "30" }',
]);

const cpuToZero = hpa([
  'minReplicas: 0',
  'maxReplicas: 10',
  'metrics:',
  '  - type: Resource',
  '    resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } }',
]);

const tolerance = hpa([
  'minReplicas: 2',
  'maxReplicas: 10',
  'behavior:',
  '  scaleUp:',
  '    tolerance: 0.05',
]);

const v2beta2 = hpa(['minReplicas: 2', 'maxReplicas: 10']).replace('autoscaling/v2', 'autoscaling/v2beta2');

const podLevel = [
  hpa([
    'minReplicas: 2',
    'maxReplicas: 10',
    'metrics:',
    '  - type: Resource',
    '    resource: { name: cpu, target: { type: Utilization, averageUtilization: 70 } }',
  ]),
  '---',
  'apiVersion: apps/v1',
  'kind: Deployment',
  'metadata: { name: web }',
  'spec:',
  '  selector: { matchLabels: { app: web } }',
  '  template:',
  '    metadata: { labels: { app: web } }',
  '    spec:',
  '      resources: { requests: { cpu: "1" } }',
  '      containers:',
  '        - name: app',
  '          image: nginx',
  '',
].join('\n');

const containerResource = hpa([
  'minReplicas: 2',
  'maxReplicas: 10',
  'metrics:',
  '  - type: ContainerResource',
  '    containerResource: { name: cpu, container: app, target: { type: Utilization, averageUtilization: 60 } }',
]);

const MANIFESTS = { externalToZero, cpuToZero, tolerance, v2beta2, podLevel, containerResource };

/** [manifest, rule, severity, message] for every version-dependent finding. */
function findings(settings: ReturnType<typeof on>): [string, string, string, string][] {
  const out: [string, string, string, string][] = [];
  for (const [name, text] of Object.entries(MANIFESTS)) {
    for (const row of lintFiles({ 'test.yaml': text }, 'test.yaml', settings))
      if (VERSION_RULES.has(row[0])) out.push([name, row[0], row[1], row[6]]);
  }
  return out;
}

const ZERO_ERROR = (release: string, assumed = `(Kubernetes ${release})`) => [
  'externalToZero',
  'min-replicas',
  'error',
  `spec.minReplicas: Invalid value: 0: must be greater than or equal to 1: Kubernetes ${release} accepts minReplicas 0 only with the HPAScaleToZero feature gate (on by default from 1.37) ${assumed}`,
];
const CPU_ZERO = [
  'cpuToZero',
  'min-replicas',
  'error',
  'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1 (scaling to zero also needs at least one Object or External metric)',
];
const UNKNOWN_TOLERANCE = (release: string) => [
  'tolerance',
  'tolerance-support',
  'error',
  `spec.behavior.scaleUp.tolerance: unknown field on Kubernetes ${release}: per-direction tolerance exists from 1.33 (Kubernetes ${release})`,
];
const DROPPED_TOLERANCE = (release: string) => [
  'tolerance',
  'tolerance-support',
  'warning',
  `spec.behavior.scaleUp.tolerance: the API server of Kubernetes ${release} drops this field without the HPAConfigurableTolerance feature gate (alpha, off by default): the HPA scales at the cluster-wide tolerance (0.1) (Kubernetes ${release})`,
];
const V2BETA2_REMOVED = (release: string, assumed = `(Kubernetes ${release})`) => [
  'v2beta2',
  'deprecated-api-version',
  'error',
  `autoscaling/v2beta2 is not served by Kubernetes ${release} (removed in 1.26): use autoscaling/v2 ${assumed}`,
];
const CONTAINER_RESOURCE_REFUSED = (release: string, stage: string, assumed = `(Kubernetes ${release})`) => [
  'containerResource',
  'container-resource-support',
  'error',
  `spec.metrics[0].containerResource: Required value: must populate information for the given metric source: the API server of Kubernetes ${release} drops containerResource without the HPAContainerMetrics feature gate (${stage}, off here; on by default from 1.27) ${assumed}`,
];
const POD_LEVEL_IGNORED = (release: string) => [
  'podLevel',
  'missing-resource-request',
  'warning',
  `cpu utilization cannot be computed: Deployment "web" has no cpu request in container "app", and its pod-level request counts only from Kubernetes 1.34 (PodLevelResources) (Kubernetes ${release})`,
];

test('Kubernetes 1.25: v2beta2 still served (deprecated), no tolerance field, no scale to zero, no pod-level requests, ContainerResource refused', () => {
  assert.deepEqual(findings(on('1.25')), [
    ZERO_ERROR('1.25'),
    CPU_ZERO,
    UNKNOWN_TOLERANCE('1.25'),
    [
      'v2beta2',
      'deprecated-api-version',
      'warning',
      'autoscaling/v2beta2 is deprecated: served until Kubernetes 1.25, removed in 1.26: use autoscaling/v2 (Kubernetes 1.25)',
    ],
    POD_LEVEL_IGNORED('1.25'),
    CONTAINER_RESOURCE_REFUSED('1.25', 'alpha'),
  ]);
});

test('Kubernetes 1.31: v2beta2 removed, tolerance still unknown', () => {
  assert.deepEqual(findings(on('1.31')), [
    ZERO_ERROR('1.31'),
    CPU_ZERO,
    UNKNOWN_TOLERANCE('1.31'),
    V2BETA2_REMOVED('1.31'),
    POD_LEVEL_IGNORED('1.31'),
  ]);
});

test('Kubernetes 1.34: tolerance dropped without the gate; pod-level requests count', () => {
  assert.deepEqual(findings(on('1.34')), [
    ZERO_ERROR('1.34'),
    CPU_ZERO,
    DROPPED_TOLERANCE('1.34'),
    V2BETA2_REMOVED('1.34'),
  ]);
});

test('Kubernetes 1.35 and 1.36: tolerance honoured, minReplicas 0 still refused', () => {
  for (const release of ['1.35', '1.36'])
    assert.deepEqual(findings(on(release)), [ZERO_ERROR(release), CPU_ZERO, V2BETA2_REMOVED(release)]);
});

test('Kubernetes 1.37: minReplicas 0 with an External metric is fine; with only cpu it is not', () => {
  assert.deepEqual(findings(on('1.37')), [CPU_ZERO, V2BETA2_REMOVED('1.37')]);
});

test('gates flipped: scale to zero on 1.36, tolerance on 1.34, scale to zero off on 1.37, pod-level off on 1.35', () => {
  assert.deepEqual(findings(on('1.36', { HPAScaleToZero: true })), [
    CPU_ZERO,
    V2BETA2_REMOVED('1.36', '(Kubernetes 1.36 (HPAScaleToZero=true))'),
  ]);
  assert.deepEqual(findings(on('1.34', { HPAConfigurableTolerance: true })), [
    ZERO_ERROR('1.34', '(Kubernetes 1.34 (HPAConfigurableTolerance=true))'),
    CPU_ZERO,
    V2BETA2_REMOVED('1.34', '(Kubernetes 1.34 (HPAConfigurableTolerance=true))'),
  ]);
  assert.deepEqual(findings(on('1.37', { HPAScaleToZero: false })), [
    ZERO_ERROR('1.37', '(Kubernetes 1.37 (HPAScaleToZero=false))'),
    CPU_ZERO,
    V2BETA2_REMOVED('1.37', '(Kubernetes 1.37 (HPAScaleToZero=false))'),
  ]);
  const podLevelOff = findings(on('1.35', { PodLevelResources: false })).filter((f) => f[0] === 'podLevel');
  assert.deepEqual(podLevelOff, [
    [
      'podLevel',
      'missing-resource-request',
      'warning',
      'cpu utilization cannot be computed: Deployment "web" has no cpu request in container "app", and its pod-level request counts only from Kubernetes 1.34 (PodLevelResources) (Kubernetes 1.35 (PodLevelResources=false))',
    ],
  ]);
});

test('nothing configured: the newest release (1.37) is assumed; what works there is at most an info naming the releases', () => {
  const assumed = '(assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml)';
  assert.deepEqual(findings(on(undefined)), [
    [
      'externalToZero',
      'min-replicas',
      'info',
      `minReplicas 0 needs Kubernetes 1.37+, or HPAScaleToZero on 1.16–1.36; older clusters reject it ${assumed}`,
    ],
    CPU_ZERO,
    [
      'tolerance',
      'tolerance-support',
      'info',
      `per-direction tolerance works on Kubernetes 1.35+, or with HPAConfigurableTolerance on 1.33–1.34; 1.33–1.34 without the gate drop it, older releases do not know it ${assumed}`,
    ],
    // Removed on the assumed release, but served on the older ones the manifest may be for: a warning.
    (([id, rule, , message]) => [id, rule, 'warning', message])(V2BETA2_REMOVED('1.37', assumed)),
  ]);
});

test('ContainerResource metrics by release: refused on 1.25–1.26 unless HPAContainerMetrics is on, and where it is turned off before GA', () => {
  const rows = (settings: ReturnType<typeof on>) =>
    findings(settings).filter((f) => f[0] === 'containerResource');
  assert.deepEqual(rows(on('1.26')), [CONTAINER_RESOURCE_REFUSED('1.26', 'alpha')]);
  assert.deepEqual(rows(on('1.26', { HPAContainerMetrics: true })), []);
  assert.deepEqual(rows(on('1.27')), []);
  assert.deepEqual(rows(on('1.29', { HPAContainerMetrics: false })), [
    CONTAINER_RESOURCE_REFUSED('1.29', 'beta', '(Kubernetes 1.29 (HPAContainerMetrics=false))'),
  ]);
  for (const release of ['1.30', '1.31', '1.34', '1.35', '1.36', '1.37'])
    assert.deepEqual(rows(on(release)), []);
  assert.deepEqual(
    rows(on(undefined)),
    [],
    'every release from 1.27 keeps it: nothing on the assumed newest',
  );
  // GA from 1.30: the gate is locked on; gone from 1.32.
  const locked = resolveClusterTarget({
    kubernetesVersion: '1.30',
    featureGates: { HPAContainerMetrics: false },
  });
  assert.deepEqual(locked.ok ? undefined : locked.error.code, 'gateLocked');
  const removed = resolveClusterTarget({
    kubernetesVersion: '1.32',
    featureGates: { HPAContainerMetrics: false },
  });
  assert.deepEqual(removed.ok ? undefined : removed.error.code, 'gateRemoved');
});
