/**
 * One whole sync: special cases, the history seed, metric failures, conditions, decision codes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  newControllerState,
  podsMetricKey,
  syncHpa,
  timeToScale,
  type ClusterSnapshot,
  type HPASpec,
  type PodSnapshot,
} from '../../../common/engine';

const spec: HPASpec = {
  scaleTargetRef: { kind: 'Deployment', name: 'x' },
  minReplicas: 2,
  maxReplicas: 10,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
  ],
  behavior: {},
};

function pods(usages: (number | null)[], extra: Partial<PodSnapshot> = {}): PodSnapshot[] {
  return usages.map((u, i) => ({
    name: `p${i}`,
    phase: 'Running',
    ready: true,
    requests: { cpu: 1000 },
    usage: { cpu: u, [podsMetricKey('rps')]: u },
    ...extra,
  }));
}

function snapshot(usages: (number | null)[]): ClusterSnapshot {
  return { specReplicas: usages.length, statusReplicas: usages.length, pods: pods(usages) };
}

test('a fresh controller seeds its history and holds the first scale-down; an empty history does not', () => {
  const fresh = newControllerState();
  const held = syncHpa(spec, fresh, snapshot([200, 200, 200, 200]), 0);
  assert.equal(held.proposal, 2);
  assert.equal(held.desiredReplicas, 4);
  assert.equal(held.decision, 'heldByScaleDownWindow');
  assert.equal(held.limitedBy, 'ScaleDownStabilized');
  assert.deepEqual(fresh.recommendations, [
    { replicas: 4, timestamp: 0 },
    { replicas: 2, timestamp: 0 },
  ]);
  const empty = { ...newControllerState(), recommendations: [] };
  const moved = syncHpa(spec, empty, snapshot([200, 200, 200, 200]), 0);
  assert.equal(moved.desiredReplicas, 2);
  assert.equal(moved.decision, 'scaledDown');
  assert.equal(moved.conditions.AbleToScale?.reason, 'SucceededRescale');
  assert.equal(
    moved.conditions.AbleToScale?.message,
    'the HPA controller was able to update the target scale to 2',
  );
  assert.deepEqual(empty.scaleDownEvents, [{ replicaChange: 2, timestamp: 0, outdated: false }]);
});

test('special cases come before metrics', () => {
  const zero = syncHpa(spec, newControllerState(), { specReplicas: 0, statusReplicas: 0, pods: [] }, 0);
  assert.equal(zero.decision, 'scalingDisabled');
  assert.equal(zero.desiredReplicas, 0);
  assert.equal(zero.conditions.ScalingActive?.reason, 'ScalingDisabled');
  const above = syncHpa(spec, newControllerState(), snapshot(Array(12).fill(500)), 0);
  assert.equal(above.decision, 'aboveMax');
  assert.equal(above.desiredReplicas, 10);
  assert.deepEqual(above.metrics, []);
  assert.equal(above.rescaleReason, 'Current number of replicas above Spec.MaxReplicas');
  const below = syncHpa(spec, newControllerState(), snapshot([500]), 0);
  assert.equal(below.decision, 'belowMin');
  assert.equal(below.desiredReplicas, 2);
});

test('a failed metric blocks a scale-down but not a scale-up', () => {
  const two: HPASpec = {
    ...spec,
    metrics: [
      ...(spec.metrics ?? []),
      { type: 'External', external: { metric: { name: 'queue' }, target: { type: 'Value', value: '10' } } },
    ],
  };
  const down = syncHpa(
    two,
    { ...newControllerState(), recommendations: [] },
    snapshot([100, 100, 100, 100]),
    0,
  );
  assert.equal(down.decision, 'invalidMetricsBlockScaleDown');
  assert.equal(down.desiredReplicas, 4);
  assert.equal(down.conditions.ScalingActive?.reason, 'FailedGetExternalMetric');
  assert.equal(
    down.conditions.ScalingActive?.message,
    'the HPA was unable to compute the replica count: unable to get external metric queue: no metrics returned from external metrics API',
  );
  assert.equal(down.conditions.ScalingLimited, undefined);
  const up = syncHpa(
    two,
    { ...newControllerState(), recommendations: [] },
    snapshot([900, 900, 900, 900]),
    0,
  );
  assert.equal(up.desiredReplicas, 8);
  assert.equal(up.conditions.ScalingActive?.reason, 'ValidMetricFound');
  assert.equal(
    up.error,
    'unable to get external metric queue: no metrics returned from external metrics API',
  );
  assert.equal(up.rescaleReason, 'cpu resource utilization (percentage of request) above target');
});

test('Pods metrics average over the Pods; missing requests fail the Utilization metric', () => {
  const podsSpec: HPASpec = {
    ...spec,
    metrics: [
      {
        type: 'Pods',
        pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '100m' } },
      },
    ],
  };
  const r = syncHpa(podsSpec, { ...newControllerState(), recommendations: [] }, snapshot([200, 200, 200]), 0);
  assert.equal(r.metrics[0]?.value, 200);
  assert.equal(r.proposal, 6);
  const noRequest: ClusterSnapshot = {
    specReplicas: 2,
    statusReplicas: 2,
    pods: pods([100, 100], { requests: {} }),
  };
  const failed = syncHpa(spec, newControllerState(), noRequest, 0);
  assert.equal(failed.decision, 'noMetrics');
  assert.equal(failed.metrics[0]?.error, 'missing request for cpu in Pod p0');
  assert.equal(failed.conditions.ScalingActive?.reason, 'FailedGetResourceMetric');
});

test('timeToScale reports a ramp longer than its horizon as truncated', () => {
  const slow: HPASpec = {
    ...spec,
    minReplicas: 1,
    maxReplicas: 100_000,
    behavior: { scaleUp: { policies: [{ type: 'Pods', value: 1, periodSeconds: 1800 }] } },
  };
  const r = timeToScale(slow, 'up');
  assert.equal(r.seconds, null);
  assert.equal(r.truncated, true);
  assert.equal(r.path[1]?.replicas, 2);
});
