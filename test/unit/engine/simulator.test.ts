/**
 * The simulator and the load profiles: determinism, Pod start-up, formula mode, bad input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildSimulationInput,
  LOAD_PROFILES,
  makeProfileLoad,
  simulate,
  targetTotalFor,
  type HPASpec,
} from '../../../common/engine';

const spec: HPASpec = {
  scaleTargetRef: { kind: 'Deployment', name: 'web' },
  minReplicas: 2,
  maxReplicas: 20,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
  ],
  behavior: { scaleUp: { policies: [{ type: 'Percent', value: 1000, periodSeconds: 15 }] } },
};

test('profiles are deterministic, seeded, and sized from the target', () => {
  assert.deepEqual(
    LOAD_PROFILES.map((p) => p.name),
    ['night', 'normal', 'burst', 'ramp', 'daily', 'spike-train'],
  );
  const a = makeProfileLoad('normal', { metric: 'cpu', targetTotal: 1000, durationSeconds: 150 });
  const b = makeProfileLoad('normal', { metric: 'cpu', targetTotal: 1000, durationSeconds: 150 });
  assert.deepEqual(a, b);
  assert.equal(a.points.length, 11);
  assert.ok(
    a.points.every((p) => p.value >= 920 && p.value <= 1080),
    'jitter stays within ±8 %',
  );
  const other = makeProfileLoad('normal', {
    metric: 'cpu',
    targetTotal: 1000,
    durationSeconds: 150,
    seed: 2,
  });
  assert.notDeepEqual(a.points, other.points);
  const flat = makeProfileLoad('night', { metric: 'cpu', targetTotal: 1000, durationSeconds: 30, noise: 0 });
  assert.deepEqual(flat.points, [
    { t: 0, value: 300 },
    { t: 15, value: 300 },
    { t: 30, value: 300 },
  ]);
  const ramp = makeProfileLoad('ramp', {
    metric: 'cpu',
    targetTotal: 1000,
    durationSeconds: 100,
    noise: 0,
    peak: 3,
    stepSeconds: 50,
  });
  assert.deepEqual(ramp.points, [
    { t: 0, value: 300 },
    { t: 50, value: 1650 },
    { t: 100, value: 3000 },
  ]);
  assert.throws(
    () => makeProfileLoad('storm', { metric: 'cpu', targetTotal: 1, durationSeconds: 1 }),
    /unknown load profile "storm"/,
  );
  assert.equal(targetTotalFor(spec.metrics![0]!, 4, { cpu: 250 }), 500);
});

test('the same input gives the same result', () => {
  const input = buildSimulationInput(spec, { cpu: 250 }, { profile: 'spike-train', durationSeconds: 1800 });
  assert.deepEqual(simulate(input), simulate(input));
});

test('new Pods count as ready only after the start-up time', () => {
  const input = buildSimulationInput(
    spec,
    { cpu: 250 },
    {
      profile: 'burst',
      durationSeconds: 600,
      podStartupSeconds: 45,
      noise: 0,
      peak: 4,
    },
  );
  const steps = simulate(input).steps;
  const up = steps.findIndex((s) => s.desiredReplicas > s.replicas);
  const t0 = steps[up]!.t;
  assert.equal(steps[up]!.desiredReplicas, 8);
  assert.deepEqual(
    steps.slice(up + 1, up + 5).map((s) => [s.t - t0, s.replicas, s.readyReplicas]),
    [
      [15, 8, 2],
      [30, 8, 2],
      [45, 8, 8],
      [60, 8, 8],
    ],
  );
});

test('formula mode is the bare formula: no tolerance, no window, no min clamp', () => {
  const input = buildSimulationInput(
    spec,
    { cpu: 250 },
    { profile: 'night', durationSeconds: 60, noise: 0, mode: 'formula', initialReplicas: 4 },
  );
  const steps = simulate(input).steps;
  // 4 Pods at 30 % of a 50 % target: ceil(4 x 15 / 50) = 2 at once, no 300 s wait.
  assert.equal(steps[0]!.desiredReplicas, 2);
  assert.equal(steps[0]!.reason, 'scaledDown');
  assert.equal(steps[0]!.stabilizedReplicas, null);
});

test('malformed specs and absurd sizes never throw', () => {
  const broken = [
    { scaleTargetRef: { kind: 'D', name: 'x' }, maxReplicas: 5, metrics: [{ type: 'Resource' }] },
    { scaleTargetRef: { kind: 'D', name: 'x' }, maxReplicas: 5, metrics: 'oops' },
    { scaleTargetRef: { kind: 'D', name: 'x' }, maxReplicas: Number.NaN },
    {
      scaleTargetRef: { kind: 'D', name: 'x' },
      maxReplicas: 5,
      metrics: [{ type: 'Pods', pods: {} }, { type: 'Object' }],
    },
    {
      scaleTargetRef: { kind: 'D', name: 'x' },
      maxReplicas: 5,
      metrics: [
        { type: 'External', external: { metric: { name: 'q' }, target: { type: 'Value', value: 'abc' } } },
      ],
    },
  ] as unknown as HPASpec[];
  for (const s of broken) {
    for (const mode of ['controller', 'formula'] as const) {
      const result = simulate(
        buildSimulationInput(s, { cpu: 100 }, { profile: 'burst', durationSeconds: 150, mode }),
      );
      assert.equal(result.steps.length, 10);
    }
  }
  const huge = simulate({
    ...buildSimulationInput(spec, { cpu: 100 }, { durationSeconds: 30 }),
    initialReplicas: 1e12,
  });
  assert.equal(huge.steps[0]!.replicas, 10_000);
});

test('each Pod reads its share rounded up to a milli-unit, as the metrics client does: 11001m over 10 Pods scales to 12', () => {
  const averageValue: HPASpec = {
    scaleTargetRef: { kind: 'Deployment', name: 'web' },
    minReplicas: 10,
    maxReplicas: 20,
    metrics: [
      { type: 'Resource', resource: { name: 'cpu', target: { type: 'AverageValue', averageValue: '1' } } },
    ],
  };
  const run = (load: number) =>
    simulate(
      buildSimulationInput(
        averageValue,
        { cpu: 1000 },
        {
          initialReplicas: 10,
          durationSeconds: 15,
          podStartupSeconds: 0,
          loads: [{ metric: 'cpu', points: [{ t: 0, value: load }] }],
        },
      ),
    ).steps[0]!;
  // 1101m per Pod: ratio 1.101 is outside the 10 % tolerance, ceil(1.101 x 10) = 12.
  const over = run(11001);
  assert.equal(over.metrics[0]?.value, 1101);
  assert.equal(over.desiredReplicas, 12);
  // 11000m reads exactly 1100m: ratio 1.1 is inside the tolerance, the HPA stays at 10.
  const at = run(11000);
  assert.equal(at.metrics[0]?.value, 1100);
  assert.equal(at.desiredReplicas, 10);
});
