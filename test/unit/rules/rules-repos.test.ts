/**
 * Real repository layouts and what the cluster does with what a manifest leaves out: one object in
 * several folders, namespaces given at apply time, targets looked up by API group, custom-resource
 * workloads, sidecars injected at admission, a YAML error in one field, VPAs beside HPAs.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintFiles, only } from '../../support/inProcessLint';

/** A Deployment whose one container requests cpu or not. */
function deployment(
  name: string,
  opts: { namespace?: string; cpu?: boolean; replicas?: number } = {},
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
    '      containers:',
    '        - name: app',
    ...(opts.cpu ? ['          resources: { requests: { cpu: 100m } }'] : ['          image: x']),
    '',
  ].join('\n');
}

/** An HPA on cpu utilization; the metric's `cpu` is on line 12 (13 with a namespace), characters 24-27. */
function cpuHpa(
  name: string,
  target: string,
  opts: { namespace?: string; apiVersion?: string | null; kind?: string } = {},
): string {
  return [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${name}`,
    ...(opts.namespace ? [`  namespace: ${opts.namespace}`] : []),
    'spec:',
    '  scaleTargetRef:',
    ...(opts.apiVersion === null ? [] : [`    apiVersion: ${opts.apiVersion ?? 'apps/v1'}`]),
    `    kind: ${opts.kind ?? 'Deployment'}`,
    `    name: ${target}`,
    '  maxReplicas: 5',
    '  metrics:',
    '    - type: Resource',
    '      resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }',
    '',
  ].join('\n');
}

const ALL = { rules: {} }; // target-not-found on as well

describe('one object in several folders', () => {
  test('envs/staging and envs/production each pair their own HPA and Deployment: no duplicate-target', () => {
    const files = {
      'envs/staging/deploy.yaml': deployment('api'),
      'envs/staging/hpa.yaml': cpuHpa('api', 'api'),
      'envs/production/deploy.yaml': deployment('api', { cpu: true }),
      'envs/production/hpa.yaml': cpuHpa('api', 'api'),
    };
    const staging = lintFiles(files, 'envs/staging/hpa.yaml', ALL);
    const production = lintFiles(files, 'envs/production/hpa.yaml', ALL);
    assert.deepEqual(only(staging, 'duplicate-target'), []);
    assert.deepEqual(only(production, 'duplicate-target'), []);
    // Each HPA reads its own folder's Deployment: only staging's lacks the request.
    assert.deepEqual(only(staging, 'missing-resource-request'), [[12, 24, 12, 27]]);
    assert.deepEqual(only(production, 'missing-resource-request'), []);
    // Reported once, on the metric: the Deployments themselves carry no second finding.
    assert.deepEqual(only(lintFiles(files, 'envs/staging/deploy.yaml'), 'missing-resource-request'), []);
    assert.deepEqual(only(lintFiles(files, 'envs/production/deploy.yaml'), 'missing-resource-request'), []);
  });

  test('a deploy/ copy of kustomize/base/ is the same object defined twice', () => {
    const files = {
      'kustomize/base/app.yaml': `${deployment('web', { cpu: true })}---\n${cpuHpa('web', 'web')}`,
      'deploy/app.yaml': `${deployment('web', { cpu: true })}---\n${cpuHpa('web', 'web')}`,
    };
    assert.deepEqual(only(lintFiles(files, 'deploy/app.yaml', ALL), 'duplicate-target'), []);
    assert.deepEqual(only(lintFiles(files, 'kustomize/base/app.yaml', ALL), 'duplicate-target'), []);
  });

  test('the nearest definition wins: a base two folders up over a copy in a sibling tree', () => {
    const files = {
      'app/base/deploy.yaml': deployment('web', { cpu: true }),
      'app/overlays/prod/hpa.yaml': cpuHpa('web', 'web'),
      'other/tree/deep/deploy.yaml': deployment('web'),
    };
    assert.deepEqual(
      only(lintFiles(files, 'app/overlays/prod/hpa.yaml', ALL), 'missing-resource-request'),
      [],
    );
    assert.deepEqual(only(lintFiles(files, 'other/tree/deep/deploy.yaml'), 'missing-resource-request'), []);
  });

  test('two different HPAs of one folder resolving to one workload definition fight', () => {
    const files = {
      'base/deploy.yaml': deployment('web', { cpu: true }),
      'base/hpa.yaml': cpuHpa('web', 'web'),
      'base/hpa-extra.yaml': cpuHpa('web-extra', 'web'),
      'other-repo/hpa.yaml': cpuHpa('web-other', 'web'),
    };
    // An HPA of another folder that happens to resolve to the same definition is another
    // repository's sample or environment (rendered overlays are checked as a whole).
    assert.deepEqual(only(lintFiles(files, 'other-repo/hpa.yaml', ALL), 'duplicate-target'), []);
    const rows = lintFiles(files, 'base/hpa-extra.yaml', ALL).filter((r) => r[0] === 'duplicate-target');
    assert.deepEqual(
      rows.map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          8,
          10,
          8,
          13,
          'Deployment "web" is also scaled by HorizontalPodAutoscaler "web" (hpa.yaml): autoscalers on one workload fight over its replicas (AmbiguousSelector)',
        ],
      ],
    );
  });

  test('without the workload in the workspace, only HPAs of one folder are rivals', () => {
    const files = {
      'a/hpa.yaml': `${cpuHpa('one', 'web')}---\n${cpuHpa('two', 'web')}`,
      'b/hpa.yaml': cpuHpa('three', 'web'),
    };
    assert.deepEqual(only(lintFiles(files, 'a/hpa.yaml', ALL), 'duplicate-target'), [
      [8, 10, 8, 13],
      [22, 10, 22, 13],
    ]);
    assert.deepEqual(only(lintFiles(files, 'b/hpa.yaml', ALL), 'duplicate-target'), []);
  });
});

describe('namespaces given at apply time', () => {
  test('an HPA without a namespace matches a Deployment in any namespace', () => {
    const files = {
      'hpa.yaml': cpuHpa('web', 'web'),
      'deploy.yaml': deployment('web', { namespace: 'prod' }),
    };
    const rows = lintFiles(files, 'hpa.yaml', ALL);
    assert.deepEqual(only(rows, 'target-not-found'), []);
    assert.deepEqual(only(rows, 'missing-resource-request'), [[12, 24, 12, 27]]);
  });

  test('a Deployment without a namespace matches an HPA in any namespace', () => {
    const files = {
      'hpa.yaml': cpuHpa('web', 'web', { namespace: 'prod' }),
      'deploy.yaml': deployment('web'),
    };
    const rows = lintFiles(files, 'hpa.yaml', ALL);
    assert.deepEqual(only(rows, 'target-not-found'), []);
    assert.deepEqual(only(rows, 'missing-resource-request'), [[13, 24, 13, 27]]);
  });

  test('two declared namespaces that differ do not match', () => {
    const files = {
      'hpa.yaml': cpuHpa('web', 'web', { namespace: 'prod' }),
      'deploy.yaml': deployment('web', { namespace: 'staging' }),
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml', ALL), 'target-not-found'), [[9, 10, 9, 13]]);
  });
});

describe('scale targets looked up by API group', () => {
  for (const version of ['apps/v1beta1', 'apps/v1beta2']) {
    test(`${version} still reaches the apps/v1 Deployment`, () => {
      const files = {
        'hpa.yaml': cpuHpa('web', 'web', { apiVersion: version }),
        'deploy.yaml': deployment('web'),
      };
      const rows = lintFiles(files, 'hpa.yaml', ALL);
      assert.deepEqual(only(rows, 'scale-target-ref'), []);
      assert.deepEqual(only(rows, 'missing-resource-request'), [[12, 24, 12, 27]]);
    });
  }

  test('extensions/v1beta1 fails with FailedGetScale: an error on the apiVersion', () => {
    const files = {
      'hpa.yaml': cpuHpa('web', 'web', { apiVersion: 'extensions/v1beta1' }),
      'deploy.yaml': deployment('web', { cpu: true }),
    };
    const rows = lintFiles(files, 'hpa.yaml', ALL).filter((r) => r[0] === 'scale-target-ref');
    assert.deepEqual(
      rows.map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'error',
          6,
          16,
          6,
          34,
          'spec.scaleTargetRef.apiVersion: extensions/v1beta1 no longer serves Deployment (removed in Kubernetes 1.16): the HPA cannot read the scale (FailedGetScale); use apps/v1',
        ],
      ],
    );
  });

  test('a missing apiVersion means the core group: an error on scaleTargetRef', () => {
    const files = {
      'hpa.yaml': cpuHpa('web', 'web', { apiVersion: null }),
      'deploy.yaml': deployment('web', { cpu: true }),
    };
    const rows = lintFiles(files, 'hpa.yaml', ALL).filter((r) => r[0] === 'scale-target-ref');
    assert.deepEqual(
      rows.map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'error',
          5,
          2,
          5,
          16,
          'spec.scaleTargetRef.apiVersion is missing: the controller looks Deployment up in the core API group, which does not serve it, and fails with FailedGetScale on every sync; set apiVersion: apps/v1',
        ],
      ],
    );
  });

  test('an empty apiVersion is reported on its value; a ReplicationController needs none', () => {
    const empty = lintFiles({ 'hpa.yaml': cpuHpa('web', 'web', { apiVersion: '""' }) }, 'hpa.yaml');
    assert.deepEqual(only(empty, 'scale-target-ref'), [[6, 16, 6, 18]]);
    const rc = lintFiles(
      { 'hpa.yaml': cpuHpa('web', 'web', { apiVersion: null, kind: 'ReplicationController' }) },
      'hpa.yaml',
    );
    assert.deepEqual(only(rc, 'scale-target-ref'), []);
  });
});

describe('custom-resource workloads', () => {
  const rollout = [
    'apiVersion: argoproj.io/v1alpha1',
    'kind: Rollout',
    'metadata:',
    '  name: web',
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: app',
    '          image: x',
    '',
  ].join('\n');
  test('an Argo Rollout is found, and its Pod template is checked', () => {
    const files = {
      'hpa.yaml': cpuHpa('web', 'web', { apiVersion: 'argoproj.io/v1alpha1', kind: 'Rollout' }),
      'rollout.yaml': rollout,
    };
    const rows = lintFiles(files, 'hpa.yaml', ALL);
    assert.deepEqual(only(rows, 'target-not-found'), []);
    assert.deepEqual(
      rows.filter((r) => r[0] === 'missing-resource-request').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          12,
          24,
          12,
          27,
          'cpu utilization cannot be computed: Rollout "web" has no cpu request in container "app" (missing request for cpu)',
        ],
      ],
    );
  });

  test('a LeaderWorkerSet is checked on its leader template', () => {
    const lws = [
      'apiVersion: leaderworkerset.x-k8s.io/v1',
      'kind: LeaderWorkerSet',
      'metadata: { name: web }',
      'spec:',
      '  leaderWorkerTemplate:',
      '    leaderTemplate:',
      '      spec:',
      '        containers:',
      '          - name: leader',
      '            resources: { requests: { cpu: 1 } }',
      '    workerTemplate:',
      '      spec:',
      '        containers:',
      '          - name: worker',
      '',
    ].join('\n');
    const files = {
      'hpa.yaml': cpuHpa('web', 'web', {
        apiVersion: 'leaderworkerset.x-k8s.io/v1',
        kind: 'LeaderWorkerSet',
      }),
      'lws.yaml': lws,
    };
    const rows = lintFiles(files, 'hpa.yaml', ALL);
    assert.deepEqual(only(rows, 'target-not-found'), []);
    assert.deepEqual(only(rows, 'missing-resource-request'), []);
  });
});

describe('sidecars injected at admission', () => {
  const withAnnotation = (annotation: string | undefined) =>
    [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: { name: web }',
      'spec:',
      '  template:',
      ...(annotation ? ['    metadata:', `      annotations: { ${annotation} }`] : []),
      '    spec:',
      '      containers:',
      '        - name: app',
      '          resources: { requests: { cpu: 100m } }',
      '',
    ].join('\n');
  const containerHpa = (container: string) =>
    [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: { name: web }',
      'spec:',
      '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }',
      '  maxReplicas: 5',
      '  metrics:',
      '    - type: ContainerResource',
      '      containerResource:',
      '        name: cpu',
      `        container: ${container}`,
      '        target: { type: Utilization, averageUtilization: 50 }',
      '',
    ].join('\n');
  const rowsFor = (container: string, annotation: string | undefined) =>
    lintFiles(
      { 'hpa.yaml': containerHpa(container), 'deploy.yaml': withAnnotation(annotation) },
      'hpa.yaml',
      ALL,
    )
      .filter((r) => r[0] === 'container-not-found' || r[0] === 'missing-resource-request')
      .map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]]);

  test('istio-proxy with sidecar.istio.io/inject on the template: information that the metric relies on it', () => {
    assert.deepEqual(rowsFor('istio-proxy', '"sidecar.istio.io/inject": "true"'), [
      [
        'container-not-found',
        'info',
        10,
        19,
        10,
        30,
        'container "istio-proxy" is not in Deployment "web": Istio injects it at admission (sidecar.istio.io/inject on the Pod template), so this metric relies on that injection',
      ],
    ]);
  });

  test('linkerd-proxy and daprd without annotations rely on namespace-level injection', () => {
    assert.deepEqual(
      rowsFor('linkerd-proxy', undefined).map((r) => [r[1], r[6]]),
      [
        [
          'info',
          'container "linkerd-proxy" is not in Deployment "web": this metric relies on Linkerd injecting it at admission (enabled for the namespace, or add linkerd.io/inject to the Pod template)',
        ],
      ],
    );
    assert.deepEqual(
      rowsFor('daprd', '"dapr.io/enabled": "true"').map((r) => r[1]),
      ['info'],
    );
  });

  test('injection switched off on the template: the container is missing (error)', () => {
    assert.deepEqual(
      rowsFor('istio-proxy', '"sidecar.istio.io/inject": "false"').map((r) => [r[0], r[1]]),
      [['container-not-found', 'error']],
    );
    assert.deepEqual(
      rowsFor('envoy', undefined).map((r) => [r[0], r[1]]),
      [['container-not-found', 'error']],
    );
  });
});

describe('a YAML error in one field', () => {
  test('a duplicate key is reported, and the rest of the Deployment still takes part', () => {
    const broken = deployment('web', { replicas: 2 }).replace(
      '  replicas: 2\n',
      '  replicas: 2\n  replicas: 3\n',
    );
    const files = { 'hpa.yaml': cpuHpa('web', 'web'), 'deploy.yaml': broken };
    const rows = lintFiles(files, 'deploy.yaml').map((r) => [r[0], r[2], r[3], r[4], r[5]]);
    assert.deepEqual(rows, [
      ['replicas-conflict', 5, 2, 5, 10],
      ['yaml-syntax', 6, 2, 6, 10],
    ]);
    // The HPA still reads the Deployment's containers past the duplicate key.
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml', ALL), 'missing-resource-request'), [[12, 24, 12, 27]]);
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml', ALL), 'target-not-found'), []);
  });
});

describe('pins and autoscaling/v1', () => {
  test('minReplicas = maxReplicas is a hint', () => {
    const pinned = cpuHpa('web', 'web').replace('  maxReplicas: 5', '  minReplicas: 3\n  maxReplicas: 3');
    const rows = lintFiles(
      { 'hpa.yaml': pinned, 'deploy.yaml': deployment('web', { cpu: true }) },
      'hpa.yaml',
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === 'scaling-disabled').map((r) => [r[1], r[2], r[3], r[4], r[5]]),
      [['hint', 10, 15, 10, 16]],
    );
  });
});

describe('vpa-conflict', () => {
  const vpa = (lines: string[]) =>
    [
      'apiVersion: autoscaling.k8s.io/v1',
      'kind: VerticalPodAutoscaler',
      'metadata: { name: web-vpa }',
      'spec:',
      '  targetRef: { apiVersion: apps/v1, kind: Deployment, name: web }',
      ...lines.map((l) => `  ${l}`),
      '',
    ].join('\n');
  const rowsWith = (vpaLines: string[]) =>
    lintFiles(
      {
        'hpa.yaml': cpuHpa('web', 'web'),
        'deploy.yaml': deployment('web', { cpu: true }),
        'vpa.yaml': vpa(vpaLines),
      },
      'hpa.yaml',
    ).filter((r) => r[0] === 'vpa-conflict');

  test('a VPA in the default mode (Auto) on cpu: a warning on the HPA metric', () => {
    assert.deepEqual(
      rowsWith([]).map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'warning',
          12,
          24,
          12,
          27,
          'VerticalPodAutoscaler "web-vpa" (updateMode Auto) also controls the cpu request of Deployment "web": it changes the request this HPA divides by, and the two autoscalers work against each other; scale on another metric or set the VPA to Initial or Off for cpu',
        ],
      ],
    );
  });

  test('Recreate and InPlaceOrRecreate act too; Initial and Off do not', () => {
    for (const mode of ['Recreate', 'InPlaceOrRecreate'])
      assert.equal(rowsWith([`updatePolicy: { updateMode: ${mode} }`]).length, 1, mode);
    for (const mode of ['Initial', 'Off'])
      assert.equal(rowsWith([`updatePolicy: { updateMode: ${mode} }`]).length, 0, mode);
  });

  test('a VPA limited to memory, or switched off for every container, leaves cpu alone', () => {
    assert.equal(
      rowsWith([
        'resourcePolicy:',
        '  containerPolicies:',
        '    - { containerName: "*", controlledResources: [memory] }',
      ]).length,
      0,
    );
    assert.equal(
      rowsWith(['resourcePolicy:', '  containerPolicies:', '    - { containerName: "*", mode: "Off" }'])
        .length,
      0,
    );
    assert.equal(
      rowsWith([
        'resourcePolicy:',
        '  containerPolicies:',
        '    - { containerName: app, controlledResources: [cpu] }',
      ]).length,
      1,
    );
  });

  test('a VPA on a same-named Deployment of another environment folder is not this HPA\u2019s', () => {
    const rows = lintFiles(
      {
        'staging/hpa.yaml': cpuHpa('web', 'web'),
        'staging/deploy.yaml': deployment('web', { cpu: true }),
        'production/deploy.yaml': deployment('web', { cpu: true }),
        'production/vpa.yaml': vpa([]),
      },
      'staging/hpa.yaml',
    );
    assert.deepEqual(only(rows, 'vpa-conflict'), []);
  });
});
