/** The behaviour smells, computed with the engine's ramp model. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hpa, lint, only } from '../../support/inProcessLint';

describe('slow-ramp', () => {
  const slow = hpa([
    'minReplicas: 2',
    'maxReplicas: 50',
    'behavior:',
    '  scaleUp:',
    '    policies: [{ type: Pods, value: 1, periodSeconds: 60 }]',
  ]);

  test('reported on scaleUp when min to max takes longer than the budget', () => {
    const rows = lint(slow);
    assert.deepEqual(only(rows, 'slow-ramp'), [[12, 4, 12, 11]]);
    // 48 steps of one Pod, one per 60 s period, the first at t = 0: 47 minutes.
    assert.equal(
      rows.find((r) => r[0] === 'slow-ramp')?.[6],
      'Under full load, scaling from 2 to 50 replicas takes 47 min, more than the budget of 10 min (hpa.slowRampBudgetSeconds)',
    );
  });
  test('the budget comes from hpa.slowRampBudgetSeconds', () => {
    assert.deepEqual(only(lint(slow, { slowRampBudgetSeconds: 2820 }), 'slow-ramp'), []);
    assert.deepEqual(only(lint(slow, { slowRampBudgetSeconds: 2819 }), 'slow-ramp'), [[12, 4, 12, 11]]);
  });
  test('the default behaviour ramps fast; without behavior the anchor would be maxReplicas', () => {
    assert.deepEqual(only(lint(hpa(['minReplicas: 1', 'maxReplicas: 100'])), 'slow-ramp'), []);
  });
  test('can be switched off', () => {
    assert.deepEqual(only(lint(slow, { rules: { 'slow-ramp': 'off' } }), 'slow-ramp'), []);
  });
});

describe('period-below-sync', () => {
  test('periods under 15 s are flagged; 15 is not', () => {
    const rows = lint(
      hpa([
        'maxReplicas: 5',
        'behavior:',
        '  scaleDown:',
        '    policies:',
        '      - { type: Pods, value: 1, periodSeconds: 5 }',
        '      - { type: Pods, value: 1, periodSeconds: 15 }',
      ]),
    );
    assert.deepEqual(only(rows, 'period-below-sync'), [[13, 49, 13, 50]]);
  });
});

describe('scaling-disabled and no-scale-down', () => {
  test('both directions Disabled: on the behavior key', () => {
    const rows = lint(
      hpa([
        'maxReplicas: 5',
        'behavior:',
        '  scaleUp: { selectPolicy: Disabled }',
        '  scaleDown: { selectPolicy: Disabled }',
      ]),
    );
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]]),
      [['scaling-disabled', 'warning', 10, 2, 10, 10]],
    );
  });
  test('scale-down Disabled alone: information on the value', () => {
    const rows = lint(hpa(['maxReplicas: 5', 'behavior:', '  scaleDown:', '    selectPolicy: Disabled']));
    assert.deepEqual(
      rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]]),
      [['no-scale-down', 'info', 12, 20, 12, 28]],
    );
  });
  test('a KEDA ScaledObject\u2019s advanced behavior is checked too', () => {
    const keda = [
      'apiVersion: keda.sh/v1alpha1',
      'kind: ScaledObject',
      'metadata: { name: q }',
      'spec:',
      '  scaleTargetRef: { name: worker }',
      '  maxReplicaCount: 40',
      '  advanced:',
      '    horizontalPodAutoscalerConfig:',
      '      behavior:',
      '        scaleUp:',
      '          policies: [{ type: Pods, value: 1, periodSeconds: 5 }, { type: Pods, value: 0, periodSeconds: 30 }]',
      '',
    ].join('\n');
    assert.deepEqual(
      lint(keda).map((r) => [r[0], r[2], r[3], r[4], r[5]]),
      [
        ['period-below-sync', 10, 60, 10, 61],
        ['policy-value', 10, 86, 10, 87],
      ],
    );
  });
});
