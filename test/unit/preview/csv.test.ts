import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CsvError, csvCell, parseLoadCsv, splitCsv, timelineToCsv } from '../../../common/preview/csv';
import type { SimulationResult, SimulationStep } from '../../../common/engine/simulationTypes';
import { buildSimulationInput, simulate, type HPASpec } from '../../../common/engine';
import type { VariantRun } from '../../../common/preview/variants';

test('csvCell quotes separators and neutralises spreadsheet formulas', () => {
  assert.equal(csvCell('cpu'), 'cpu');
  assert.equal(csvCell('a,b'), '"a,b"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell('@cmd'), "'@cmd");
  assert.equal(csvCell(-3), '-3');
  assert.equal(csvCell(NaN), '');
});

test('splitCsv reads quoted cells, CRLF, comments and a BOM', () => {
  assert.deepEqual(splitCsv('\ufefft,"a,""b"""\r\n# note\n\n0,1\n'), [
    ['t', 'a,"b"'],
    ['0', '1'],
  ]);
  assert.throws(() => splitCsv('t,"open\n'), CsvError);
});

test('parseLoadCsv matches columns by metric name and reads quantities as milli-units', () => {
  const csv = parseLoadCsv('t,cpu,other\n0,250m,1\n15,1.5,2\n30,,3\n', ['cpu', 'rps']);
  assert.deepEqual(csv.loads, [
    {
      metric: 'cpu',
      points: [
        { t: 0, value: 250 },
        { t: 15, value: 1500 },
      ],
    },
  ]);
  assert.equal(csv.rows, 3);
  assert.deepEqual(csv.ignoredColumns, ['other']);
  assert.equal(csv.lastT, 30);
});

test('parseLoadCsv without a header maps columns to the metrics in order', () => {
  const csv = parseLoadCsv('0,100m,5\n60,200m,6\n', ['cpu', 'rps']);
  assert.deepEqual(
    csv.loads.map((l) => [l.metric, l.points.map((p) => p.value)]),
    [
      ['cpu', [100, 200]],
      ['rps', [5000, 6000]],
    ],
  );
});

test('parseLoadCsv reports the row and column of bad input', () => {
  assert.throws(
    () => parseLoadCsv('t,cpu\n0,1\n0,2\n', ['cpu']),
    /^CsvError: line 3: time 0 does not increase/,
  );
  assert.throws(
    () => parseLoadCsv('t,cpu\n0,lots\n', ['cpu']),
    /line 2: column "cpu": "lots" is not a quantity/,
  );
  assert.throws(() => parseLoadCsv('t,cpu\n-1,1\n', ['cpu']), /line 2: time "-1"/);
  // Lines are the file's: a comment and a blank line before the bad row count.
  assert.throws(
    () => parseLoadCsv('# recorded\nt,cpu\n\n0,1\n15,x\n', ['cpu']),
    (err: unknown) => err instanceof CsvError && err.line === 5 && err.detail.startsWith('column "cpu": "x"'),
  );
  assert.throws(
    () => parseLoadCsv('t,cpu\n0,1,2\n', ['cpu']),
    /line 2: expected at most 2 values \(t,cpu\), found 3/,
  );
  assert.throws(
    () => parseLoadCsv('t,cpu,load:cpu\n0,1,2\n', ['cpu']),
    /line 1: two columns feed the metric "cpu"/,
  );
  assert.throws(() => parseLoadCsv('t,cpu\n0,\n', ['cpu']), /column "cpu" has no values/);
  assert.throws(
    () => parseLoadCsv('t,memory\n0,1\n', ['cpu']),
    /no column matches a metric of this HPA \(cpu\)/,
  );
  assert.throws(() => parseLoadCsv('when,cpu\n0,1\n', ['cpu']), /first column must be the time/);
  assert.throws(() => parseLoadCsv('t,cpu\n', ['cpu']), /header but no data rows/);
  assert.throws(() => parseLoadCsv('', ['cpu']), /no rows/);
});

test('a "-" cell marks the metric missing until its next value; empty cells keep the gap open', () => {
  const csv = parseLoadCsv('t,cpu\n0,250m\n15,-\n30,\n45,500m\n60,\n', ['cpu']);
  assert.deepEqual(csv.loads, [
    {
      metric: 'cpu',
      points: [
        { t: 0, value: 250 },
        { t: 45, value: 500 },
      ],
      gaps: [{ from: 15, to: 45 }],
    },
  ]);
  // Two gaps stay two spans; a "-" inside an open gap does not restart it.
  const twice = parseLoadCsv('t,cpu\n0,1\n15,-\n30,-\n45,2\n60,-\n75,3\n', ['cpu']);
  assert.deepEqual(twice.loads[0]!.gaps, [
    { from: 15, to: 45 },
    { from: 60, to: 75 },
  ]);
});

test('a "-" in the first row: the metric is missing from the start until its first value', () => {
  const csv = parseLoadCsv('t,cpu\n0,-\n15,-\n30,750m\n', ['cpu']);
  assert.deepEqual(csv.loads, [
    { metric: 'cpu', points: [{ t: 30, value: 750 }], gaps: [{ from: 0, to: 30 }] },
  ]);
});

test('a "-" in a row of several metrics is a gap of that metric only; a gap left open lasts to the end of any run', () => {
  const csv = parseLoadCsv('t,cpu,memory,rps\n0,1,1Gi,10\n60,2,-,20\n120,-,2Gi,30\n', [
    'cpu',
    'memory',
    'rps',
  ]);
  const byMetric = new Map(csv.loads.map((l) => [l.metric, l]));
  assert.deepEqual(byMetric.get('memory'), {
    metric: 'memory',
    points: [
      { t: 0, value: 1024 ** 3 * 1000 },
      { t: 120, value: 2 * 1024 ** 3 * 1000 },
    ],
    gaps: [{ from: 60, to: 120 }],
  });
  const cpu = byMetric.get('cpu')!;
  assert.deepEqual(
    cpu.points.map((p) => p.t),
    [0, 60],
  );
  assert.equal(cpu.gaps!.length, 1);
  assert.equal(cpu.gaps![0]!.from, 120);
  assert.ok(cpu.gaps![0]!.to > 1e12, `an open gap ends at ${cpu.gaps![0]!.to}`);
  assert.ok(Number.isFinite(cpu.gaps![0]!.to), 'an open gap still crosses JSON');
  assert.equal(byMetric.get('rps')!.gaps, undefined);
  // A column of gaps only is a metric missing throughout, not an empty column.
  assert.deepEqual(parseLoadCsv('t,cpu\n0,-\n', ['cpu']).loads[0]!.points, []);
  // Only a lone "-" is the gap: a signed number is still a quantity, and a negative one is refused.
  assert.throws(
    () => parseLoadCsv('t,cpu\n0,-1\n', ['cpu']),
    /line 2: column "cpu": "-1" is not a quantity ≥ 0/,
  );
  assert.throws(() => parseLoadCsv('t,cpu\n0,--\n', ['cpu']), /line 2: column "cpu": "--" is not a quantity/);
});

function step(t: number, replicas: number, desired: number, load: number): SimulationStep {
  return {
    t,
    load: { cpu: load },
    replicas,
    readyReplicas: replicas,
    proposedReplicas: desired,
    stabilizedReplicas: desired,
    desiredReplicas: desired,
    metrics: [{ name: 'cpu', value: load / replicas, target: 50, utilization: 60, proposal: desired }],
    limitedBy: null,
    reason: desired > replicas ? 'scaledUp' : 'steady',
  };
}

test('timelineToCsv writes one row per sync and its loads read back unchanged', () => {
  const result: SimulationResult = {
    hpa: 'web',
    syncPeriodSeconds: 15,
    steps: [step(0, 1, 2, 1200), step(15, 2, 2, 1500)],
  };
  const runs: VariantRun[] = [
    { key: 'this', legacy: false, result },
    { key: 'formula', legacy: false, result },
  ];
  const text = timelineToCsv(runs, ['cpu']);
  const lines = text.trimEnd().split('\n');
  assert.equal(
    lines[0],
    't_seconds,load:cpu (cores),' +
      'this:replicas,this:ready,this:desired,this:reason,this:cpu:value_milli,' +
      'this:limited_by,this:cpu:target,this:cpu:utilization_percent,this:cpu:proposal,' +
      'formula:replicas,formula:ready,formula:desired,formula:reason,formula:cpu:value_milli,' +
      'formula:limited_by,formula:cpu:target,formula:cpu:utilization_percent,formula:cpu:proposal',
  );
  assert.equal(lines[1], '0,1.2,1,1,2,scaledUp,1200,,50,60,2,1,1,2,scaledUp,1200,,50,60,2');
  assert.equal(lines.length, 3);
  const back = parseLoadCsv(text, ['cpu']);
  assert.deepEqual(back.loads[0]!.points, [
    { t: 0, value: 1200 },
    { t: 15, value: 1500 },
  ]);
});

test('exported loads are numbers a spreadsheet sums (0.304 cores, not "304m"), unit in the header, and read back', () => {
  const result: SimulationResult = { hpa: 'web', syncPeriodSeconds: 15, steps: [step(0, 1, 1, 304)] };
  const text = timelineToCsv([{ key: 'this', result }], ['cpu']);
  const [header, first] = text.trimEnd().split('\n');
  assert.ok(header!.startsWith('t_seconds,load:cpu (cores),'), header);
  assert.ok(first!.startsWith('0,0.304,'), first);
  assert.ok(!text.includes('304m'));
  assert.deepEqual(parseLoadCsv(text, ['cpu']).loads[0]!.points, [{ t: 0, value: 304 }]);
});

test('an exported timeline marks the syncs where the metric was missing with "-", and the import keeps those gaps', () => {
  const spec: HPASpec = {
    scaleTargetRef: { kind: 'Deployment', name: 'web' },
    minReplicas: 1,
    maxReplicas: 10,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } },
      },
    ],
  };
  const loads = [
    {
      metric: 'cpu',
      points: [
        { t: 0, value: 1000 },
        { t: 90, value: 3000 },
      ],
      gaps: [{ from: 60, to: 120 }],
    },
  ];
  const run = (l: typeof loads) =>
    simulate(
      buildSimulationInput(
        spec,
        { cpu: 1000 },
        { initialReplicas: 2, durationSeconds: 180, loads: l, mode: 'controller' },
      ),
    );
  const result = run(loads);
  const text = timelineToCsv([{ key: 'this', result }], ['cpu']);
  const loadCells = text
    .trimEnd()
    .split('\n')
    .slice(1)
    .map((l) => l.split(',').slice(0, 2));
  for (const [t, cell] of loadCells) assert.equal(cell === '-', Number(t) >= 60 && Number(t) < 120, `t=${t}`);
  const back = parseLoadCsv(text, ['cpu']).loads;
  assert.deepEqual(back[0]!.gaps, [{ from: 60, to: 120 }]);
  // Read back, the load drives the same run: the same replicas and reasons at every sync.
  assert.deepEqual(
    run(back as typeof loads).steps.map((s) => [s.t, s.replicas, s.reason]),
    result.steps.map((s) => [s.t, s.replicas, s.reason]),
  );
  assert.ok(result.steps.some((s) => s.reason === 'noMetrics'));
});
