/**
 * Properties of the controller model over random HPAs and loads (fast-check).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  buildSimulationInput,
  policyLimitAt,
  resolveOptions,
  resourceUtilizationReplicas,
  simulate,
  type HPAScalingPolicy,
  type HPAScalingRules,
  type HPASpec,
  type LoadSeries,
  type MetricSpec,
  type SimulationResult,
} from '../../../common/engine';

const RUNS = 60;
const REQUEST = 500;

const policyArb: fc.Arbitrary<HPAScalingPolicy> = fc.record({
  type: fc.constantFrom('Pods' as const, 'Percent' as const),
  value: fc.integer({ min: 1, max: 200 }),
  periodSeconds: fc.integer({ min: 1, max: 8 }).map((n) => n * 15),
});

const rulesArb = (maxPolicies: number): fc.Arbitrary<HPAScalingRules> =>
  fc.record({
    stabilizationWindowSeconds: fc.integer({ min: 0, max: 20 }).map((n) => n * 15),
    selectPolicy: fc.constantFrom('Max' as const, 'Min' as const, 'Disabled' as const),
    policies: fc.array(policyArb, { minLength: 1, maxLength: maxPolicies }),
  });

const specArb = (maxPolicies: number, allowLegacy = true): fc.Arbitrary<HPASpec> =>
  fc
    .record({
      min: fc.integer({ min: 1, max: 5 }),
      span: fc.integer({ min: 0, max: 15 }),
      target: fc.integer({ min: 20, max: 90 }),
      behavior: allowLegacy
        ? fc.option(fc.record({ scaleUp: rulesArb(maxPolicies), scaleDown: rulesArb(maxPolicies) }), {
            nil: null,
          })
        : fc.record({ scaleUp: rulesArb(maxPolicies), scaleDown: rulesArb(maxPolicies) }),
    })
    .map(({ min, span, target, behavior }) => ({
      scaleTargetRef: { kind: 'Deployment', name: 'p' },
      minReplicas: min,
      maxReplicas: min + span,
      metrics: [
        {
          type: 'Resource',
          resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: target } },
        },
      ],
      behavior,
    }));

/** A step load between idle and 6x the demand of 4 Pods at target. */
const loadArb: fc.Arbitrary<LoadSeries> = fc
  .array(
    fc.record({ dt: fc.integer({ min: 1, max: 8 }), level: fc.double({ min: 0, max: 6, noNaN: true }) }),
    {
      minLength: 1,
      maxLength: 30,
    },
  )
  .map((parts) => {
    let t = 0;
    const points = parts.map(({ dt, level }) => {
      const p = { t, value: Math.round(level * 4 * REQUEST * 0.5) };
      t += dt * 15;
      return p;
    });
    return { metric: 'cpu', points };
  });

function run(spec: HPASpec, load: LoadSeries, initialOffset: number, startup: number): SimulationResult {
  const min = spec.minReplicas ?? 1;
  const initialReplicas = min + (initialOffset % (spec.maxReplicas - min + 1));
  return simulate(
    buildSimulationInput(
      spec,
      { cpu: REQUEST },
      { initialReplicas, durationSeconds: 1200, podStartupSeconds: startup, loads: [load] },
    ),
  );
}

const scenario = (maxPolicies: number, allowLegacy = true) =>
  fc.tuple(
    specArb(maxPolicies, allowLegacy),
    loadArb,
    fc.nat(100),
    fc.integer({ min: 0, max: 6 }).map((n) => n * 15),
  );

test('replicas always stay within [minReplicas, maxReplicas]', () => {
  fc.assert(
    fc.property(scenario(3), ([spec, load, offset, startup]) => {
      for (const s of run(spec, load, offset, startup).steps) {
        assert.ok(
          s.desiredReplicas >= (spec.minReplicas ?? 1) && s.desiredReplicas <= spec.maxReplicas,
          `t=${s.t}: ${s.desiredReplicas}`,
        );
      }
    }),
    { numRuns: RUNS },
  );
});

test('selectPolicy Disabled never moves in that direction', () => {
  fc.assert(
    fc.property(scenario(3, false), ([spec, load, offset, startup]) => {
      const up = spec.behavior?.scaleUp?.selectPolicy === 'Disabled';
      const down = spec.behavior?.scaleDown?.selectPolicy === 'Disabled';
      for (const s of run(spec, load, offset, startup).steps) {
        if (up) assert.ok(s.desiredReplicas <= s.replicas, `scaled up at t=${s.t}`);
        if (down) assert.ok(s.desiredReplicas >= s.replicas, `scaled down at t=${s.t}`);
      }
    }),
    { numRuns: RUNS },
  );
});

test('no policy period sees more change than its policy allows', () => {
  fc.assert(
    fc.property(scenario(1, false), ([spec, load, offset, startup]) => {
      const result = run(spec, load, offset, startup);
      const steps = result.steps;
      const after = (t: number) =>
        t < 0 ? (steps[0]?.replicas as number) : (steps.find((s) => s.t === t)?.desiredReplicas as number);
      const up = spec.behavior?.scaleUp?.policies?.[0] as HPAScalingPolicy;
      const down = spec.behavior?.scaleDown?.policies?.[0] as HPAScalingPolicy;
      for (const s of steps) {
        if (s.desiredReplicas > s.replicas) {
          // The count at the start of the period: after the sync exactly one period back.
          const limit = policyLimitAt(after(s.t - up.periodSeconds), up, 'up');
          assert.ok(
            s.desiredReplicas <= Math.max(limit, s.replicas),
            `t=${s.t}: ${s.desiredReplicas} > ${limit}`,
          );
        }
        if (s.desiredReplicas < s.replicas) {
          const limit = policyLimitAt(after(s.t - down.periodSeconds), down, 'down');
          assert.ok(
            s.desiredReplicas >= Math.min(limit, s.replicas),
            `t=${s.t}: ${s.desiredReplicas} < ${limit}`,
          );
        }
      }
    }),
    { numRuns: RUNS },
  );
});

const metricArb: fc.Arbitrary<MetricSpec> = fc.oneof(
  fc.integer({ min: 10, max: 150 }).map((u): MetricSpec => ({
    type: 'Resource',
    resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: u } },
  })),
  fc.integer({ min: 1, max: 5000 }).map((v): MetricSpec => ({
    type: 'Pods',
    pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: `${v}m` } },
  })),
  fc.integer({ min: 1, max: 500 }).map((v): MetricSpec => ({
    type: 'External',
    external: { metric: { name: 'queue' }, target: { type: 'Value', value: String(v) } },
  })),
  fc.integer({ min: 1, max: 500 }).map((v): MetricSpec => ({
    type: 'External',
    external: { metric: { name: 'lag' }, target: { type: 'AverageValue', averageValue: String(v) } },
  })),
);

test('a load exactly at target never moves anything', () => {
  fc.assert(
    fc.property(
      metricArb,
      fc.integer({ min: 1, max: 5 }),
      fc.integer({ min: 0, max: 10 }),
      fc.integer({ min: 50, max: 4000 }),
      fc.boolean(),
      (metric, min, span, request, legacy) => {
        const spec: HPASpec = {
          scaleTargetRef: { kind: 'Deployment', name: 'p' },
          minReplicas: min,
          maxReplicas: min + span,
          metrics: [metric],
          behavior: legacy ? null : {},
        };
        const input = buildSimulationInput(
          spec,
          { cpu: request },
          { profile: 'normal', noise: 0, durationSeconds: 600 },
        );
        for (const s of simulate(input).steps)
          assert.equal(s.desiredReplicas, s.replicas, `t=${s.t}: ${s.reason}`);
      },
    ),
    { numRuns: RUNS },
  );
});

test('the tolerance band is respected: inside it nothing changes, outside the formula applies', () => {
  const options = resolveOptions();
  fc.assert(
    fc.property(
      fc.array(
        fc.record({ request: fc.integer({ min: 100, max: 4000 }), usage: fc.integer({ min: 0, max: 8000 }) }),
        {
          minLength: 1,
          maxLength: 12,
        },
      ),
      fc.integer({ min: 10, max: 200 }),
      fc.integer({ min: 0, max: 50 }).map((n) => n / 100),
      fc.integer({ min: 0, max: 50 }).map((n) => n / 100),
      (pods, target, down, up) => {
        const states = pods.map((_, i) => ({ name: `p${i}`, phase: 'Running' as const, ready: true }));
        const result = resourceUtilizationReplicas({
          currentReplicas: pods.length,
          tolerances: { scaleDown: down, scaleUp: up },
          pods: states,
          metrics: new Map(pods.map((p, i) => [`p${i}`, p.usage])),
          now: 0,
          options,
          resource: 'cpu',
          targetUtilization: target,
          requests: new Map(pods.map((p, i) => [`p${i}`, p.request])),
        });
        const total = pods.reduce((a, p) => a + p.usage, 0);
        const requests = pods.reduce((a, p) => a + p.request, 0);
        const ratio = Math.floor((total * 100) / requests) / target;
        const expected = ratio >= 1 - down && ratio <= 1 + up ? pods.length : Math.ceil(ratio * pods.length);
        assert.equal(result.replicas, expected);
      },
    ),
    { numRuns: 300 },
  );
});
