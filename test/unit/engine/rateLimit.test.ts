import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  describePolicyWinner,
  policyLimitAt,
  resolveBehavior,
  scaleDownLimit,
  scaleUpLimit,
  timeToScale,
} from '../../../common/engine';
import type { HPASpec } from '../../../common/engine';

test('Percent rounds up when scaling up and truncates when scaling down; Pods is exact', () => {
  assert.equal(policyLimitAt(3, { type: 'Percent', value: 50, periodSeconds: 15 }, 'up'), 5);
  assert.equal(policyLimitAt(3, { type: 'Percent', value: 50, periodSeconds: 15 }, 'down'), 1);
  assert.equal(policyLimitAt(3, { type: 'Pods', value: 2, periodSeconds: 15 }, 'up'), 5);
  assert.equal(policyLimitAt(3, { type: 'Pods', value: 2, periodSeconds: 15 }, 'down'), 1);
  // The controller's double arithmetic: 50 x 1.1 is a hair above 55, so ceil gives 56.
  assert.equal(policyLimitAt(50, { type: 'Percent', value: 10, periodSeconds: 15 }, 'up'), 56);
  assert.equal(policyLimitAt(10, { type: 'Percent', value: 10, periodSeconds: 15 }, 'up'), 11);
});

test('limits look back over each policy period, strictly, through both event lists', () => {
  const rules = resolveBehavior({
    scaleUp: { policies: [{ type: 'Pods', value: 4, periodSeconds: 60 }] },
  })!.scaleUp;
  const up = [{ replicaChange: 3, timestamp: -30, outdated: false }];
  const down = [{ replicaChange: 1, timestamp: -10, outdated: false }];
  assert.equal(scaleUpLimit(10, rules, up, down, 0), 10 - 3 + 1 + 4);
  const aged = [{ replicaChange: 3, timestamp: -60, outdated: false }];
  assert.equal(scaleUpLimit(10, rules, aged, [], 0), 14);
  const disabled = { ...rules, selectPolicy: 'Disabled' as const };
  assert.equal(scaleUpLimit(10, disabled, [], [], 0), 10);
  const downRules = resolveBehavior({
    scaleDown: {
      selectPolicy: 'Min',
      policies: [
        { type: 'Pods', value: 2, periodSeconds: 60 },
        { type: 'Percent', value: 50, periodSeconds: 60 },
      ],
    },
  })!.scaleDown;
  assert.equal(scaleDownLimit(10, downRules, [], [], 0), 8);
});

test('describePolicyWinner names the deciding policy and where another takes over', () => {
  const rules = {
    selectPolicy: 'Max' as const,
    policies: [
      { type: 'Pods' as const, value: 4, periodSeconds: 60 },
      { type: 'Percent' as const, value: 10, periodSeconds: 60 },
    ],
  };
  const at10 = describePolicyWinner(10, rules, 'up');
  assert.deepEqual(at10.winner, { type: 'Pods', value: 4, periodSeconds: 60 });
  assert.equal(at10.change, 4);
  assert.deepEqual(
    at10.perPolicy.map((p) => p.change),
    [4, 1],
  );
  assert.equal(at10.switchesAt, 41);
  assert.deepEqual(at10.switchesTo, { type: 'Percent', value: 10, periodSeconds: 60 });
  const at80 = describePolicyWinner(80, rules, 'up');
  assert.equal(at80.winnerIndex, 1);
  assert.equal(at80.change, 8);
  assert.equal(at80.switchesAt, null);
  const steep = describePolicyWinner(
    10,
    {
      selectPolicy: 'Max',
      policies: [
        { type: 'Percent', value: 150, periodSeconds: 60 },
        { type: 'Pods', value: 3, periodSeconds: 60 },
      ],
    },
    'down',
  );
  assert.deepEqual(
    steep.perPolicy.map((p) => p.change),
    [10, 3],
  ); // never more than all Pods
  const off = describePolicyWinner(10, { ...rules, selectPolicy: 'Disabled' }, 'down');
  assert.equal(off.winner, null);
  assert.equal(off.change, 0);
});

const web: HPASpec = {
  scaleTargetRef: { kind: 'Deployment', name: 'web' },
  minReplicas: 2,
  maxReplicas: 20,
  behavior: {
    scaleUp: {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [
        { type: 'Percent', value: 100, periodSeconds: 30 },
        { type: 'Pods', value: 4, periodSeconds: 30 },
      ],
    },
    scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] },
  },
};

test('timeToScale runs the real windows and policies', () => {
  const up = timeToScale(web, 'up');
  assert.equal(up.seconds, 60);
  assert.deepEqual(up.path, [
    { t: 0, replicas: 2 },
    { t: 0, replicas: 6 },
    { t: 30, replicas: 12 },
    { t: 60, replicas: 20 },
  ]);
  assert.equal(up.syncs, 5);
  const down = timeToScale(web, 'down');
  assert.equal(down.seconds, 780); // 300 s window, then 2 Pods a minute from 20 to 2
  assert.equal(down.path.length, 10);
  const legacy = { ...web, behavior: null };
  assert.equal(timeToScale(legacy, 'up').seconds, 45); // 2 -> 4 -> 8 -> 16 -> 20
  assert.equal(timeToScale(legacy, 'down').seconds, 315); // the legacy window is inclusive
  assert.equal(
    timeToScale({ ...web, behavior: { scaleDown: { selectPolicy: 'Disabled' } } }, 'down').seconds,
    null,
  );
  const stuck = timeToScale(
    {
      ...web,
      minReplicas: 0,
      behavior: { scaleUp: { policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] } },
    },
    'up',
  );
  assert.equal(stuck.seconds, null);
  assert.equal(timeToScale({ ...web, minReplicas: 20 }, 'up').seconds, 0);
});
