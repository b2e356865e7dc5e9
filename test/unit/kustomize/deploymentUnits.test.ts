/**
 * What one overlay deploys (workspace/deployment.ts, kustomize/deploymentUnits.ts), through
 * `hpa-lint` with the real kustomize (`kubectl kustomize`): objects pair only when one apply sends
 * them together (one rendered overlay, or one folder no kustomization governs); a `$patch: delete`
 * document is no object; a name a component leaves to its consumer's `namePrefix` is judged as the
 * consumer renders it; a file in a kustomize tree that no kustomization lists gets hints saying so.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { lintTree as lintFilesOnDisk } from '../../support/diskTree';
import { skipUnlessOnPath } from '../../support/tools';

/** [file, rule, severity, line, character, message] */
type Row = [string, string, string, number, number, string];

async function lintTree(files: Record<string, string>, args: string[] = []): Promise<Row[]> {
  return (await lintFilesOnDisk(files, args)).map((f) => [
    f.file,
    f.rule,
    f.severity,
    f.line,
    f.character,
    f.message,
  ]);
}

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: web
          image: web:1
          resources:
            requests: { cpu: 100m, memory: 128Mi }
`;

function hpa(name: string, target = 'web'): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${target} }
  minReplicas: 2
  maxReplicas: 6
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 60 }
`;
}

const VPA = `apiVersion: autoscaling.k8s.io/v1
kind: VerticalPodAutoscaler
metadata:
  name: web-vpa
spec:
  targetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  updatePolicy: { updateMode: Auto }
`;

const VPA_MESSAGE =
  'VerticalPodAutoscaler "web-vpa" (updateMode Auto) also controls the cpu request of Deployment "web": it changes the request this HPA divides by, and the two autoscalers work against each other; scale on another metric or set the VPA to Initial or Off for cpu';

const REPLICAS_MESSAGE = (hpaName: string, count: number) =>
  `spec.replicas is managed by HorizontalPodAutoscaler "${hpaName}": every apply resets it to ${count} and undoes the autoscaler\u2019s choice; remove the field`;

const UNDEPLOYED = ' (no kustomization lists this file, so nothing deploys it)';

describe('what one overlay deploys (kubectl kustomize)', { skip: skipUnlessOnPath('kubectl') }, () => {
  const BASE = {
    'base/deployment.yaml': DEPLOYMENT,
    'base/kustomization.yaml': 'resources:\n  - deployment.yaml\n',
  };

  test('a VPA only the production overlay lists conflicts with its HPA, never with staging\u2019s', async () => {
    const rows = await lintTree({
      ...BASE,
      'overlays/staging/hpa.yaml': hpa('web'),
      'overlays/staging/kustomization.yaml': 'resources:\n  - ../../base\n  - hpa.yaml\n',
      'overlays/production/hpa.yaml': hpa('web'),
      'overlays/production/vpa.yaml': VPA,
      'overlays/production/kustomization.yaml': 'resources:\n  - ../../base\n  - hpa.yaml\n  - vpa.yaml\n',
    });
    assert.deepEqual(rows, [
      ['overlays/production/hpa.yaml', 'vpa-conflict', 'warning', 11, 14, VPA_MESSAGE],
    ]);
  });

  test('an overlay\u2019s namePrefix renames the Deployment and the HPA\u2019s reference, not the VPA\u2019s: no conflict reaches the cluster', async () => {
    const rows = await lintTree({
      ...BASE,
      'overlays/production/hpa.yaml': hpa('web'),
      'overlays/production/vpa.yaml': VPA,
      'overlays/production/kustomization.yaml':
        'namePrefix: prod-\nresources:\n  - ../../base\n  - hpa.yaml\n  - vpa.yaml\n',
    });
    assert.deepEqual(rows, []);
  });

  test('an HPA no kustomization lists manages no replicas; its own findings are hints that say why', async () => {
    const rows = await lintTree({
      'base/deployment.yaml': DEPLOYMENT.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector'),
      'base/hpa.yaml': hpa('web').replace('maxReplicas: 6', 'maxReplicas: 1'),
      'base/kustomization.yaml': 'resources:\n  - deployment.yaml\n  # - hpa.yaml\n',
    });
    assert.deepEqual(rows, [
      [
        'base/hpa.yaml',
        'max-replicas',
        'hint',
        7,
        15,
        `spec.maxReplicas: Invalid value: 1: must be greater than or equal to \`minReplicas\`${UNDEPLOYED}`,
      ],
    ]);
  });

  test('listed, the same HPA manages the replicas of its target: reported on the base file', async () => {
    const rows = await lintTree({
      'base/deployment.yaml': DEPLOYMENT.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector'),
      'base/hpa.yaml': hpa('web'),
      'base/kustomization.yaml': 'resources:\n  - deployment.yaml\n  - hpa.yaml\n',
    });
    assert.deepEqual(rows, [
      ['base/deployment.yaml', 'replicas-conflict', 'warning', 5, 2, REPLICAS_MESSAGE('web', 3)],
    ]);
  });

  test('a `$patch: delete` document is no HPA: no findings on it, and the overlay renders without the HPA', async () => {
    const rows = await lintTree({
      ...BASE,
      'base/hpa.yaml': `apiVersion: autoscaling/v1
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 4
`,
      'base/kustomization.yaml': 'resources:\n  - deployment.yaml\n  - hpa.yaml\n',
      'overlays/dev/no-hpa.yaml':
        '$patch: delete\napiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n',
      'overlays/dev/kustomization.yaml':
        'resources:\n  - ../../base\npatchesStrategicMerge:\n  - no-hpa.yaml\n',
    });
    const v1 =
      'autoscaling/v1 is served and stable, but scales on cpu utilization only and has no behavior: autoscaling/v2 adds memory, custom metrics and scaling policies';
    assert.deepEqual(rows, [['base/hpa.yaml', 'autoscaling-v1-cpu-only', 'hint', 0, 12, v1]]);
  });

  test('a component\u2019s name completed by its consumer\u2019s namePrefix is judged as rendered', async () => {
    const component = {
      'components/hpa/hpa.yaml': hpa('-web', '-web'),
      'components/hpa/kustomization.yaml':
        'apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n  - hpa.yaml\n',
      'workload/deployment.yaml': DEPLOYMENT.replace('name: web\nspec', 'name: -web\nspec'),
      'workload/kustomization.yaml': 'resources:\n  - deployment.yaml\n',
    };
    const prefixed = await lintTree({
      ...component,
      'app/kustomization.yaml':
        'namePrefix: shop\nresources:\n  - ../workload\ncomponents:\n  - ../components/hpa\n',
    });
    assert.deepEqual(prefixed, []);
    // A second consumer without a prefix renders the name as written: the API server refuses it.
    const both = await lintTree({
      ...component,
      'app/kustomization.yaml':
        'namePrefix: shop\nresources:\n  - ../workload\ncomponents:\n  - ../components/hpa\n',
      'bare/kustomization.yaml': 'resources:\n  - ../workload\ncomponents:\n  - ../components/hpa\n',
    });
    assert.deepEqual(
      both.filter((r) => r[0] === 'components/hpa/hpa.yaml'),
      [
        [
          'components/hpa/hpa.yaml',
          'schema',
          'error',
          3,
          8,
          `metadata.name: Invalid value: "-web": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character`,
        ],
      ],
    );
  });
});

describe('folders no kustomization governs', () => {
  test('an HPA and a VPA in one folder conflict; a VPA in another folder does not reach the cluster with it', async () => {
    const together = await lintTree(
      { 'app/deployment.yaml': DEPLOYMENT, 'app/hpa.yaml': hpa('web'), 'app/vpa.yaml': VPA },
      ['--no-kustomize'],
    );
    assert.deepEqual(together, [['app/hpa.yaml', 'vpa-conflict', 'warning', 11, 14, VPA_MESSAGE]]);
    const apart = await lintTree(
      { 'app/deployment.yaml': DEPLOYMENT, 'app/hpa.yaml': hpa('web'), 'tuning/vpa.yaml': VPA },
      ['--no-kustomize'],
    );
    assert.deepEqual(apart, []);
  });

  test('an HPA manages the replicas of a workload in its own folder only', async () => {
    const replicated = DEPLOYMENT.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');
    const together = await lintTree({ 'app/deployment.yaml': replicated, 'app/hpa.yaml': hpa('web') }, [
      '--no-kustomize',
    ]);
    assert.deepEqual(together, [
      ['app/deployment.yaml', 'replicas-conflict', 'warning', 5, 2, REPLICAS_MESSAGE('web', 3)],
    ]);
    const apart = await lintTree({ 'app/deployment.yaml': replicated, 'autoscaling/hpa.yaml': hpa('web') }, [
      '--no-kustomize',
    ]);
    assert.deepEqual(apart, []);
  });

  test('a `$patch: delete` document outside any kustomization is no object either', async () => {
    const rows = await lintTree(
      {
        'delete-hpa.yaml':
          '$patch: delete\napiVersion: autoscaling/v1\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: web\n',
      },
      ['--no-kustomize'],
    );
    assert.deepEqual(rows, []);
  });
});
