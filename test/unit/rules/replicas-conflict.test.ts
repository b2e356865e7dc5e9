/**
 * replicas-conflict on every workload with a scale subresource, not only the built-in ones: an Argo
 * Rollout or another custom workload an HPA targets, with `spec.replicas` written in its file, set
 * by a JSON 6902 `replace /spec/replicas` of an overlay (rendered by the real kubectl); a kustomize
 * `replicas:` entry cannot reach one (kustomize refuses it for kinds outside the built-in ones).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintTree as lintFilesOnDisk } from '../../support/diskTree';
import { lintFiles } from '../../support/inProcessLint';

const ROLLOUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata:
  name: api
spec:
  replicas: 3
  selector:
    matchLabels: { app: api }
  template:
    metadata:
      labels: { app: api }
    spec:
      containers:
        - name: api
          image: api:1
          resources:
            requests: { cpu: 100m }
`;

function hpaFor(apiVersion: string, kind: string): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: api
spec:
  scaleTargetRef: { apiVersion: ${apiVersion}, kind: ${kind}, name: api }
  minReplicas: 2
  maxReplicas: 6
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 60 }
`;
}

const MESSAGE = (replicas: number) =>
  `spec.replicas is managed by HorizontalPodAutoscaler "api": every apply resets it to ${replicas} and undoes the autoscaler\u2019s choice; remove the field`;

test('a Rollout an HPA scales: spec.replicas is a replicas-conflict on its key', () => {
  const rows = lintFiles(
    { 'rollout.yaml': ROLLOUT, 'hpa.yaml': hpaFor('argoproj.io/v1alpha1', 'Rollout') },
    'rollout.yaml',
  );
  assert.deepEqual(rows, [['replicas-conflict', 'warning', 5, 2, 5, 10, MESSAGE(3)]]);
});

test('any custom workload the HPA targets (an OpenKruise CloneSet) is judged the same way', () => {
  const cloneSet = ROLLOUT.replace('argoproj.io/v1alpha1', 'apps.kruise.io/v1alpha1').replace(
    'kind: Rollout',
    'kind: CloneSet',
  );
  const rows = lintFiles(
    { 'cloneset.yaml': cloneSet, 'hpa.yaml': hpaFor('apps.kruise.io/v1alpha1', 'CloneSet') },
    'cloneset.yaml',
  );
  assert.deepEqual(rows, [['replicas-conflict', 'warning', 5, 2, 5, 10, MESSAGE(3)]]);
});

test('a Rollout no autoscaler scales keeps its replicas without a finding', () => {
  assert.deepEqual(lintFiles({ 'rollout.yaml': ROLLOUT }, 'rollout.yaml'), []);
});

async function lintTree(files: Record<string, string>) {
  return (await lintFilesOnDisk(files)).map((f) => [f.file, f.rule, f.line, f.character, f.message]);
}

const BASE = {
  'base/rollout.yaml': ROLLOUT.replace('  replicas: 3\n', ''),
  'base/hpa.yaml': hpaFor('argoproj.io/v1alpha1', 'Rollout'),
  'base/kustomization.yaml': 'resources:\n  - rollout.yaml\n  - hpa.yaml\n',
};

test('kubectl: a JSON 6902 replace /spec/replicas on the Rollout is reported on the patch', async () => {
  const rows = await lintTree({
    ...BASE,
    'overlays/prod/kustomization.yaml': `resources:
  - ../../base
patches:
  - target:
      group: argoproj.io
      kind: Rollout
      name: api
    patch: |-
      - op: replace
        path: /spec/replicas
        value: 4
`,
  });
  assert.deepEqual(rows, [
    [
      'overlays/prod/kustomization.yaml',
      'replicas-conflict',
      9,
      20,
      `${MESSAGE(4)} (rendered overlay overlays/prod)`,
    ],
  ]);
});

test('kubectl: a replicas: entry cannot reach a Rollout: kustomize refuses it, said on the kustomization', async () => {
  const rows = await lintTree({
    ...BASE,
    'overlays/prod/kustomization.yaml':
      'resources:\n  - ../../base\nreplicas:\n  - name: api\n    count: 4\n',
  });
  // kustomize's replicas transformer knows the built-in kinds only; the overlay never renders.
  assert.deepEqual(
    rows.map((r) => r.slice(0, 4)),
    [['overlays/prod/kustomization.yaml', 'kustomize-render', 0, 0]],
  );
  assert.match(String(rows[0]![4]), /resource with name api does not match a config with the following GVK/);
});
