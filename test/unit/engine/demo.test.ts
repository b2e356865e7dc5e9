/**
 * The book chapter's demo, as tests: tolerance and stabilization against the bare formula, a
 * burst, the wait after it, the max clamp, and one high recommendation blocking a scale-down.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  burstWindow,
  buildSimulationInput,
  simulate,
  type HPASpec,
  type LoadSeries,
} from '../../../common/engine';

function cpuHpa(overrides: Partial<HPASpec> = {}): HPASpec {
  return {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'demo' },
    minReplicas: 1,
    maxReplicas: 10,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
      },
    ],
    behavior: {},
    ...overrides,
  };
}

const requests = { cpu: 1000 };

test('normal load: no scale event in 10 syncs with the defaults, while the bare formula flaps', () => {
  const base = { profile: 'normal', initialReplicas: 4, durationSeconds: 150, podStartupSeconds: 0 };
  const controller = simulate(buildSimulationInput(cpuHpa(), requests, base));
  assert.equal(controller.steps.length, 10);
  assert.deepEqual(
    controller.steps.map((s) => s.desiredReplicas),
    Array(10).fill(4),
  );
  assert.ok(controller.steps.every((s) => s.reason === 'withinTolerance'));
  const formula = simulate(buildSimulationInput(cpuHpa(), requests, { ...base, mode: 'formula' }));
  const ups = formula.steps.filter((s) => s.desiredReplicas > s.replicas).length;
  const downs = formula.steps.filter((s) => s.desiredReplicas < s.replicas).length;
  assert.ok(ups >= 2 && downs >= 2, `formula should flap, got ${ups} ups and ${downs} downs`);
});

const burstOptions = {
  profile: 'burst',
  initialReplicas: 2,
  durationSeconds: 1200,
  podStartupSeconds: 0,
  noise: 0,
  peak: 4,
};
const fastUp: HPASpec['behavior'] = {
  scaleUp: { policies: [{ type: 'Percent', value: 1000, periodSeconds: 15 }] },
};

test('burst: the needed count in one sync when the policies allow it', () => {
  const result = simulate(buildSimulationInput(cpuHpa({ behavior: fastUp }), requests, burstOptions));
  const { start } = burstWindow(1200);
  const atBurst = result.steps.find((s) => s.t === start);
  assert.equal(atBurst?.replicas, 2);
  assert.equal(atBurst?.metrics[0]?.utilization, 200);
  assert.equal(atBurst?.desiredReplicas, 8);
  assert.equal(atBurst?.reason, 'scaledUp');
  // The default policies (4 Pods or 100 % per 15 s) need two syncs for the same step.
  const defaults = simulate(buildSimulationInput(cpuHpa(), requests, burstOptions));
  assert.equal(defaults.steps.find((s) => s.t === start)?.desiredReplicas, 6);
  assert.equal(defaults.steps.find((s) => s.t === start)?.reason, 'limitedByScaleUpPolicy');
});

test('after the burst, scale-down waits for the 300 s window', () => {
  const result = simulate(buildSimulationInput(cpuHpa({ behavior: fastUp }), requests, burstOptions));
  const { end } = burstWindow(1200);
  const firstDown = result.steps.find((s) => s.desiredReplicas < s.replicas);
  // The last high recommendation is at end - 15; it stops counting when it is exactly 300 s old.
  assert.equal(firstDown?.t, end - 15 + 300);
  assert.equal(firstDown?.desiredReplicas, 1);
  const waiting = result.steps.filter((s) => s.t >= end && s.t < end - 15 + 300);
  assert.ok(
    waiting.length > 0 &&
      waiting.every((s) => s.reason === 'heldByScaleDownWindow' && s.desiredReplicas === 8),
  );
});

test('a formula result of 16 with max 5 gives 5', () => {
  const spec = cpuHpa({ maxReplicas: 5, behavior: fastUp });
  const input = buildSimulationInput(spec, requests, { ...burstOptions, peak: 8 });
  const result = simulate(input);
  const { start } = burstWindow(1200);
  const step = result.steps.find((s) => s.t === start);
  assert.equal(step?.proposedReplicas, 16);
  assert.equal(step?.desiredReplicas, 5);
  assert.equal(step?.limitedBy, 'TooManyReplicas');
  assert.equal(step?.reason, 'clampedToMax');
});

test('a single high recommendation inside the window blocks a scale-down', () => {
  // Scale-up disabled, so the spike only leaves its recommendation in the history.
  const spec = cpuHpa({ behavior: { scaleUp: { selectPolicy: 'Disabled' } } });
  const low = 4 * 1000 * 0.5 * 0.3; // 4 Pods at 30 % of the target
  const flat: LoadSeries = { metric: 'cpu', points: [{ t: 0, value: low }] };
  const spiked: LoadSeries = {
    metric: 'cpu',
    points: [
      { t: 0, value: low },
      { t: 150, value: low * 10 },
      { t: 165, value: low },
    ],
  };
  const run = (load: LoadSeries) =>
    simulate(
      buildSimulationInput(spec, requests, {
        initialReplicas: 4,
        durationSeconds: 900,
        podStartupSeconds: 0,
        loads: [load],
      }),
    );
  const firstDown = (r: ReturnType<typeof simulate>) =>
    r.steps.find((s) => s.desiredReplicas < s.replicas)?.t;
  // A fresh controller's seed holds the first scale-down for 300 s.
  assert.equal(firstDown(run(flat)), 300);
  const withSpike = run(spiked);
  assert.equal(withSpike.steps.find((s) => s.t === 150)?.reason, 'scaleUpDisabled');
  assert.equal(firstDown(withSpike), 450);
});
