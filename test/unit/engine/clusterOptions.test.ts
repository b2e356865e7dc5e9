/**
 * The engine keyed by the Kubernetes release (common/engine/clusterOptions.ts): scale to zero and
 * back as the 1.36+/1.37 controller does it, never below 1 where the API server refuses
 * minReplicas 0, the ScaledToZero condition, a workload set to 0 by hand staying paused, and
 * per-direction tolerance only where the release honours it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  controllerOptionsFor,
  newControllerState,
  prepareHpa,
  simulate,
  syncPrepared,
  type HPASpec,
} from '../../../common/engine';
import { resolveClusterTarget, type ClusterTarget } from '../../../common/k8s/kubernetesVersions';

function cluster(version: string, featureGates?: Record<string, boolean>): ClusterTarget {
  const r = resolveClusterTarget({ kubernetesVersion: version, featureGates });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

const queueWorker: HPASpec = {
  scaleTargetRef: { kind: 'Deployment', name: 'worker' },
  minReplicas: 0,
  maxReplicas: 10,
  metrics: [
    {
      type: 'External',
      external: { metric: { name: 'queue_depth' }, target: { type: 'AverageValue', averageValue: '30' } },
    },
  ],
  behavior: { scaleDown: { stabilizationWindowSeconds: 0 } },
};

/** Queue depth: 90 messages for 2 minutes, empty for 4, then 150 again. */
const load = {
  metric: 'queue_depth',
  points: [
    { t: 0, value: 90_000 },
    { t: 120, value: 0 },
    { t: 360, value: 150_000 },
  ],
};

function run(target: ClusterTarget) {
  return simulate({
    spec: queueWorker,
    podRequests: {},
    initialReplicas: 3,
    durationSeconds: 600,
    loads: [load],
    podStartupSeconds: 0,
    mode: 'controller',
    options: controllerOptionsFor(target),
  });
}

const replicasAt = (steps: { t: number; replicas: number }[], t: number) =>
  steps.find((s) => s.t === t)?.replicas;

test('1.37: an External metric scales the workload to 0 and back up from 0', () => {
  const result = run(cluster('1.37'));
  const replicas = result.steps.map((s) => s.desiredReplicas);
  assert.equal(Math.min(...replicas), 0);
  assert.equal(replicasAt(result.steps, 105), 3);
  // Empty queue at 120 s: straight to 0 (no window, 100 % per 15 s).
  const firstZero = result.steps.find((s) => s.desiredReplicas === 0)!;
  assert.equal(firstZero.t, 120);
  // The queue fills again at 360 s: ceil(150 / 30) = 5 wanted; from 0 the default scale-up
  // policies allow max(0 + 4 Pods, 0 x 200 %) = 4 in the first sync, then 5.
  const woke = result.steps.find((s) => s.t > 120 && s.desiredReplicas > 0)!;
  assert.equal(woke.t, 360);
  assert.equal(woke.desiredReplicas, 4);
  assert.equal(result.steps.find((s) => s.t === 375)!.desiredReplicas, 5);
});

test('1.36 (HPAScaleToZero off): never below 1, the model runs with minReplicas 1', () => {
  const target = cluster('1.36');
  assert.equal(prepareHpa(queueWorker, controllerOptionsFor(target)).minReplicasRaised, true);
  const result = run(target);
  const replicas = result.steps.map((s) => s.desiredReplicas);
  assert.equal(Math.min(...replicas), 1);
  assert.equal(result.steps.find((s) => s.t === 360)!.desiredReplicas, 5);
});

test('1.36 with the gate on scales to 0 like 1.37', () => {
  const replicas = run(cluster('1.36', { HPAScaleToZero: true })).steps.map((s) => s.desiredReplicas);
  assert.equal(Math.min(...replicas), 0);
  assert.equal(replicas.at(-1), 5);
});

test('the ScaledToZero condition: True after scaling to 0, False on the next rescale', () => {
  const hpa = prepareHpa(queueWorker, controllerOptionsFor(cluster('1.37')));
  const state = newControllerState();
  const external = (value: number) => ({ externalMetrics: { queue_depth: [value] } });
  // 3 replicas, empty queue: 0.
  let r = syncPrepared(hpa, state, { specReplicas: 3, statusReplicas: 3, pods: [], ...external(0) }, 0);
  assert.equal(r.desiredReplicas, 0);
  assert.equal(r.conditions.ScaledToZero?.status, 'True');
  assert.equal(r.conditions.ScaledToZero?.reason, 'ScaledToZero');
  r = syncPrepared(hpa, state, { specReplicas: 0, statusReplicas: 0, pods: [], ...external(60_000) }, 15);
  assert.equal(r.desiredReplicas, 2);
  assert.equal(r.conditions.ScaledToZero?.status, 'False');
  assert.equal(r.conditions.ScaledToZero?.reason, 'NotScaledToZero');
});

test('a workload set to 0 by hand stays paused on 1.36+, wakes on 1.35 (released code)', () => {
  const snapshot = {
    specReplicas: 0,
    statusReplicas: 0,
    pods: [],
    externalMetrics: { queue_depth: [90_000] },
  };
  const on137 = prepareHpa(queueWorker, controllerOptionsFor(cluster('1.37')));
  const paused = syncPrepared(on137, newControllerState(), snapshot, 0);
  assert.equal(paused.desiredReplicas, 0);
  assert.equal(paused.decision, 'scalingDisabled');
  assert.equal(paused.conditions.ScalingActive?.reason, 'ScalingDisabled');
  const on135 = prepareHpa(queueWorker, controllerOptionsFor(cluster('1.35', {})));
  // 1.35 without the gate: the API server refuses minReplicas 0, so the model's minimum is 1 and
  // 0 by hand is maintenance mode.
  assert.equal(syncPrepared(on135, newControllerState(), snapshot, 0).decision, 'scalingDisabled');
  const on135Gate = prepareHpa(queueWorker, controllerOptionsFor(cluster('1.35', { HPAScaleToZero: true })));
  assert.equal(syncPrepared(on135Gate, newControllerState(), snapshot, 0).desiredReplicas, 3);
});

test('per-direction tolerance only where the release honours it', () => {
  const spec: HPASpec = {
    scaleTargetRef: { kind: 'Deployment', name: 'web' },
    minReplicas: 1,
    maxReplicas: 20,
    behavior: { scaleUp: { tolerance: 0.02 } },
  };
  const tolerancesOn = (target: ClusterTarget) => prepareHpa(spec, controllerOptionsFor(target)).tolerances;
  assert.deepEqual(tolerancesOn(cluster('1.31')), { scaleUp: 0.1, scaleDown: 0.1 });
  assert.deepEqual(tolerancesOn(cluster('1.34')), { scaleUp: 0.1, scaleDown: 0.1 });
  assert.deepEqual(tolerancesOn(cluster('1.34', { HPAConfigurableTolerance: true })), {
    scaleUp: 0.02,
    scaleDown: 0.1,
  });
  assert.deepEqual(tolerancesOn(cluster('1.35')), { scaleUp: 0.02, scaleDown: 0.1 });
  assert.deepEqual(tolerancesOn(cluster('1.35', { HPAConfigurableTolerance: false })), {
    scaleUp: 0.1,
    scaleDown: 0.1,
  });
  assert.deepEqual(tolerancesOn(cluster('1.37')), { scaleUp: 0.02, scaleDown: 0.1 });
});
