/** The API-server rules, one by one, with the boundary values the upstream tests accept and reject. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { hpa, lint, only } from '../../support/inProcessLint';

const behaviorHpa = (direction: string, lines: string[]): string =>
  hpa(['maxReplicas: 10', 'behavior:', `  ${direction}:`, ...lines.map((l) => `    ${l}`)]);

describe('min-replicas', () => {
  test('-1 is rejected on the value, with the API wording', () => {
    const rows = lint(hpa(['minReplicas: -1', 'maxReplicas: 3']));
    assert.deepEqual(only(rows, 'min-replicas'), [[9, 15, 9, 17]]);
    assert.equal(rows[0][6], 'spec.minReplicas: Invalid value: -1: must be greater than or equal to 1');
  });
  test('0 without an Object or External metric is an error', () => {
    const rows = lint(hpa(['minReplicas: 0', 'maxReplicas: 3']));
    assert.deepEqual(
      rows.filter((r) => r[0] === 'min-replicas').map((r) => [r[1], r[6]]),
      [
        [
          'error',
          'spec.minReplicas: Invalid value: 0: must be greater than or equal to 1 (scaling to zero also needs at least one Object or External metric)',
        ],
      ],
    );
  });
  test('0 with an External metric, nothing configured: valid on the newest release, an info naming where it works', () => {
    const rows = lint(
      hpa([
        'minReplicas: 0',
        'maxReplicas: 3',
        'metrics:',
        '  - type: External',
        '    external:',
        '      metric: { name: queue }',
        '      target: { type: AverageValue, averageValue: "5" }',
      ]),
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === 'min-replicas').map((r) => r[1]),
      ['info'],
    );
  });
  test('1 and unset are fine', () => {
    assert.deepEqual(only(lint(hpa(['minReplicas: 1', 'maxReplicas: 3'])), 'min-replicas'), []);
    assert.deepEqual(only(lint(hpa(['maxReplicas: 3'])), 'min-replicas'), []);
  });
});

describe('max-replicas', () => {
  test('0 must be greater than 0', () => {
    const rows = lint(hpa(['maxReplicas: 0']));
    assert.deepEqual(only(rows, 'max-replicas'), [[9, 15, 9, 16]]);
    assert.equal(
      rows.find((r) => r[0] === 'max-replicas')?.[6],
      'spec.maxReplicas: Invalid value: 0: must be greater than 0',
    );
  });
  test('below minReplicas, with the literal backticks', () => {
    const rows = lint(hpa(['minReplicas: 7', 'maxReplicas: 5']));
    assert.deepEqual(
      rows.filter((r) => r[0] === 'max-replicas').map((r) => r[6]),
      ['spec.maxReplicas: Invalid value: 5: must be greater than or equal to `minReplicas`'],
    );
  });
  test('equal to minReplicas passes the API (scaling-disabled speaks instead)', () => {
    const rows = lint(hpa(['minReplicas: 5', 'maxReplicas: 5']));
    assert.deepEqual(only(rows, 'max-replicas'), []);
    assert.deepEqual(only(rows, 'scaling-disabled'), [[10, 15, 10, 16]]);
  });
});

describe('period-seconds-range', () => {
  test('1801 and 0 are rejected; 1 and 1800 accepted', () => {
    const rows = lint(
      behaviorHpa('scaleUp', [
        'policies:',
        '  - { type: Pods, value: 1, periodSeconds: 1801 }',
        '  - { type: Pods, value: 1, periodSeconds: 0 }',
        '  - { type: Pods, value: 1, periodSeconds: 1 }',
        '  - { type: Percent, value: 1, periodSeconds: 1800 }',
      ]),
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === 'period-seconds-range').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          13,
          49,
          13,
          53,
          'spec.behavior.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800',
        ],
        [
          14,
          49,
          14,
          50,
          'spec.behavior.scaleUp.policies[1].periodSeconds: Invalid value: 0: must be greater than zero',
        ],
      ],
    );
  });
});

describe('stabilization-window-range', () => {
  test('3601 and -1 are rejected; 0 and 3600 accepted', () => {
    const up = lint(behaviorHpa('scaleUp', ['stabilizationWindowSeconds: 3601']));
    assert.deepEqual(
      up.filter((r) => r[0] === 'stabilization-window-range').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          12,
          34,
          12,
          38,
          'spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600',
        ],
      ],
    );
    const down = lint(behaviorHpa('scaleDown', ['stabilizationWindowSeconds: -1']));
    assert.equal(
      down.find((r) => r[0] === 'stabilization-window-range')?.[6],
      'spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero',
    );
    for (const ok of [0, 3600]) {
      assert.deepEqual(
        only(
          lint(behaviorHpa('scaleDown', [`stabilizationWindowSeconds: ${ok}`])),
          'stabilization-window-range',
        ),
        [],
      );
    }
  });
});

describe('policy-value', () => {
  test('0 and -1 are rejected; a 1000% Percent policy is fine', () => {
    const rows = lint(
      behaviorHpa('scaleDown', [
        'policies:',
        '  - { type: Pods, value: 0, periodSeconds: 60 }',
        '  - { type: Percent, value: -1, periodSeconds: 60 }',
        '  - { type: Percent, value: 1000, periodSeconds: 60 }',
      ]),
    );
    assert.deepEqual(only(rows, 'policy-value'), [
      [13, 31, 13, 32],
      [14, 34, 14, 36],
    ]);
  });
});

describe('empty-policies', () => {
  test('an explicit [] is reported on the policies key; null takes the defaults', () => {
    const rows = lint(behaviorHpa('scaleUp', ['policies: []']));
    assert.deepEqual(only(rows, 'empty-policies'), [[12, 6, 12, 14]]);
    assert.equal(
      rows.find((r) => r[0] === 'empty-policies')?.[6],
      'spec.behavior.scaleUp.policies: Required value: must specify at least one Policy',
    );
    assert.deepEqual(only(lint(behaviorHpa('scaleUp', ['policies: null'])), 'empty-policies'), []);
  });
});

describe('select-policy', () => {
  test('MaxPolicySelect is unsupported; Max, Min and Disabled are fine', () => {
    const rows = lint(behaviorHpa('scaleUp', ['selectPolicy: MaxPolicySelect']));
    assert.deepEqual(
      rows.filter((r) => r[0] === 'select-policy').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          12,
          20,
          12,
          35,
          'spec.behavior.scaleUp.selectPolicy: Unsupported value: "MaxPolicySelect": supported values: "Disabled", "Max", "Min"',
        ],
      ],
    );
    for (const ok of ['Max', 'Min', 'Disabled'])
      assert.deepEqual(only(lint(behaviorHpa('scaleUp', [`selectPolicy: ${ok}`])), 'select-policy'), []);
  });
});

describe('tolerance-range', () => {
  test('negative and malformed tolerances are rejected; 0, 10, 100m, 1m accepted', () => {
    const negative = lint(behaviorHpa('scaleUp', ['tolerance: -0.1']));
    assert.deepEqual(
      negative.filter((r) => r[0] === 'tolerance-range').map((r) => r[6]),
      ['spec.behavior.scaleUp.tolerance: Invalid value: -0.1: must be greater than or equal to 0'],
    );
    assert.deepEqual(only(lint(behaviorHpa('scaleUp', ['tolerance: 5 percent'])), 'tolerance-range'), [
      [12, 17, 12, 26],
    ]);
    for (const ok of ['0', '10', '100m', '1m', '"0.05"'])
      assert.deepEqual(only(lint(behaviorHpa('scaleDown', [`tolerance: ${ok}`])), 'tolerance-range'), []);
  });
});

describe('metric-target', () => {
  const metricHpa = (lines: string[]): string =>
    hpa(['maxReplicas: 10', 'metrics:', ...lines.map((l) => `  ${l}`)]);
  test('Resource: neither target value nor utilization', () => {
    const rows = lint(
      metricHpa([
        '- type: Resource',
        '  resource:',
        '    name: memory',
        '    target:',
        '      type: Value',
        '      value: 200Mi',
      ]),
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === 'metric-target').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [
          14,
          8,
          14,
          14,
          'spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization',
        ],
      ],
    );
  });
  test('utilization must be at least 1; 300 is fine', () => {
    const m = (u: number) =>
      metricHpa([
        '- type: Resource',
        '  resource:',
        '    name: cpu',
        `    target: { type: Utilization, averageUtilization: ${u} }`,
      ]);
    assert.deepEqual(only(lint(m(0)), 'metric-target'), [[14, 57, 14, 58]]);
    assert.deepEqual(only(lint(m(300)), 'metric-target'), []);
  });
  test('the source named by type must be there, and no other', () => {
    const rows = lint(
      metricHpa([
        '- type: Pods',
        '  external:',
        '    metric: { name: q }',
        '    target: { type: Value, value: "1" }',
      ]),
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === 'metric-target').map((r) => r[6]),
      [
        'spec.metrics[0].pods: Required value: must populate information for the given metric source',
        'spec.metrics[0].external: Forbidden: must populate the given metric source only',
      ],
    );
  });
  test('a target value must be positive', () => {
    const rows = lint(
      metricHpa([
        '- type: Object',
        '  object:',
        '    describedObject: { kind: Ingress, name: main }',
        '    metric: { name: hits }',
        '    target: { type: Value, value: "-2" }',
      ]),
    );
    assert.deepEqual(
      rows.filter((r) => r[0] === 'metric-target').map((r) => r[6]),
      ['spec.metrics[0].object.target.value: Invalid value: "-2": must be positive'],
    );
  });
  test('valid metrics of every type pass', () => {
    const rows = lint(
      metricHpa([
        '- { type: Resource, resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } } }',
        '- { type: ContainerResource, containerResource: { name: cpu, container: app, target: { type: AverageValue, averageValue: 300m } } }',
        '- { type: Pods, pods: { metric: { name: rps }, target: { type: AverageValue, averageValue: "100" } } }',
        '- { type: Object, object: { describedObject: { apiVersion: networking.k8s.io/v1, kind: Ingress, name: main }, metric: { name: hits }, target: { type: Value, value: 2k } } }',
        '- { type: External, external: { metric: { name: queue }, target: { type: AverageValue, averageValue: "30" } } }',
      ]),
    );
    assert.deepEqual(rows, []);
  });
});

describe('scale-target-ref', () => {
  const refHpa = (apiVersion: string, kind: string, name: string): string =>
    [
      'apiVersion: autoscaling/v2',
      'kind: HorizontalPodAutoscaler',
      'metadata: { name: x }',
      'spec:',
      '  scaleTargetRef:',
      `    apiVersion: ${apiVersion}`,
      `    kind: ${kind}`,
      `    name: ${name}`,
      '  maxReplicas: 3',
      '',
    ].join('\n');
  test('empty kind is Required; .. and / are Invalid', () => {
    const rows = lint(refHpa('apps/v1', '""', '..'));
    assert.deepEqual(
      rows.filter((r) => r[0] === 'scale-target-ref').map((r) => [r[2], r[3], r[4], r[5], r[6]]),
      [
        [6, 10, 6, 12, 'spec.scaleTargetRef.kind: Required value'],
        [7, 10, 7, 12, 'spec.scaleTargetRef.name: Invalid value: "..": may not be \'..\''],
      ],
    );
  });
  test('an apiVersion without a group, except for ReplicationController', () => {
    assert.deepEqual(only(lint(refHpa('v1', 'Deployment', 'web')), 'scale-target-ref'), [[5, 16, 5, 18]]);
    assert.deepEqual(only(lint(refHpa('v1', 'ReplicationController', 'web')), 'scale-target-ref'), []);
  });
  test('extensions/v1beta1 no longer serves Deployments: an error (FailedGetScale)', () => {
    const rows = lint(refHpa('extensions/v1beta1', 'Deployment', 'web'));
    assert.deepEqual(
      rows.filter((r) => r[0] === 'scale-target-ref').map((r) => r[1]),
      ['error'],
    );
  });
});

describe('severity overrides', () => {
  test('hpa.rules turns a rule off or changes its severity', () => {
    const text = hpa(['maxReplicas: 0']);
    assert.deepEqual(only(lint(text, { rules: { 'max-replicas': 'off' } }), 'max-replicas'), []);
    assert.deepEqual(
      lint(text, { rules: { 'max-replicas': 'warning' } })
        .filter((r) => r[0] === 'max-replicas')
        .map((r) => r[1]),
      ['warning'],
    );
  });
});
