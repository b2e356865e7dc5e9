import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_CONTROLLER_OPTIONS,
  DEFAULT_METRICS,
  DEFAULT_SCALE_DOWN_RULES,
  DEFAULT_SCALE_UP_RULES,
  effectiveMinReplicas,
  resolveBehavior,
  resolveOptions,
  resolveTolerances,
} from '../../../common/engine';

test('controller flags have the kube-controller-manager defaults', () => {
  assert.deepEqual(
    { ...DEFAULT_CONTROLLER_OPTIONS },
    {
      syncPeriodSeconds: 15,
      tolerance: 0.1,
      downscaleStabilizationSeconds: 300,
      cpuInitializationPeriodSeconds: 300,
      initialReadinessDelaySeconds: 30,
      scaleUpLimitFactor: 2,
      scaleUpLimitMinimum: 4,
      configurableTolerance: true,
      missingPodsUseTargetAboveHundred: true,
      ignoreSucceededPods: false,
      scaleToZero: true,
      scaledToZeroCondition: true,
    },
  );
  assert.equal(resolveOptions({ syncPeriodSeconds: 30, tolerance: undefined }).syncPeriodSeconds, 30);
  assert.equal(resolveOptions({ tolerance: undefined }).tolerance, 0.1);
});

test('API defaults for behavior and metrics', () => {
  assert.deepEqual(DEFAULT_SCALE_UP_RULES, {
    stabilizationWindowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
    tolerance: null,
  });
  assert.deepEqual(DEFAULT_SCALE_DOWN_RULES, {
    stabilizationWindowSeconds: null,
    selectPolicy: 'Max',
    policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    tolerance: null,
  });
  assert.deepEqual(DEFAULT_METRICS, [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
  ]);
  assert.equal(effectiveMinReplicas({}), 1);
  assert.equal(effectiveMinReplicas({ minReplicas: 0 }), 0);
});

test('a nil behavior stays nil (legacy path); {} gets every default', () => {
  assert.equal(resolveBehavior(null), null);
  assert.equal(resolveBehavior(undefined), null);
  assert.deepEqual(resolveBehavior({}), {
    scaleUp: DEFAULT_SCALE_UP_RULES,
    scaleDown: DEFAULT_SCALE_DOWN_RULES,
  });
});

test('the merge is field by field and a user policy list replaces the defaults', () => {
  const b = resolveBehavior({ scaleDown: { stabilizationWindowSeconds: 60 } });
  assert.deepEqual(b?.scaleDown, {
    stabilizationWindowSeconds: 60,
    selectPolicy: 'Max',
    policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
    tolerance: null,
  });
  assert.deepEqual(b?.scaleUp, DEFAULT_SCALE_UP_RULES);
  const onePolicy = resolveBehavior({
    scaleUp: { policies: [{ type: 'Pods', value: 1, periodSeconds: 60 }] },
  });
  assert.deepEqual(onePolicy?.scaleUp.policies, [{ type: 'Pods', value: 1, periodSeconds: 60 }]);
  assert.deepEqual(resolveBehavior({ scaleUp: { policies: [] } })?.scaleUp.policies, []);
  const tol = resolveBehavior({ scaleUp: { tolerance: '50m' } });
  assert.equal(tol?.scaleUp.tolerance, 0.05);
  assert.equal(tol?.scaleUp.stabilizationWindowSeconds, 0);
  assert.equal(tol?.scaleUp.policies.length, 2);
});

test('per-direction tolerance applies only with the gate on and a behavior present', () => {
  const b = resolveBehavior({ scaleDown: { tolerance: 0.9 } });
  assert.deepEqual(resolveTolerances(b, resolveOptions()), { scaleDown: 0.9, scaleUp: 0.1 });
  assert.deepEqual(resolveTolerances(b, resolveOptions({ configurableTolerance: false })), {
    scaleDown: 0.1,
    scaleUp: 0.1,
  });
  assert.deepEqual(resolveTolerances(null, resolveOptions({ tolerance: 0.2 })), {
    scaleDown: 0.2,
    scaleUp: 0.2,
  });
});
