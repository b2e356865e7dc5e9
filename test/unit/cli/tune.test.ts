/**
 * `hpa-lint tune` in-process through main(), on the book demo's manifest and loads (night, normal
 * and burst with ±10 % noise, 24 h of 15 s syncs). Every figure a candidate reports is recomputed
 * here from `hpa-lint simulate --format csv` of that block on that load, by the definitions of
 * docs/tune.md written out again below; every suggested block is linted through our own rules.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { lintFiles } from '../../support/inProcessLint';
import { runCli } from '../../support/cliIO';

const DEMO = readFileSync(join(__dirname, '..', '..', 'fixtures', 'tune', 'demo.yaml'), 'utf8');
/** The demo's per-Pod cpu target: 1 CPU request × 50 %, in milli-CPU; the scale-up tolerance is the default 10 %. */
const PER_POD_TARGET = 500;
const TOLERANCE_UP = 0.1;
const MIN_REPLICAS = 1;
const MAX_REPLICAS = 10;
const LOAD_FLAGS = ['--replicas', '4', '--noise', '0.1', '--duration', '24h'];
const PROFILES = ['night', 'normal', 'burst'];

function run(args: string[], files: Record<string, string> = { 'demo.yaml': DEMO }) {
  return runCli(args, files);
}

interface Figures {
  load: string;
  scaleEvents: number;
  podHours: number;
  underprovisionedShare: number;
  rampSeconds: number;
  durationSeconds: number;
}
interface TuneJson {
  candidates: { behavior: unknown; figures: Figures[]; meets: Record<string, boolean> }[];
  unmet: string[];
}

/** The demo manifest with `behavior` added to the HPA (JSON is YAML, so the block goes in as it came out). */
function withBehavior(behavior: unknown): string {
  return `${DEMO.trimEnd()}\n  behavior: ${JSON.stringify(behavior)}\n`;
}

/** The figures of docs/tune.md, from the simulate CSV (t_seconds, load:cpu (cores), hpa:replicas, hpa:ready, hpa:desired...). */
function figuresFromCsv(load: string, csv: string): Omit<Figures, never> & { eventsPerHour: number } {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header as string).split(',');
  const at = (name: string) => columns.indexOf(name);
  const sync = 15;
  let events = 0;
  let desired = 0;
  let under = 0;
  let run = 0;
  let longest = 0;
  for (const row of rows) {
    const cells = row.split(',');
    const replicas = Number(cells[at('hpa:replicas')]);
    const ready = Number(cells[at('hpa:ready')]);
    const want = Number(cells[at('hpa:desired')]);
    // The load column is in cores; the per-Pod target is in millicores.
    const demand = Number(cells[at('load:cpu (cores)')]) * 1000;
    if (want !== replicas) events++;
    desired += want;
    const need = Math.min(
      MAX_REPLICAS,
      Math.max(MIN_REPLICAS, Math.ceil(demand / (PER_POD_TARGET * (1 + TOLERANCE_UP)) - 1e-9)),
    );
    if (ready < need) {
      under++;
      run++;
      longest = Math.max(longest, run);
    } else run = 0;
  }
  return {
    load,
    scaleEvents: events,
    podHours: (desired * sync) / 3600,
    underprovisionedShare: under / rows.length,
    rampSeconds: longest * sync,
    durationSeconds: rows.length * sync,
    eventsPerHour: (events * 3600) / (rows.length * sync),
  };
}

async function simulateCsv(manifest: string, profile: string, mode = 'controller') {
  const r = await run(
    ['simulate', 'm.yaml', '--profile', profile, '--mode', mode, '--format', 'csv', ...LOAD_FLAGS],
    { 'm.yaml': manifest },
  );
  assert.equal(r.code, 0, r.stderr);
  return figuresFromCsv(profile, r.stdout);
}

let demoRun: Promise<{ code: number; json: TuneJson; stderr: string }> | undefined;
/** One tune of the demo, shared by the tests that read it (24 h × 3 loads is the expensive part). */
function demo() {
  demoRun ??= run([
    'tune',
    'demo.yaml',
    ...PROFILES.flatMap((p) => ['--profile', p]),
    ...LOAD_FLAGS,
    '--format',
    'json',
  ]).then((r) => ({ code: r.code, json: JSON.parse(r.stdout) as TuneJson, stderr: r.stderr }));
  return demoRun;
}

test('json has exactly the issue\u2019s shape, and a candidate meets every goal (exit 0)', async () => {
  const { code, json, stderr } = await demo();
  assert.equal(stderr, '');
  assert.equal(code, 0);
  assert.deepEqual(Object.keys(json), ['candidates', 'unmet']);
  assert.deepEqual(json.unmet, []);
  assert.ok(json.candidates.length >= 1 && json.candidates.length <= 3);
  for (const c of json.candidates) {
    assert.deepEqual(Object.keys(c), ['behavior', 'figures', 'meets']);
    assert.deepEqual(Object.keys(c.meets), ['ramp', 'scaleEventsPerHour', 'underprovisionedShare']);
    assert.deepEqual(
      c.figures.map((f) => f.load),
      PROFILES,
    );
    for (const f of c.figures)
      assert.deepEqual(Object.keys(f), [
        'load',
        'scaleEvents',
        'podHours',
        'underprovisionedShare',
        'rampSeconds',
        'durationSeconds',
      ]);
  }
  assert.deepEqual(json.candidates[0]?.meets, {
    ramp: true,
    scaleEventsPerHour: true,
    underprovisionedShare: true,
  });
});

test('every figure of every candidate equals what hpa-lint simulate gives for that block on that load', async () => {
  const { json } = await demo();
  for (const c of json.candidates) {
    const manifest = withBehavior(c.behavior);
    for (const f of c.figures) {
      const { eventsPerHour: _perHour, ...expected } = await simulateCsv(manifest, f.load);
      assert.deepEqual(f, expected, `${f.load} of ${JSON.stringify(c.behavior)}`);
    }
  }
});

test('every suggested block passes our schema and every rule with no finding', async () => {
  const { json } = await demo();
  assert.deepEqual(lintFiles({ 'demo.yaml': DEMO }, 'demo.yaml'), [], 'the fixture itself is clean');
  for (const c of json.candidates) {
    assert.deepEqual(
      lintFiles({ 'demo.yaml': withBehavior(c.behavior) }, 'demo.yaml'),
      [],
      JSON.stringify(c.behavior),
    );
  }
});

test('demo: the suggestion stops the flapping the bare formula shows and meets the burst within the ramp goal', async () => {
  const { json } = await demo();
  const best = json.candidates[0];
  assert.ok(best);
  const formula = await simulateCsv(DEMO, 'normal', 'formula');
  assert.ok(
    formula.eventsPerHour > 6,
    `the bare formula should flap, got ${formula.eventsPerHour} events per hour`,
  );
  const normal = best.figures.find((f) => f.load === 'normal');
  assert.ok(normal && (normal.scaleEvents * 3600) / 86_400 <= 6, JSON.stringify(normal));
  const burst = best.figures.find((f) => f.load === 'burst');
  assert.ok(burst && burst.rampSeconds <= 60, JSON.stringify(burst));
  // The burst really needs more Pods: the ramp is measured, not vacuously 0.
  assert.ok(burst.rampSeconds > 0);
});

test('--format yaml prints the best block, which pastes under spec: and lints clean', async () => {
  const { json } = await demo();
  const r = await run([
    'tune',
    'demo.yaml',
    ...PROFILES.flatMap((p) => ['--profile', p]),
    ...LOAD_FLAGS,
    '--format',
    'yaml',
  ]);
  assert.equal(r.code, 0);
  assert.match(r.stdout, /^behavior:\n {2}scaleUp:\n/);
  assert.deepEqual(parse(r.stdout), { behavior: json.candidates[0]?.behavior });
  const pasted = `${DEMO.trimEnd()}\n${r.stdout.replace(/^/gm, '  ').trimEnd()}\n`;
  assert.deepEqual(lintFiles({ 'demo.yaml': pasted }, 'demo.yaml'), []);
});

test('an impossible goal set reports the unmet goal and the closest compromise (exit 1)', async () => {
  // A new Pod is Ready 30 s after it is asked for: no block can end a burst's shortage within 15 s.
  const args = [
    'tune',
    'demo.yaml',
    '--profile',
    'burst',
    '--replicas',
    '4',
    '--duration',
    '2h',
    '--max-ramp',
    '15s',
  ];
  const r = await run([...args, '--format', 'json']);
  assert.equal(r.code, 1);
  const json = JSON.parse(r.stdout) as TuneJson;
  assert.deepEqual(json.unmet, ['ramp']);
  const compromise = json.candidates[0];
  assert.ok(compromise);
  assert.deepEqual(compromise.meets, { ramp: false, scaleEventsPerHour: true, underprovisionedShare: true });
  assert.equal(compromise.figures[0]?.rampSeconds, 30);
  const table = await run(args);
  assert.equal(table.code, 1);
  assert.match(table.stdout, /No block meets every goal\. Unmet: time to reach the needed replicas\./);
  assert.match(
    table.stdout,
    /time to reach the needed replicas: out of reach because new Pods become Ready only 30 s after they start \(the Pod start-up delay, not the behavior\); the closest block reaches 30 s against a goal of 15 s\./,
  );
});

test('the table speaks Japanese and Traditional Chinese', async () => {
  const args = ['tune', 'demo.yaml', '--profile', 'burst', '--replicas', '4', '--duration', '2h'];
  const ja = await run([...args, '--locale', 'ja']);
  assert.equal(ja.code, 0);
  assert.match(ja.stdout, /^目標: 到達時間は最大60秒、/);
  assert.match(
    ja.stdout,
    /候補1: すべての目標を満たす\n {2}すべての負荷ですべての目標を満たし、Pod時間が最も少ないブロックです。/,
  );
  // The goals' definitions close the table, in the same language.
  assert.match(ja.stdout, /\n {2}到達時間: Pod不足の同期が連続する最長の期間\(秒\)\n/);
  const zh = await run([...args, '--locale', 'zh-TW']);
  assert.match(zh.stdout, /^目標：達到時間最多 60 秒，/);
  assert.match(zh.stdout, /候選 1：符合所有目標/);
  assert.match(zh.stdout, /\n {2}調整：期望副本數與目前副本數不同的同步\n/);
  const en = await run(args);
  assert.match(en.stdout, /\n {2}ramp: the longest run of consecutive under-provisioned syncs, in seconds\n/);
});

test('the same inputs give the same answer', async () => {
  const args = [
    'tune',
    'demo.yaml',
    '--profile',
    'normal',
    '--profile',
    'burst',
    '--noise',
    '0.1',
    '--duration',
    '3h',
    '--format',
    'json',
  ];
  const a = await run(args);
  const b = await run(args);
  assert.equal(a.stdout, b.stdout);
});

test('bad input: one clear line and exit 2', async () => {
  const cases: [string[], RegExp][] = [
    [['tune'], /tune needs a manifest file/],
    [
      ['tune', 'demo.yaml', '--max-underprovisioned', 'lots'],
      /--max-underprovisioned expects a share such as 2% or 0\.02, got "lots"/,
    ],
    [['tune', 'demo.yaml', '--max-ramp', '-5'], /--max-ramp expects seconds/],
    [['tune', 'demo.yaml', '--profile', 'weekend'], /unknown profile "weekend"/],
    [['tune', 'demo.yaml', '--format', 'xml'], /--format must be one of table, json, yaml/],
    [['tune', 'nope.yaml'], /cannot read nope\.yaml: no such file/],
    [['tune', 'demo.yaml', '--load', 'load.csv'], /^hpa-lint: load\.csv:2: /],
  ];
  for (const [args, message] of cases) {
    const r = await run(args, { 'demo.yaml': DEMO, 'load.csv': 't,cpu\n0,lots\n' });
    assert.equal(r.code, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
  const external = DEMO.replace(
    /metrics:[\s\S]*$/,
    'metrics:\n    - type: External\n      external:\n        metric: { name: queue }\n        target: { type: Value, value: "30" }\n',
  );
  const r = await run(['tune', 'e.yaml', '--duration', '1h'], { 'e.yaml': external });
  assert.equal(r.code, 2);
  assert.match(r.stderr, /no metric of this HPA has a per-Pod target/);
});

test('minReplicas equal to maxReplicas: a note says no block changes anything', async () => {
  const fixed = DEMO.replace('maxReplicas: 10', 'maxReplicas: 1');
  const r = await run(['tune', 'f.yaml', '--duration', '1h', '--format', 'json'], { 'f.yaml': fixed });
  assert.equal(r.code, 0);
  assert.equal(
    r.stderr,
    'hpa-lint: note: minReplicas equals maxReplicas: the HPA never scales, so no behavior block changes anything\n',
  );
  // Every block gives the same figures: one candidate, no scale event.
  const json = JSON.parse(r.stdout) as TuneJson;
  assert.equal(json.candidates.length, 1);
  assert.ok(json.candidates[0]?.figures.every((f) => f.scaleEvents === 0));
});

test('a CSV load is tuned for like a profile, and its figures match simulate --load', async () => {
  const rows = ['t,cpu'];
  for (let t = 0; t < 3600; t += 60) rows.push(`${t},${t >= 1200 && t < 1800 ? '6' : '1500m'}`);
  const files = { 'demo.yaml': DEMO, 'load.csv': `${rows.join('\n')}\n` };
  const r = await run(
    ['tune', 'demo.yaml', '--load', 'load.csv', '--duration', '1h', '--replicas', '3', '--format', 'json'],
    files,
  );
  assert.equal(r.code, 0, r.stderr);
  const json = JSON.parse(r.stdout) as TuneJson;
  for (const c of json.candidates) {
    const sim = await run(
      ['simulate', 'm.yaml', '--load', 'load.csv', '--duration', '1h', '--replicas', '3', '--format', 'csv'],
      { ...files, 'm.yaml': withBehavior(c.behavior) },
    );
    const { eventsPerHour: _perHour, ...expected } = figuresFromCsv('load.csv', sim.stdout);
    assert.deepEqual(c.figures, [expected]);
  }
});
