/**
 * What the audit of real repositories (issue 13) found wrong or noisy, each on a small fixture of
 * the pattern it was found on: one finding per missing request, requests a LimitRange gives at
 * admission, a target named without guessing its namespace, a copied HPA named once among the
 * rivals, an Argo Rollout that takes its Pod from a workloadRef, HPAs and workloads that meet only
 * in a rendered kustomize overlay, and a base whose overlay patches the workload.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintFiles, only } from '../../support/inProcessLint';
import { kustomizeLayout } from '../../../server/src/kustomize/layout';
import { locate } from '../../../server/src/lint/findingsOutput';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { setLocale } from '../../../server/src/localize';
import { relatedUris } from '../../../server/src/workspace/relatedFiles';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';

const ALL = { rules: {} }; // target-not-found on as well

/** A Deployment with one container `app` and no requests; `namespace` when given. */
function bareDeployment(name: string, namespace?: string): string {
  return [
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    ...(namespace ? [`  namespace: ${namespace}`] : []),
    'spec:',
    '  template:',
    '    spec:',
    '      containers:',
    '        - name: app',
    '          image: x',
    '',
  ].join('\n');
}

/** An HPA on `resource` utilization of Deployment `name`; the target's name is on line 5 (0-based), characters 65-68, the resource's on line 10, characters 24-27; one line later each with a namespace. */
function utilizationHpa(name: string, resource = 'cpu', namespace?: string): string {
  return [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${name}`,
    ...(namespace ? [`  namespace: ${namespace}`] : []),
    'spec:',
    `  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name} }`,
    '  minReplicas: 2',
    '  maxReplicas: 5',
    '  metrics:',
    '    - type: Resource',
    `      resource: { name: ${resource}, target: { type: Utilization, averageUtilization: 50 } }`,
    '',
  ].join('\n');
}

/** A LimitRange with one Container item holding `field: { resource: value }`. */
function limitRange(field: string, resource: string, namespace?: string): string {
  return [
    'apiVersion: v1',
    'kind: LimitRange',
    'metadata:',
    '  name: defaults',
    ...(namespace ? [`  namespace: ${namespace}`] : []),
    'spec:',
    '  limits:',
    '    - type: Container',
    `      ${field}: { ${resource}: ${resource === 'cpu' ? '200m' : '256Mi'} }`,
    '',
  ].join('\n');
}

describe('missing-resource-request: one cause, one finding', () => {
  test('HPA and Deployment in one file: the metric carries the finding, the container none', () => {
    const text = `${bareDeployment('web')}---\n${utilizationHpa('web')}`;
    const rows = lintFiles({ 'app.yaml': text }, 'app.yaml');
    assert.deepEqual(
      rows
        .filter((r) => r[0] === 'missing-resource-request')
        .map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'warning',
          21,
          24,
          21,
          27,
          'cpu utilization cannot be computed: Deployment "web" has no cpu request in container "app" (missing request for cpu)',
        ],
      ],
    );
  });
});

describe('missing-resource-request: a LimitRange gives the request at admission', () => {
  for (const field of ['defaultRequest', 'default', 'max', 'min']) {
    test(`a Container item's ${field} for cpu is a request: no finding`, () => {
      const files = {
        'hpa.yaml': utilizationHpa('web'),
        'deploy.yaml': bareDeployment('web'),
        'limits.yaml': limitRange(field, 'cpu'),
      };
      assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), []);
    });
  }

  test('a LimitRange for memory only leaves the cpu request missing', () => {
    const files = {
      'hpa.yaml': `${utilizationHpa('web')}---\n${utilizationHpa('mem', 'memory')}`,
      'deploy.yaml': `${bareDeployment('web')}---\n${bareDeployment('mem')}`,
      'limits.yaml': limitRange('defaultRequest', 'memory'),
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), [[10, 24, 10, 27]]);
  });

  test('a LimitRange of another namespace, or a Pod item, gives nothing', () => {
    const files = {
      'hpa.yaml': utilizationHpa('web', 'cpu', 'shop'),
      'deploy.yaml': bareDeployment('web', 'shop'),
      'limits.yaml': `${limitRange('defaultRequest', 'cpu', 'other')}---\n${limitRange('max', 'cpu', 'shop').replace('type: Container', 'type: Pod')}`,
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), [[11, 24, 11, 27]]);
  });

  test('a LimitRange without a namespace may be applied to the workload\u2019s: no finding', () => {
    const files = {
      'hpa.yaml': utilizationHpa('web', 'cpu', 'shop'),
      'deploy.yaml': bareDeployment('web', 'shop'),
      'limits.yaml': limitRange('default', 'cpu'),
    };
    assert.deepEqual(only(lintFiles(files, 'hpa.yaml'), 'missing-resource-request'), []);
  });
});

describe('missing-resource-request: a LimitRange counts where it is deployed with the workload', () => {
  test('one in a folder above counts; one in another application’s folder does not', () => {
    const files = {
      'apps/web/hpa.yaml': utilizationHpa('web'),
      'apps/web/deploy.yaml': bareDeployment('web'),
      'apps/limits.yaml': limitRange('defaultRequest', 'cpu'),
      'other/hpa.yaml': utilizationHpa('api'),
      'other/deploy.yaml': bareDeployment('api'),
    };
    assert.deepEqual(only(lintFiles(files, 'apps/web/hpa.yaml'), 'missing-resource-request'), []);
    assert.deepEqual(only(lintFiles(files, 'other/hpa.yaml'), 'missing-resource-request'), [
      [10, 24, 10, 27],
    ]);
  });
});

describe('an HPA and a workload that meet only through kustomize', () => {
  const kustomization = (resources: string[]) =>
    ['resources:', ...resources.map((r) => `  - ${r}`), ''].join('\n');
  const replicated = bareDeployment('web').replace('spec:\n', 'spec:\n  replicas: 2\n');

  test('a base Deployment and an overlay’s HPA: left to the rendered overlay', () => {
    const files = {
      'base/kustomization.yaml': kustomization(['deployment.yaml']),
      'base/deployment.yaml': replicated,
      'overlays/prod/kustomization.yaml': kustomization(['../../base', 'hpa.yaml']),
      'overlays/prod/hpa.yaml': utilizationHpa('web'),
    };
    assert.deepEqual(lintFiles(files, 'base/deployment.yaml'), []);
    assert.deepEqual(lintFiles(files, 'overlays/prod/hpa.yaml'), []);
  });

  test('the same files without kustomizations: the reference resolves, the replicas pair only within one folder', () => {
    const files = {
      'base/deployment.yaml': replicated,
      'overlays/prod/hpa.yaml': utilizationHpa('web'),
    };
    // Two folders no kustomization governs are two applies (workspace/deployment.ts).
    assert.deepEqual(only(lintFiles(files, 'base/deployment.yaml'), 'replicas-conflict'), []);
    assert.deepEqual(only(lintFiles(files, 'overlays/prod/hpa.yaml'), 'missing-resource-request'), [
      [10, 24, 10, 27],
    ]);
  });

  test('an HPA beside its Deployment in a base is still paired', () => {
    const files = {
      'base/kustomization.yaml': kustomization(['deployment.yaml', 'hpa.yaml']),
      'base/deployment.yaml': replicated,
      'base/hpa.yaml': utilizationHpa('web'),
    };
    assert.deepEqual(only(lintFiles(files, 'base/deployment.yaml'), 'replicas-conflict'), [[5, 2, 5, 10]]);
  });
});

describe('target-not-found names a namespace only when the HPA has one', () => {
  test('no metadata.namespace: no "default" in the message', () => {
    const rows = lintFiles({ 'hpa.yaml': utilizationHpa('web') }, 'hpa.yaml', ALL);
    assert.deepEqual(
      rows.filter((r) => r[0] === 'target-not-found').map((r) => [r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'hint',
          5,
          65,
          5,
          68,
          'Deployment "web" is not in the workspace: its requests and replicas are not checked',
        ],
      ],
    );
  });
});

describe('duplicate-target names each rival once', () => {
  test('the same HPA copied into two files is one rival of a third HPA, not two', () => {
    const files = {
      'deploy/web.yaml': `${bareDeployment('web')}---\n${utilizationHpa('web')}`,
      'deploy/web-copy.yaml': utilizationHpa('web'),
      'deploy/web-extra.yaml': utilizationHpa('web').replace('  name: web\n', '  name: web-extra\n'),
    };
    const rows = lintFiles(files, 'deploy/web-extra.yaml');
    assert.deepEqual(
      rows.filter((r) => r[0] === 'duplicate-target').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          5,
          65,
          5,
          68,
          'Deployment "web" is also scaled by HorizontalPodAutoscaler "web" (web.yaml): autoscalers on one workload fight over its replicas (AmbiguousSelector)',
        ],
      ],
    );
  });
});

describe('duplicate-target without the workload in the workspace', () => {
  test('two files in one folder are alternatives (a tutorial’s HPA and its ScaledObject): no finding', () => {
    const keda = [
      'apiVersion: keda.sh/v1alpha1',
      'kind: ScaledObject',
      'metadata: { name: web-keda }',
      'spec:',
      '  scaleTargetRef: { name: web }',
      '',
    ].join('\n');
    const files = { 'assets/hpa.yaml': utilizationHpa('web'), 'assets/keda.yaml': keda };
    assert.deepEqual(only(lintFiles(files, 'assets/hpa.yaml'), 'duplicate-target'), []);
    assert.deepEqual(only(lintFiles(files, 'assets/keda.yaml'), 'duplicate-target'), []);
  });

  test('two HPAs in one file are applied together: both reported', () => {
    const text = `${utilizationHpa('web')}---\n${utilizationHpa('web').replace('  name: web\n', '  name: web-2\n')}`;
    const rows = lintFiles({ 'hpa.yaml': text }, 'hpa.yaml');
    assert.deepEqual(only(rows, 'duplicate-target'), [
      [5, 65, 5, 68],
      [17, 65, 17, 68],
    ]);
  });
});

describe('an Argo Rollout that takes its Pod template from a workloadRef', () => {
  const rollout = [
    'apiVersion: argoproj.io/v1alpha1',
    'kind: Rollout',
    'metadata:',
    '  name: web',
    'spec:',
    '  workloadRef: { apiVersion: apps/v1, kind: Deployment, name: web }',
    '  strategy: { canary: {} }',
    '',
  ].join('\n');
  const hpa = utilizationHpa('web').replace(
    'apiVersion: apps/v1, kind: Deployment',
    'apiVersion: argoproj.io/v1alpha1, kind: Rollout',
  );

  test('is in the workspace: no target-not-found, and no check of a template it does not hold', () => {
    const rows = lintFiles({ 'rollout.yaml': rollout, 'hpa.yaml': hpa }, 'hpa.yaml', ALL);
    assert.deepEqual(rows, []);
  });

  test('without the Rollout, the target is reported missing', () => {
    const rows = lintFiles({ 'hpa.yaml': hpa }, 'hpa.yaml', ALL);
    assert.deepEqual(only(rows, 'target-not-found'), [[5, 75, 5, 78]]);
  });
});

/** Lints `files` as the CLI does with kustomizations among them: the patches they list are partial. */
function lintWithPatches(
  files: Record<string, string>,
  name: string,
): [string, number, number, number, number][] {
  setLocale('en');
  const workspace = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) workspace.setFile(new FileModel(uri, text, undefined));
  workspace.setPartialUris(kustomizeLayout(new Map(Object.entries(files)), '/').patchUris);
  const file = workspace.getFile(name)!;
  return locate(file, lintFile(file, workspace, DEFAULT_SETTINGS)).map((d) => [
    d.rule,
    d.range.start.line,
    d.range.start.character,
    d.range.end.line,
    d.range.end.character,
  ]);
}

describe('a base whose overlay patches the workload', () => {
  const base = {
    '/app/base/kustomization.yaml': 'resources:\n  - deployment.yaml\n  - hpa.yaml\n',
    '/app/base/deployment.yaml': bareDeployment('web').replace('spec:\n', 'spec:\n  replicas: 2\n'),
    '/app/base/hpa.yaml': utilizationHpa('web'),
  };
  const overlay = (patch: string) => ({
    ...base,
    '/app/overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\npatches:\n  - path: patch.yaml\n',
    '/app/overlays/prod/patch.yaml': [
      'apiVersion: apps/v1',
      'kind: Deployment',
      'metadata: { name: web }',
      'spec:',
      ...patch.split('\n').map((l) => `  ${l}`),
      '',
    ].join('\n'),
  });

  test('alone, the base pairs its HPA and Deployment as written', () => {
    assert.deepEqual(lintWithPatches(base, '/app/base/hpa.yaml'), [
      ['missing-resource-request', 10, 24, 10, 27],
    ]);
    assert.deepEqual(lintWithPatches(base, '/app/base/deployment.yaml'), [
      ['replicas-conflict', 5, 2, 5, 10],
    ]);
  });

  test('an overlay patch that gives the container its request: the base Pod is not checked as written', () => {
    const files = overlay(
      'template:\n  spec:\n    containers:\n      - name: app\n        resources: { requests: { cpu: 250m } }',
    );
    assert.deepEqual(lintWithPatches(files, '/app/base/hpa.yaml'), []);
    // The replicas line is not patched: still the base's own finding.
    assert.deepEqual(lintWithPatches(files, '/app/base/deployment.yaml'), [
      ['replicas-conflict', 5, 2, 5, 10],
    ]);
  });

  test('an overlay\u2019s replicas entry for the workload: the same', () => {
    const files = {
      ...base,
      '/app/overlays/prod/kustomization.yaml':
        'resources:\n  - ../../base\nreplicas:\n  - name: web\n    count: 4\n',
    };
    assert.deepEqual(lintWithPatches(files, '/app/base/deployment.yaml'), []);
  });

  test('an overlay patch that sets replicas: which count reaches the cluster is the render\u2019s to say', () => {
    const files = overlay('replicas: 4');
    assert.deepEqual(lintWithPatches(files, '/app/base/deployment.yaml'), []);
    assert.deepEqual(lintWithPatches(files, '/app/base/hpa.yaml'), [
      ['missing-resource-request', 10, 24, 10, 27],
    ]);
  });
});

describe('autoscaling/v2beta1 metric field names under autoscaling/v2: one finding per metric source', () => {
  const copied = (apiVersion: string) =>
    [
      `apiVersion: ${apiVersion}`,
      'kind: HorizontalPodAutoscaler',
      'metadata: { name: web }',
      'spec:',
      '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }',
      '  maxReplicas: 5',
      '  metrics:',
      '    - type: Pods',
      '      pods:',
      '        metricName: http_requests',
      '        targetAverageValue: 10',
      '    - type: Resource',
      '      resource:',
      '        name: cpu',
      '        targetAverageUtilization: 80',
      '',
    ].join('\n');

  test('the v2 fields to write instead, and no unknown-field or Required errors besides', () => {
    const rows = lintFiles({ 'hpa.yaml': copied('autoscaling/v2') }, 'hpa.yaml', {
      rules: { 'target-not-found': 'off' },
    });
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          'schema',
          'error',
          9,
          8,
          9,
          18,
          'spec.metrics[0].pods: autoscaling/v2beta1 field names ("metricName", "targetAverageValue") under autoscaling/v2, which does not know them; write metric: {name: http_requests}, target: {type: AverageValue, averageValue: 10}',
        ],
        [
          'schema',
          'error',
          14,
          8,
          14,
          32,
          'spec.metrics[1].resource: autoscaling/v2beta1 field names ("targetAverageUtilization") under autoscaling/v2, which does not know them; write target: {type: Utilization, averageUtilization: 80}',
        ],
      ],
    );
  });

  test('in autoscaling/v2beta1 the same fields are its own: no such finding', () => {
    const rows = lintFiles({ 'hpa.yaml': copied('autoscaling/v2beta1') }, 'hpa.yaml', {
      rules: { 'target-not-found': 'off' },
    });
    assert.deepEqual(
      rows.filter((r) => r[0] === 'schema'),
      [],
    );
  });
});

describe('a LimitRange added beside an HPA in an open workspace', () => {
  test('the HPA is related to it, and its cached finding goes', () => {
    setLocale('en');
    const workspace = new WorkspaceIndex();
    workspace.setFile(new FileModel('/app/hpa.yaml', utilizationHpa('web'), 1));
    workspace.setFile(new FileModel('/app/deploy.yaml', bareDeployment('web'), 1));
    const hpaFile = workspace.getFile('/app/hpa.yaml')!;
    const rules = () => lintFile(hpaFile, workspace, DEFAULT_SETTINGS).map((f) => f.rule);
    assert.deepEqual(rules(), ['missing-resource-request']);
    const limits = new FileModel('/app/limits.yaml', limitRange('defaultRequest', 'cpu'), 1);
    workspace.setFile(limits);
    assert.deepEqual([...relatedUris(workspace.objectsIn('/app/limits.yaml'), workspace)], ['/app/hpa.yaml']);
    assert.deepEqual(rules(), []);
  });
});

describe('kustomize layout: a resources entry written with a trailing slash', () => {
  test('`api/` includes the folder api, which is then no overlay of its own', () => {
    const files = new Map([
      ['/k8s/base/kustomization.yaml', 'resources:\n  - api/\n'],
      ['/k8s/base/api/kustomization.yaml', 'resources:\n  - deployment.yaml\n'],
      ['/k8s/envs/dev/kustomization.yaml', 'resources:\n  - ../../base/\n'],
    ]);
    assert.deepEqual(
      kustomizeLayout(files, '/').overlays.map((o) => o.uri),
      ['/k8s/envs/dev/kustomization.yaml'],
    );
  });
});

describe('an HPA patch that sets only maxReplicas', () => {
  const files = (max: number) => ({
    '/app/base/kustomization.yaml': 'resources:\n  - hpa.yaml\n',
    '/app/base/hpa.yaml': utilizationHpa('web'),
    '/app/overlays/dev/kustomization.yaml': 'resources:\n  - ../../base\npatches:\n  - path: hpa.yaml\n',
    '/app/overlays/dev/hpa.yaml': [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: { name: web }',
      'spec:',
      `  maxReplicas: ${max}`,
      '',
    ].join('\n'),
  });

  test('is no pin: its minReplicas is the base one, not the default of 1', () => {
    assert.deepEqual(lintWithPatches(files(1), '/app/overlays/dev/hpa.yaml'), []);
  });

  test('the same document outside a kustomization is a pin at the default minReplicas', () => {
    const { ['/app/overlays/dev/kustomization.yaml']: _, ...loose } = files(1);
    assert.deepEqual(
      lintWithPatches(loose, '/app/overlays/dev/hpa.yaml').filter((r) => r[0] === 'scaling-disabled'),
      [['scaling-disabled', 4, 15, 4, 16]],
    );
  });
});

describe('a base HPA that leaves maxReplicas to its overlays', () => {
  const base = {
    '/app/base/kustomization.yaml': 'resources:\n  - hpa.yaml\n',
    '/app/base/hpa.yaml': utilizationHpa('web').replace('  maxReplicas: 5\n', ''),
  };
  const withPatch = (field: string) => ({
    ...base,
    '/app/overlays/prod/kustomization.yaml': 'resources:\n  - ../../base\npatches:\n  - path: hpa.yaml\n',
    '/app/overlays/prod/hpa.yaml': [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: { name: web }',
      'spec:',
      `  ${field}`,
      '',
    ].join('\n'),
  });
  const schema = (rows: [string, number, number, number, number][]) => rows.filter((r) => r[0] === 'schema');

  test('alone, the missing maxReplicas is reported on spec', () => {
    assert.deepEqual(schema(lintWithPatches(base, '/app/base/hpa.yaml')), [['schema', 4, 0, 4, 4]]);
  });

  test('an overlay patch that sets maxReplicas completes it: no finding on the base', () => {
    assert.deepEqual(schema(lintWithPatches(withPatch('maxReplicas: 8'), '/app/base/hpa.yaml')), []);
  });

  test('a patch that sets another field leaves the finding', () => {
    assert.deepEqual(schema(lintWithPatches(withPatch('minReplicas: 3'), '/app/base/hpa.yaml')), [
      ['schema', 4, 0, 4, 4],
    ]);
  });
});

describe('a kuttl test step’s assertion file', () => {
  // What a kuttl step asserts about the HPA the operator created: a few fields, nothing required.
  const assertion = [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '  name: web',
    'spec:',
    '  maxReplicas: 5',
    'status:',
    '  currentReplicas: 2',
    '',
  ].join('\n');

  test('is a partial object: no required fields, no cross-resource findings', () => {
    assert.deepEqual(
      lintFiles({ 'tests/e2e/scale/01-assert.yaml': assertion }, 'tests/e2e/scale/01-assert.yaml', ALL),
      [],
    );
  });

  test('the same text in a manifest is checked whole', () => {
    const rows = lintFiles({ 'deploy/hpa.yaml': assertion }, 'deploy/hpa.yaml', ALL);
    assert.deepEqual(
      rows.filter((r) => r[0] === 'schema').map((r) => r[6]),
      ['spec.scaleTargetRef: Required value'],
    );
  });

  test('defines nothing: a Deployment asserted there is no target', () => {
    const files = {
      'deploy/hpa.yaml': utilizationHpa('web'),
      'tests/e2e/scale/00-assert.yaml': bareDeployment('web'),
    };
    assert.deepEqual(only(lintFiles(files, 'deploy/hpa.yaml', ALL), 'target-not-found').length, 1);
  });
});
