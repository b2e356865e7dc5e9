/** The cross-resource rules: targets resolved across files by kind, namespace and name. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hpa, lintFiles, only } from '../../support/inProcessLint';

function deployment(
  name: string,
  opts: { namespace?: string; replicas?: number; podSpec: string[] },
): string {
  return [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    ...(opts.namespace ? [`  namespace: ${opts.namespace}`] : []),
    'spec:',
    ...(opts.replicas !== undefined ? [`  replicas: ${opts.replicas}`] : []),
    '  template:',
    '    spec:',
    ...opts.podSpec.map((l) => `      ${l}`),
    '',
  ].join('\n');
}

const cpuHpa = hpa([
  'maxReplicas: 5',
  'metrics:',
  '  - type: Resource',
  '    resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }',
]);

describe('missing-resource-request', () => {
  test('reported once, on the metric, naming the container that lacks the request in the other file', () => {
    const files = {
      'hpa.yaml': cpuHpa,
      'deploy.yaml': deployment('web', {
        podSpec: [
          'containers:',
          '  - name: app',
          '    resources: { requests: { cpu: 100m } }',
          '  - name: sidecar',
          '    image: x',
        ],
      }),
    };
    const onHpa = lintFiles(files, 'hpa.yaml');
    assert.deepEqual(only(onHpa, 'missing-resource-request'), [[12, 24, 12, 27]]);
    assert.equal(
      onHpa.find((r) => r[0] === 'missing-resource-request')?.[6],
      'cpu utilization cannot be computed: Deployment "web" has no cpu request in container "sidecar" (missing request for cpu)',
    );
    // One cause, one finding: the container is not flagged a second time.
    assert.deepEqual(only(lintFiles(files, 'deploy.yaml'), 'missing-resource-request'), []);
  });

  test('restartable init containers count, ordinary ones do not', () => {
    const files = {
      'hpa.yaml': cpuHpa,
      'deploy.yaml': deployment('web', {
        podSpec: [
          'initContainers:',
          '  - name: migrate',
          '  - name: mesh',
          '    restartPolicy: Always',
          'containers:',
          '  - name: app',
          '    resources: { requests: { cpu: 100m } }',
        ],
      }),
    };
    assert.deepEqual(
      lintFiles(files, 'hpa.yaml')
        .filter((r) => r[0] === 'missing-resource-request')
        .map((r) => r[6]),
      [
        'cpu utilization cannot be computed: Deployment "web" has no cpu request in container "mesh" (missing request for cpu)',
      ],
    );
  });

  test('a limit without a request is a request (the API server copies it); the pod-level limit too', () => {
    const files = {
      'hpa.yaml': cpuHpa,
      'deploy.yaml': deployment('web', {
        podSpec: [
          'containers:',
          '  - name: app',
          '    resources: { limits: { cpu: 500m } }',
          '  - name: log',
          '    resources: { limits: { memory: 64Mi } }',
        ],
      }),
      'pod-level.yaml': deployment('api', {
        podSpec: ['resources: { limits: { cpu: "2" } }', 'containers:', '  - name: app'],
      }),
      'api-hpa.yaml': cpuHpa.replace(/name: web/g, 'name: api'),
    };
    // "log" limits memory only: its cpu request is still missing; "app"'s limit is its request.
    assert.deepEqual(
      lintFiles(files, 'hpa.yaml')
        .filter((r) => r[0] === 'missing-resource-request')
        .map((r) => r[6]),
      [
        'cpu utilization cannot be computed: Deployment "web" has no cpu request in container "log" (missing request for cpu)',
      ],
    );
    assert.deepEqual(only(lintFiles(files, 'pod-level.yaml'), 'missing-resource-request'), []);
    assert.deepEqual(only(lintFiles(files, 'api-hpa.yaml'), 'missing-resource-request'), []);
  });

  test('a pod-level request covers every container', () => {
    const files = {
      'hpa.yaml': cpuHpa,
      'deploy.yaml': deployment('web', {
        podSpec: [
          'resources: { requests: { cpu: "1" } }',
          'containers:',
          '  - name: app',
          '  - name: sidecar',
        ],
      }),
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), []);
    assert.deepEqual(only(lintFiles(files, 'deploy.yaml'), 'missing-resource-request'), []);
  });

  test('AverageValue targets need no request', () => {
    const files = {
      'hpa.yaml': hpa([
        'maxReplicas: 5',
        'metrics:',
        '  - { type: Resource, resource: { name: memory, target: { type: AverageValue, averageValue: 1Gi } } }',
      ]),
      'deploy.yaml': deployment('web', { podSpec: ['containers:', '  - name: app'] }),
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), []);
  });

  test('namespaces must match: a target in another namespace is not the target', () => {
    const files = {
      'hpa.yaml': cpuHpa.replace('  name: web\n', '  name: web\n  namespace: default\n'),
      'deploy.yaml': deployment('web', { namespace: 'other', podSpec: ['containers:', '  - name: app'] }),
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), []);
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml', { rules: {} }), 'target-not-found'), [[9, 10, 9, 13]]);
  });
});

describe('missing-resource-request on the metric the API server implies', () => {
  const bare = deployment('web', { podSpec: ['containers:', '  - name: app'] });
  test('an autoscaling/v2 HPA without metrics scales on cpu at 80 %: reported on the spec key', () => {
    const rows = lintFiles({ 'hpa.yaml': hpa(['maxReplicas: 5']), 'deploy.yaml': bare }, 'hpa.yaml');
    assert.deepEqual(only(rows, 'missing-resource-request'), [[4, 0, 4, 4]]);
  });
  test('autoscaling/v1 scales on cpu: reported on targetCPUUtilizationPercentage', () => {
    const v1 = hpa(['maxReplicas: 5', 'targetCPUUtilizationPercentage: 60']).replace(
      'autoscaling/v2',
      'autoscaling/v1',
    );
    const rows = lintFiles({ 'hpa.yaml': v1, 'deploy.yaml': bare }, 'hpa.yaml');
    assert.deepEqual(only(rows, 'missing-resource-request'), [[10, 2, 10, 32]]);
  });
});

describe('missing-resource-request for a KEDA ScaledObject', () => {
  test('a cpu trigger with metricType Utilization needs the request too', () => {
    const keda = [
      'apiVersion: keda.sh/v1alpha1',
      'kind: ScaledObject',
      'metadata: { name: web-keda }',
      'spec:',
      '  scaleTargetRef: { name: web }',
      '  triggers:',
      '    - type: cpu',
      '      metricType: Utilization',
      '      metadata: { value: "60" }',
      '',
    ].join('\n');
    const files = {
      'keda.yaml': keda,
      'deploy.yaml': deployment('web', { podSpec: ['containers:', '  - name: app'] }),
    };
    assert.deepEqual(only(lintFiles(files, 'keda.yaml'), 'missing-resource-request'), [[6, 12, 6, 15]]);
    assert.deepEqual(only(lintFiles(files, 'deploy.yaml'), 'missing-resource-request'), []);
  });
});

describe('container-not-found', () => {
  test('a ContainerResource metric naming an absent container', () => {
    const files = {
      'hpa.yaml': hpa([
        'maxReplicas: 5',
        'metrics:',
        '  - type: ContainerResource',
        '    containerResource: { name: cpu, container: wrker, target: { type: Utilization, averageUtilization: 60 } }',
      ]),
      'deploy.yaml': deployment('web', {
        podSpec: ['containers:', '  - name: worker', '    resources: { requests: { cpu: 1 } }'],
      }),
    };
    const rows = lintFiles(files, 'hpa.yaml');
    assert.deepEqual(only(rows, 'container-not-found'), [[12, 49, 12, 54]]);
    assert.equal(
      rows.find((r) => r[0] === 'container-not-found')?.[6],
      'container "wrker" not found in Deployment "web" (its containers: "worker")',
    );
  });
});

describe('replicas-conflict', () => {
  test('spec.replicas under an HPA is a warning on the key', () => {
    const files = {
      'hpa.yaml': cpuHpa,
      'deploy.yaml': deployment('web', {
        replicas: 3,
        podSpec: ['containers:', '  - name: app', '    resources: { requests: { cpu: 1 } }'],
      }),
    };
    const rows = lintFiles(files, 'deploy.yaml');
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]]),
      [['replicas-conflict', 'warning', 5, 2, 5, 10]],
    );
  });
  test('replicas: 0 is maintenance mode: information', () => {
    const files = {
      'hpa.yaml': cpuHpa,
      'deploy.yaml': deployment('web', {
        replicas: 0,
        podSpec: ['containers:', '  - name: app', '    resources: { requests: { cpu: 1 } }'],
      }),
    };
    assert.deepEqual(
      lintFiles(files, 'deploy.yaml').map((r) => [r[0], r[1]]),
      [['replicas-conflict', 'info']],
    );
  });
  test('no HPA, no finding', () => {
    assert.deepEqual(
      lintFiles(
        { 'deploy.yaml': deployment('web', { replicas: 3, podSpec: ['containers: []'] }) },
        'deploy.yaml',
      ),
      [],
    );
  });
});

describe('target-not-scalable and target-not-found', () => {
  test('a DaemonSet cannot be scaled', () => {
    const text = hpa(['maxReplicas: 5']).replace('kind: Deployment', 'kind: DaemonSet');
    const rows = lintFiles({ 'hpa.yaml': text }, 'hpa.yaml');
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]]),
      [['target-not-scalable', 'error', 7, 10, 7, 19]],
    );
  });
  test('a target outside the workspace is a hint only', () => {
    const rows = lintFiles({ 'hpa.yaml': hpa(['maxReplicas: 5']) }, 'hpa.yaml');
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[6]]),
      [
        [
          'target-not-found',
          'hint',
          'Deployment "web" is not in the workspace: its requests and replicas are not checked',
        ],
      ],
    );
    // An HPA that names its namespace: the message names it too.
    const inTeam = hpa(['maxReplicas: 5']).replace('  name: web\n', '  name: web\n  namespace: team\n');
    assert.deepEqual(
      lintFiles({ 'hpa.yaml': inTeam }, 'hpa.yaml').map((r) => r[6]),
      [
        'Deployment "web" in namespace "team" is not in the workspace: its requests and replicas are not checked',
      ],
    );
  });
});

describe('duplicate-target', () => {
  test('two HPAs, and an HPA beside a KEDA ScaledObject, on one workload', () => {
    const keda = [
      'apiVersion: keda.sh/v1alpha1',
      'kind: ScaledObject',
      'metadata: { name: web-keda }',
      'spec:',
      '  scaleTargetRef: { name: web }',
      '',
    ].join('\n');
    const files = {
      'a.yaml': hpa(['maxReplicas: 5'], 'a'),
      'b.yaml': `${hpa(['maxReplicas: 5'], 'b')}---\n${keda}`,
      'deploy.yaml': deployment('web', { podSpec: ['containers:', '  - name: app'] }),
    };
    const rows = lintFiles(files, 'b.yaml', { rules: { 'target-not-found': 'off' } });
    assert.deepEqual(
      rows.filter((r) => r[0] === 'duplicate-target').map((r) => [r[0], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'duplicate-target',
          8,
          10,
          8,
          13,
          'Deployment "web" is also scaled by HorizontalPodAutoscaler "a" (a.yaml), ScaledObject "web-keda": autoscalers on one workload fight over its replicas (AmbiguousSelector)',
        ],
        [
          'duplicate-target',
          15,
          26,
          15,
          29,
          'Deployment "web" is also scaled by HorizontalPodAutoscaler "a" (a.yaml), HorizontalPodAutoscaler "b": autoscalers on one workload fight over its replicas (AmbiguousSelector)',
        ],
      ],
    );
  });
});

describe('deprecated-api-version', () => {
  test('v2beta2 is a warning on the assumed newest release (not served there, served on older ones), v1 (served, GA) only the cpu-only hint, v2 nothing', () => {
    const base = hpa(['maxReplicas: 5']);
    const rowsOf = (v: string) =>
      lintFiles({ 'h.yaml': base.replace('autoscaling/v2', v) }, 'h.yaml', {
        rules: { 'target-not-found': 'off' },
      });
    assert.deepEqual(
      rowsOf('autoscaling/v2beta2').map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'deprecated-api-version',
          'warning',
          0,
          12,
          0,
          31,
          'autoscaling/v2beta2 is not served by Kubernetes 1.37 (removed in 1.26): use autoscaling/v2 (assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml)',
        ],
      ],
    );
    assert.deepEqual(
      rowsOf('autoscaling/v2beta1').map((r) => r[6]),
      [
        'autoscaling/v2beta1 is not served by Kubernetes 1.37 (removed in 1.25): use autoscaling/v2 (assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml)',
      ],
    );
    assert.deepEqual(
      rowsOf('autoscaling/v1').map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]]),
      [['autoscaling-v1-cpu-only', 'hint', 0, 12, 0, 26]],
    );
    assert.deepEqual(rowsOf('autoscaling/v2'), []);
  });
});
