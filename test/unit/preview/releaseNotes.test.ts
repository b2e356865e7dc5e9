/**
 * The panel's words for the release it models: which release and where it came from, and what in
 * this HPA's run holds only on it (scale to zero, a per-direction tolerance), in en and ja.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeTarget, resolveClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { controllerOptionsFor } from '../../../common/engine/clusterOptions';
import type { PreviewCluster, PreviewModel } from '../../../common/protocol';
import { releaseNotes } from '../../../common/preview/releaseNotes';

function cluster(version: string | undefined, source?: PreviewCluster['source']): PreviewCluster {
  const resolved = resolveClusterTarget({ kubernetesVersion: version });
  if (!resolved.ok) throw new Error(JSON.stringify(resolved.error));
  return {
    release: describeTarget(resolved.value),
    configured: resolved.value.configured,
    options: controllerOptionsFor(resolved.value),
    ...(source ? { source } : {}),
  };
}

function model(spec: Partial<PreviewModel['spec']>, c: PreviewCluster | undefined): PreviewModel {
  return {
    uri: 'file:///r/worker.yaml',
    documentIndex: 0,
    name: 'worker',
    spec: { maxReplicas: 10, ...spec } as PreviewModel['spec'],
    podRequests: {},
    containerRequests: {},
    target: null,
    notes: [],
    ...(c ? { cluster: c } : {}),
  };
}

const prod = { origin: 'file', file: 'envs/prod/.hpa-lint.yaml' } as const;

test('the release and where it came from: a config file, the settings, or the newest assumed', () => {
  assert.deepEqual(releaseNotes('en', model({ minReplicas: 2 }, cluster('1.35', prod))), [
    'Kubernetes 1.35 (from envs/prod/.hpa-lint.yaml)',
  ]);
  assert.deepEqual(releaseNotes('en', model({ minReplicas: 2 }, cluster('1.36', { origin: 'settings' }))), [
    'Kubernetes 1.36 (from the hpa.kubernetesVersion setting)',
  ]);
  assert.deepEqual(releaseNotes('en', model({ minReplicas: 2 }, cluster(undefined))), [
    'Kubernetes 1.37 assumed, the newest release: set kubernetesVersion in .hpa-lint.yaml for your cluster',
  ]);
  assert.deepEqual(releaseNotes('en', model({ minReplicas: 2 }, undefined)), [], 'an older server: nothing');
  assert.deepEqual(releaseNotes('ja', model({ minReplicas: 2 }, cluster('1.35', prod))), [
    'Kubernetes 1.35 (envs/prod/.hpa-lint.yamlの指定)',
  ]);
});

test('what depends on it: scale to zero on 1.37 and not on 1.35; a per-direction tolerance on 1.34 and 1.35', () => {
  assert.deepEqual(releaseNotes('en', model({ minReplicas: 0 }, cluster('1.37', prod))).slice(1), [
    'Scaling to 0 depends on the release: Kubernetes 1.37 scales this workload to 0 and back.',
  ]);
  assert.deepEqual(releaseNotes('en', model({ minReplicas: 0 }, cluster('1.35', prod))).slice(1), [
    'Scaling to 0 depends on the release: Kubernetes 1.35 refuses minReplicas 0, so this run never goes below 1.',
  ]);
  const tolerance = { minReplicas: 2, behavior: { scaleUp: { tolerance: '0.05' } } } as Partial<
    PreviewModel['spec']
  >;
  assert.deepEqual(releaseNotes('en', model(tolerance, cluster('1.34', prod))).slice(1), [
    'The per-direction tolerance depends on the release: Kubernetes 1.34 ignores it, so this run scales at the cluster-wide 0.1.',
  ]);
  assert.deepEqual(releaseNotes('en', model(tolerance, cluster('1.35', prod))).slice(1), [
    'The per-direction tolerance depends on the release: Kubernetes 1.35 honours it.',
  ]);
});
