/**
 * A Utilization metric on Pods that lack the request is simulated as the controller handles it
 * (FailedGetResourceMetric: no proposal), never on a silent 1 CPU; "assume a request of X" is an
 * explicit what-if (`--assume-request`, the panel's setting). And a recorded load runs over its own
 * span in `simulate` and `tune`, saying what a longer --duration assumes past its end.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assumeRequestsFor, buildSimulationInput, simulate } from '../../../common/engine';
import { parseLoadCsv } from '../../../common/preview/csv';
import { describeDecision } from '../../../common/preview/reasons';
import { runPreview } from '../../../common/preview/run';
import { requestNotes } from '../../../common/preview/requestNotes';
import { sanitizeSettings, DEFAULT_SETTINGS } from '../../../common/preview/settings';
import type { PreviewModel } from '../../../common/protocol';
import { runCli } from '../../support/cliIO';

const run = runCli;

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  template:
    spec:
      containers:
        - name: app
          image: nginx
---
`;

const CPU_HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  minReplicas: 2
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 50 }
`;

/** The same HPA with a Pods metric beside cpu: it scales on rps alone. */
const CPU_AND_RPS_HPA = `${CPU_HPA}    - type: Pods
      pods:
        metric: { name: rps }
        target: { type: AverageValue, averageValue: "10" }
`;

interface StepJson {
  t: number;
  replicas: number;
  desiredReplicas: number;
  reason: string;
  metrics: { name: string; value: number | null }[];
}

function steps(stdout: string): StepJson[] {
  return (JSON.parse(stdout) as { steps: StepJson[] }).steps;
}

/** Rows every 60 s for two hours: 2 CPU in the first hour, 200m in the second. */
function twoHourCsv(column = 'cpu', high = '2', low = '200m'): string {
  const rows = [`t,${column}`];
  for (let t = 0; t < 7200; t += 60) rows.push(`${t},${t < 3600 ? high : low}`);
  return `${rows.join('\n')}\n`;
}

test('a cpu HPA whose target sets no cpu request does not scale at all, and the note says why', async () => {
  const r = await run(['simulate', 'web.yaml', '--profile', 'burst', '--peak', '4', '--format', 'json'], {
    'web.yaml': DEPLOYMENT + CPU_HPA,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stderr,
    'hpa-lint: note: Deployment web has no cpu request in container "app": the controller cannot compute cpu utilization (FailedGetResourceMetric), so this HPA does not scale at all; --assume-request cpu=QUANTITY simulates a request\n',
  );
  const all = steps(r.stdout);
  assert.equal(all.length, 120);
  assert.deepEqual([...new Set(all.map((s) => s.replicas))], [2]);
  assert.deepEqual([...new Set(all.map((s) => s.reason))], ['noMetrics']);
  assert.ok(all.every((s) => s.metrics[0]?.value === null));
});

test('the table says the metric cannot be computed for want of a request', async () => {
  const r = await run(['simulate', 'web.yaml', '--duration', '30'], { 'web.yaml': DEPLOYMENT + CPU_HPA });
  assert.equal(r.code, 0, r.stderr);
  const rows = r.stdout.trimEnd().split('\n').slice(2);
  assert.equal(rows.length, 2);
  for (const row of rows)
    assert.match(
      row,
      /cpu cannot be computed: the Pods set no request for it \(FailedGetResourceMetric\)\. Replicas stay at 2\.$/,
    );
});

test('--assume-request cpu=500m is the what-if: the same run scales, and says it assumed', async () => {
  const r = await run(
    [
      'simulate',
      'web.yaml',
      '--profile',
      'burst',
      '--peak',
      '4',
      '--assume-request',
      'cpu=500m',
      '--format',
      'json',
    ],
    { 'web.yaml': DEPLOYMENT + CPU_HPA },
  );
  assert.equal(r.code, 0, r.stderr);
  assert.equal(
    r.stderr,
    'hpa-lint: note: Deployment web has no cpu request in container "app": what-if asked with --assume-request, the simulation assumes a cpu request of 500m that the cluster would not have\n',
  );
  const all = steps(r.stdout);
  assert.ok(Math.max(...all.map((s) => s.replicas)) > 2, 'the what-if scales up');
  assert.ok(!all.some((s) => s.reason === 'noMetrics'));
});

test('with another metric the HPA scales on it, and never scales down while cpu fails', async () => {
  // rps: 60 over 2 Pods is 30 per Pod against 10: up; then 1 per Pod: the rps metric points down.
  const rows = ['t,rps'];
  for (let t = 0; t < 1800; t += 60) rows.push(`${t},${t < 600 ? 60 : 2}`);
  const r = await run(['simulate', 'web.yaml', '--load', 'rps.csv', '--format', 'json'], {
    'web.yaml': DEPLOYMENT + CPU_AND_RPS_HPA,
    'rps.csv': `${rows.join('\n')}\n`,
  });
  assert.equal(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /the controller cannot compute cpu utilization \(FailedGetResourceMetric\), so this HPA scales on its other metrics only and never scales down while this one fails/,
  );
  const all = steps(r.stdout);
  const peak = Math.max(...all.map((s) => s.replicas));
  assert.ok(peak > 2, 'rps scales it up');
  const afterPeak = all.slice(all.findIndex((s) => s.replicas === peak));
  assert.ok(
    afterPeak.every((s) => s.replicas === peak),
    'no scale-down while cpu fails',
  );
  assert.ok(afterPeak.some((s) => s.reason === 'invalidMetricsBlockScaleDown'));
});

test('--assume-request rejects what is not resource=quantity above 0', async () => {
  for (const bad of ['cpu', 'cpu=abc', 'cpu=0', '=1']) {
    const r = await run(['simulate', 'web.yaml', '--assume-request', bad], {
      'web.yaml': DEPLOYMENT + CPU_HPA,
    });
    assert.equal(r.code, 2, bad);
    assert.equal(
      r.stderr,
      `hpa-lint: --assume-request expects resource=quantity (e.g. cpu=500m, memory=1Gi), got "${bad}"\n`,
    );
  }
});

test('the engine assumes nothing by itself; a target not in the workspace is a stated stand-in', () => {
  const spec = {
    scaleTargetRef: { kind: 'Deployment', name: 'web' },
    maxReplicas: 4,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
      },
    ],
  } as const;
  const input = buildSimulationInput(structuredClone(spec) as never, {}, { durationSeconds: 60 });
  assert.deepEqual(input.podRequests, {});
  assert.deepEqual(assumeRequestsFor(structuredClone(spec) as never, {}, {}, true), {
    assumeRequests: {},
    assumed: [],
    uncomputable: ['cpu'],
  });
  assert.deepEqual(assumeRequestsFor(structuredClone(spec) as never, {}, {}, false), {
    assumeRequests: { cpu: 1000 },
    assumed: [{ what: 'cpu', resource: 'cpu', milli: 1000, because: 'unknownTarget' }],
    uncomputable: [],
  });
  assert.deepEqual(assumeRequestsFor(structuredClone(spec) as never, {}, {}, true, { cpu: 250 }).assumed, [
    { what: 'cpu', resource: 'cpu', milli: 250, because: 'whatIf' },
  ]);
  const result = simulate(input);
  assert.equal(result.steps[0]?.reasonArgs?.failedCause, 'missingRequest');
  assert.equal(result.steps[0]?.reasonArgs?.failedReason, 'FailedGetResourceMetric');
});

function model(spec: unknown): PreviewModel {
  return {
    uri: 'file:///w/web.yaml',
    documentIndex: 1,
    name: 'web',
    spec: spec as PreviewModel['spec'],
    podRequests: {},
    containerRequests: {},
    target: { uri: 'file:///w/web.yaml', kind: 'Deployment', name: 'web', replicas: 2 },
    notes: [],
  };
}

const PANEL_SPEC = {
  scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
  minReplicas: 2,
  maxReplicas: 10,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
  ],
};

test('the preview: no scaling and the summary/log sentences, until the user assumes a request', () => {
  const settings = sanitizeSettings(
    { ...DEFAULT_SETTINGS, metricLoads: { cpu: { profile: 'burst', peak: 4, noise: 0 } } },
    ['cpu'],
    ['burst'],
  );
  const m = model(PANEL_SPEC);
  const plain = runPreview(m, settings, null);
  assert.equal(plain.error, undefined);
  assert.deepEqual(plain.uncomputable, ['cpu']);
  const mine = plain.runs.find((r) => r.key === 'this')!;
  assert.deepEqual([...new Set(mine.result.steps.map((s) => s.replicas))], [2]);
  assert.deepEqual(requestNotes('en', plain), [
    'cpu: the target sets no request, so the controller cannot compute this utilization (FailedGetResourceMetric) and this HPA does not scale at all. Assume a request below to see what one would do.',
  ]);
  assert.equal(
    describeDecision(mine.result.steps[0]!, 'en', { min: 2, max: 10 }),
    'cpu cannot be computed: the Pods set no request for it (FailedGetResourceMetric). Replicas stay at 2.',
  );
  const whatIf = runPreview(
    m,
    sanitizeSettings({ ...settings, assumeRequests: { cpu: 500 } }, ['cpu'], ['burst']),
    null,
  );
  assert.deepEqual(whatIf.uncomputable, []);
  assert.ok(Math.max(...whatIf.runs.find((r) => r.key === 'this')!.result.steps.map((s) => s.replicas)) > 2);
  assert.deepEqual(requestNotes('en', whatIf), [
    'What-if: the simulation assumes a cpu request of 500m per Pod for cpu, which the target does not set; the cluster would not scale on it.',
  ]);
  assert.equal(
    sanitizeSettings({ assumeRequests: { cpu: -1, 'Bad Name': 5 } }, ['cpu'], ['burst']).assumeRequests,
    undefined,
  );
});

test('a 2-hour CSV: simulate and tune run 2 hours, not 30 minutes or 24', async () => {
  const files = { 'web.yaml': DEPLOYMENT + CPU_HPA, 'load.csv': twoHourCsv() };
  const sim = await run(
    ['simulate', 'web.yaml', '--load', 'load.csv', '--assume-request', 'cpu=500m', '--format', 'json'],
    files,
  );
  assert.equal(sim.code, 0, sim.stderr);
  const all = steps(sim.stdout);
  assert.equal(all.length, 480);
  assert.equal(all.at(-1)!.t, 7185);
  const tuned = await run(
    ['tune', 'web.yaml', '--load', 'load.csv', '--assume-request', 'cpu=500m', '--format', 'json'],
    files,
  );
  assert.ok(tuned.code === 0 || tuned.code === 1, tuned.stderr);
  const json = JSON.parse(tuned.stdout) as { candidates: { figures: { durationSeconds: number }[] }[] };
  assert.ok(json.candidates.length > 0);
  for (const c of json.candidates)
    assert.deepEqual(
      c.figures.map((f) => f.durationSeconds),
      [7200],
    );
});

test('a --duration past the recording says what it assumes there; a shorter one what it leaves out', async () => {
  const files = { 'web.yaml': DEPLOYMENT + CPU_HPA, 'load.csv': twoHourCsv() };
  const longer = await run(
    [
      'simulate',
      'web.yaml',
      '--load',
      'load.csv',
      '--duration',
      '3h',
      '--assume-request',
      'cpu=500m',
      '--format',
      'json',
    ],
    files,
  );
  assert.equal(longer.code, 0, longer.stderr);
  assert.equal(steps(longer.stdout).length, 720);
  assert.match(
    longer.stderr,
    /hpa-lint: note: load\.csv covers 2h; the run lasts 3h, and past the end of the file each metric keeps its last recorded value\n/,
  );
  const shorter = await run(
    [
      'tune',
      'web.yaml',
      '--load',
      'load.csv',
      '--duration',
      '1h',
      '--assume-request',
      'cpu=500m',
      '--format',
      'json',
    ],
    files,
  );
  assert.match(shorter.stderr, /hpa-lint: note: load\.csv covers 2h; --duration 1h runs only its first 1h\n/);
  const json = JSON.parse(shorter.stdout) as { candidates: { figures: { durationSeconds: number }[] }[] };
  assert.deepEqual(
    json.candidates[0]!.figures.map((f) => f.durationSeconds),
    [3600],
  );
});

test('a CSV span: the last row holds as long as the one before it; one row has none', () => {
  assert.equal(parseLoadCsv('t,cpu\n0,1\n60,2\n120,3\n', ['cpu']).spanSeconds, 180);
  assert.equal(parseLoadCsv('t,cpu\n0,1\n15,2\n', ['cpu']).spanSeconds, 30);
  assert.equal(parseLoadCsv('t,cpu\n0,1\n', ['cpu']).spanSeconds, null);
});
