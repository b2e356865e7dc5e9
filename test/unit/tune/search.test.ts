/** common/tune: the need, the four figures on hand-made runs, the search space and the search's contract. */
import { TUNE_CATALOG } from '../../../common/l10n/catalogs/tune';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buildSimulationInput,
  type HPASpec,
  type SimulationInput,
  type SimulationResult,
  type SimulationStep,
} from '../../../common/engine';
import {
  DEFAULT_PARAMS,
  figuresOf,
  isApiLegal,
  judgeBlock,
  needModelOf,
  neededReplicas,
  neighbours,
  paramsOfBehavior,
  runSliced,
  tune,
  TuneInputError,
  tuneSearch,
  type TuneLoad,
} from '../../../common/tune';

function spec(overrides: Partial<HPASpec> = {}): HPASpec {
  return {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'demo' },
    minReplicas: 2,
    maxReplicas: 10,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
      },
    ],
    ...overrides,
  };
}

function input(s: HPASpec, opts: Parameters<typeof buildSimulationInput>[2] = {}): SimulationInput {
  return buildSimulationInput(s, { cpu: 1000 }, opts);
}

test('the need: ceil(load / (per-Pod target × (1 + tolerance))), clamped to min..max', () => {
  const model = needModelOf(input(spec()));
  assert.deepEqual(model, {
    metrics: [{ metric: 'cpu', perPodTarget: 500 }],
    toleranceUp: 0.1,
    minReplicas: 2,
    maxReplicas: 10,
  });
  // 550 m per Pod is the top of the band: 2200 m fits 4 Pods exactly, one milli-CPU more needs a fifth.
  assert.equal(neededReplicas(model, { cpu: 2200 }), 4);
  assert.equal(neededReplicas(model, { cpu: 2201 }), 5);
  assert.equal(neededReplicas(model, { cpu: 0 }), 2);
  assert.equal(neededReplicas(model, { cpu: 1e9 }), 10);
});

test('the need reads AverageValue metrics and the per-direction tolerance; Value targets give none', () => {
  const s = spec({
    metrics: [
      {
        type: 'Pods',
        pods: { metric: { name: 'rps' }, target: { type: 'AverageValue', averageValue: '10' } },
      },
      {
        type: 'External',
        external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } },
      },
      { type: 'External', external: { metric: { name: 'lag' }, target: { type: 'Value', value: '5' } } },
    ],
    behavior: { scaleUp: { tolerance: '0' } },
  });
  const model = needModelOf(input(s));
  assert.deepEqual(model.metrics, [
    { metric: 'rps', perPodTarget: 10_000 },
    { metric: 'queue', perPodTarget: 30_000 },
  ]);
  assert.equal(model.toleranceUp, 0);
  assert.equal(neededReplicas(model, { rps: 60_000, queue: 30_000, lag: 1e9 }), 6);
  assert.equal(neededReplicas(model, { rps: 10_000, queue: 210_001, lag: 0 }), 8);
});

function step(t: number, replicas: number, ready: number, desired: number, cpu: number): SimulationStep {
  return {
    t,
    load: { cpu },
    replicas,
    readyReplicas: ready,
    proposedReplicas: desired,
    stabilizedReplicas: desired,
    desiredReplicas: desired,
    metrics: [],
    limitedBy: null,
    reason: 'steady',
  };
}

test('figures of a hand-made run: events, Pod-hours, under-provisioned share and the longest shortage', () => {
  const model = needModelOf(input(spec()));
  // need: 2, 4, 4, 4, 2, 5, 2, 2 (per-Pod top of the band 550 m)
  const run: SimulationResult = {
    hpa: 'demo',
    syncPeriodSeconds: 15,
    steps: [
      step(0, 2, 2, 2, 1000),
      step(15, 2, 2, 4, 2200), // short, scale up
      step(30, 4, 2, 4, 2200), // short: two still starting
      step(45, 4, 4, 4, 2200),
      step(60, 4, 4, 2, 1000), // scale down
      step(75, 2, 2, 5, 2750), // short again, one sync
      step(90, 5, 5, 5, 1000),
      step(105, 5, 5, 2, 1000),
    ],
  };
  assert.deepEqual(figuresOf('hand', run, model), {
    load: 'hand',
    scaleEvents: 4,
    podHours: ((2 + 4 + 4 + 4 + 2 + 5 + 5 + 2) * 15) / 3600,
    underprovisionedShare: 3 / 8,
    rampSeconds: 30,
    durationSeconds: 120,
  });
});

function demoLoads(durationSeconds: number): TuneLoad[] {
  return ['night', 'normal', 'burst'].map((profile) => ({
    name: profile,
    input: input(spec({ minReplicas: 1 }), { profile, durationSeconds, noise: 0.1, initialReplicas: 4 }),
  }));
}

test('the search keeps to the space: API-legal, windows and periods in whole syncs, periods of a sync or more', () => {
  const result = tune({ loads: demoLoads(3 * 3600), candidates: 5 });
  assert.ok(result.candidates.length > 1);
  for (const c of result.candidates) {
    assert.ok(c.params && isApiLegal(c.params), JSON.stringify(c.behavior));
    for (const d of [c.params.scaleUp, c.params.scaleDown]) {
      assert.equal(d.windowSeconds % 15, 0);
      assert.ok(d.windowSeconds <= 3600);
      assert.ok(d.policies.length >= 1 && d.policies.length <= 2);
      for (const p of d.policies) {
        assert.ok(p.periodSeconds >= 15 && p.periodSeconds <= 1800 && p.periodSeconds % 15 === 0);
        assert.ok(Number.isInteger(p.value) && p.value >= 1);
      }
    }
  }
  // Ranked: every candidate meets at least as many goals as the next, and among those meeting all, costs less.
  const all = result.candidates.filter((c) => c.meetsAll);
  for (let i = 1; i < all.length; i++) assert.ok((all[i]?.podHours ?? 0) >= (all[i - 1]?.podHours ?? 0));
});

test('the budget bounds the simulations and progress counts up to it', () => {
  const seen: number[] = [];
  const result = tune({ loads: demoLoads(3600), maxEvaluations: 5 }, (p) => seen.push(p.evaluated));
  assert.equal(result.evaluated, 5);
  assert.equal(Math.max(...seen), 5);
  assert.deepEqual(
    seen,
    [...seen].sort((a, b) => a - b),
  );
  // A generator: a caller may stop between steps (the preview's cancel).
  const search = tuneSearch({ loads: demoLoads(3600) });
  const first = search.next();
  assert.equal(first.done, false);
  assert.equal(search.return(undefined as never).done, true);
});

test('the current block is judged as it stands: no behavior means the legacy path', () => {
  const loads = demoLoads(3600);
  const result = tune({ loads, maxEvaluations: 2 });
  const legacy = judgeBlock(
    {
      spec: loads[0]?.input.spec as HPASpec,
      loads: loads.map((l) => ({ ...l, need: needModelOf(l.input) })),
      goals: result.goals,
    },
    null,
  );
  assert.deepEqual(result.current.figures, legacy?.figures);
  assert.deepEqual(result.current.behavior, {});
});

test('the user\u2019s own block is read into the space when it fits, and refused when it does not', () => {
  const bounds = { syncSeconds: 15, maxReplicas: 10 };
  assert.deepEqual(paramsOfBehavior({}, bounds, 300), DEFAULT_PARAMS);
  assert.equal(paramsOfBehavior({ scaleDown: { selectPolicy: 'Disabled' } }, bounds, 300), null);
  assert.equal(paramsOfBehavior({ scaleUp: { stabilizationWindowSeconds: 4000 } }, bounds, 300), null);
  assert.equal(paramsOfBehavior(null, bounds, 300), null);
  for (const n of neighbours(DEFAULT_PARAMS, bounds)) assert.ok(isApiLegal(n));
});

test('bad requests are refused with a reason, in each language', () => {
  assert.throws(() => tune({ loads: [] }), TuneInputError);
  assert.throws(
    () => tune({ loads: demoLoads(600), goals: { maxRampSeconds: -1 } }),
    /maxRampSeconds must be a number >= 0, got -1/,
  );
  let refused: unknown;
  try {
    tune({ loads: demoLoads(600), goals: { maxRampSeconds: -1 } });
  } catch (err) {
    refused = err;
  }
  assert.ok(refused instanceof TuneInputError);
  assert.equal(refused.problem, 'input.badGoal');
  assert.equal(refused.describe('ja'), 'maxRampSecondsには0以上の数値を指定してください。指定された値: -1');
  assert.equal(refused.describe('zh-tw'), 'maxRampSeconds 必須是大於或等於 0 的數字，實際為 -1');
  // What the worker sends back (simulationWorker.ts) rebuilds the same error on the page.
  const copy = new TuneInputError(refused.problem, structuredClone({ ...refused.args }));
  assert.equal(copy.describe('ja'), refused.describe('ja'));
  assert.equal(copy.message, refused.message);
});

test('the three languages have the same keys and the same placeholders', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const en: Record<string, string> = TUNE_CATALOG.en;
  for (const locale of ['ja', 'zh-tw'] as const) {
    const other: Record<string, string> = TUNE_CATALOG[locale];
    assert.deepEqual(Object.keys(other).sort(), Object.keys(en).sort(), locale);
    for (const key of Object.keys(en)) {
      assert.deepEqual(placeholders(other[key] ?? ''), placeholders(en[key] ?? ''), `${locale} ${key}`);
      // The heading is layout only; Japanese keeps the ASCII colon the other ja strings use.
      if (!(locale === 'ja' && key === 'heading'))
        assert.notEqual(other[key], en[key], `${locale} ${key} is untranslated`);
    }
  }
});

test('a sliced run yields to its host between slices and stops when cancelled', async () => {
  let clock = 0;
  let pauses = 0;
  const progress: number[] = [];
  // The clock moves 5 ms each time it is read, so 25 ms slices end every few evaluations.
  const full = await runSliced(
    { loads: demoLoads(600), maxEvaluations: 6 },
    {
      sliceMs: 25,
      now: () => (clock += 5),
      pause: async () => void pauses++,
      onProgress: (p) => progress.push(p.evaluated),
    },
  );
  assert.ok(full);
  assert.equal(full.evaluated, 6);
  assert.ok(pauses >= 2, `expected pauses, got ${pauses}`);
  assert.deepEqual(full, tune({ loads: demoLoads(600), maxEvaluations: 6 }));
  let cancelAfter = 3;
  const cancelled = await runSliced(
    { loads: demoLoads(600) },
    {
      sliceMs: 0,
      now: () => 0,
      pause: async () => undefined,
      onProgress: () => void cancelAfter--,
      isCancelled: () => cancelAfter <= 0,
    },
  );
  assert.equal(cancelled, null);
});
