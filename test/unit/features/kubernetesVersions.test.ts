/**
 * The editor features keyed by the Kubernetes release: completion offers a per-direction tolerance
 * only where the release has the field (1.33+), and the minReplicas hover says what 0 does there
 * (scale to zero with ScaledToZero and a hand-set 0 staying paused, or the API server's refusal).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Hover, MarkupContent } from 'vscode-languageserver';
import { resolveClusterTarget, type ClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { provideCompletion } from '../../../server/src/features/completion';
import { provideHover } from '../../../server/src/features/hover';
import { FileModel } from '../../../server/src/yaml/documents';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { SERVER_PARSE } from '../../support/indexedFiles';

const HEAD = 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata:\n  name: worker\n';

function on(version: string, featureGates?: Record<string, boolean>): ClusterTarget {
  const resolved = resolveClusterTarget({ kubernetesVersion: version, featureGates });
  if (!resolved.ok) throw new Error(version);
  return resolved.value;
}

function completeKeys(cluster?: ClusterTarget): string[] {
  const text = `${HEAD}spec:\n  behavior:\n    scaleUp:\n      \n`;
  const file = new FileModel('file:///w/x.yaml', text, 1, undefined, SERVER_PARSE);
  const position = { line: 7, character: 6 };
  return provideCompletion(file, position, { locale: 'en', ...(cluster ? { cluster } : {}) }).map((i) =>
    String(i.label),
  );
}

test('completion offers tolerance from 1.33 only', () => {
  const all = ['stabilizationWindowSeconds', 'selectPolicy', 'policies', 'tolerance'];
  assert.deepEqual(completeKeys(), all);
  assert.deepEqual(completeKeys(on('1.35')), all);
  assert.deepEqual(completeKeys(on('1.33')), all);
  assert.deepEqual(completeKeys(on('1.31')), ['stabilizationWindowSeconds', 'selectPolicy', 'policies']);
});

const WORKER = `${HEAD}spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  metrics:
    - type: External
      external:
        metric: { name: queue_depth }
        target: { type: AverageValue, averageValue: "30" }
`;

function minReplicasHover(cluster?: ClusterTarget): string[] {
  const uri = 'file:///w/worker.yaml';
  const workspace = new WorkspaceIndex();
  workspace.setFile(new FileModel(uri, WORKER, 1, undefined, SERVER_PARSE));
  const hover = provideHover(
    workspace.getFile(uri)!,
    { line: 6, character: 4 },
    {
      locale: 'en',
      workspace,
      ...(cluster ? { cluster } : {}),
    },
  ) as Hover;
  // The release's lines come after the range and the ramp times.
  return (hover.contents as MarkupContent).value
    .split('\n\n')
    .at(-1)!
    .split('  \n')
    .filter((line) => /Kubernetes/.test(line));
}

test('the minReplicas hover says what 0 does on the release', () => {
  const on137 = minReplicasHover(on('1.37'));
  assert.match(on137.join(' '), /^On Kubernetes 1\.37, minReplicas 0 lets the HPA scale the workload to 0/);
  assert.match(on137.join(' '), /records the ScaledToZero condition/);
  assert.match(on137.join(' '), /A workload set to 0 by hand \(without ScaledToZero\) stays paused\./);
  assert.deepEqual(minReplicasHover(on('1.36')), [
    'Kubernetes 1.36 rejects minReplicas 0 unless the HPAScaleToZero gate is on (on by default from 1.37).',
  ]);
  assert.match(
    minReplicasHover(on('1.36', { HPAScaleToZero: true }))[0]!,
    /^On Kubernetes 1\.36 \(HPAScaleToZero=true\), minReplicas 0 lets/,
  );
  const assumed = minReplicasHover();
  assert.equal(
    assumed.at(-1),
    'Assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml for your cluster.',
  );
});
