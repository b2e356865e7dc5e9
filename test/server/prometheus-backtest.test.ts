/**
 * `hpa-lint simulate --prometheus` against a real Prometheus (Debian's, on PATH) that
 * this file starts on 127.0.0.1 over TSDB blocks built by promtool from a deterministic OpenMetrics
 * history (test/support/prometheusFixture.ts), and stops at the end. Expected values are derived
 * from the fixture's own load functions, not copied from a run.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { main } from '../../server/src/cli';
import type { CliIO } from '../../server/src/cli/io';
import { SAFE_NAME_ALPHABET } from '../../common/prometheus';
import {
  inGap,
  MEMORY_PER_POD_BYTES,
  NAMESPACE,
  openMetrics,
  SCRAPE_SECONDS,
  SIX_HOURS,
  T0,
  WEB_PODS,
} from '../support/prometheusFixture';
import { buildTsdb, startPrometheus, type RunningPrometheus } from '../support/prometheusServer';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: ${NAMESPACE}
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: web
          resources:
            requests:
              cpu: 500m
              memory: 512Mi
`;

function hpa(metrics: string): string {
  return `${DEPLOYMENT}---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
  namespace: ${NAMESPACE}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: web
  minReplicas: 2
  maxReplicas: 10
  metrics:
${metrics}`;
}

const CPU = `    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 60
`;
const MEMORY = `    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: 80
`;
const FILES: Record<string, string> = {
  'two-metrics.yaml': hpa(CPU + MEMORY),
  'cpu.yaml': hpa(CPU),
  'object.yaml': hpa(`    - type: Object
      object:
        describedObject:
          apiVersion: v1
          kind: Service
          name: web
        metric:
          name: web_queue_depth
        target:
          type: Value
          value: "30"
`),
  'external.yaml': hpa(`    - type: External
      external:
        metric:
          name: web_queue_depth
          selector:
            matchLabels:
              queue: orders
        target:
          type: AverageValue
          averageValue: "10"
`),
};

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readFile: async (p) => {
      if (p in FILES) return FILES[p]!;
      const { readFile } = await import('node:fs/promises');
      return readFile(p, 'utf8');
    },
    cwd: process.cwd(),
  };
  const code = await main(['simulate', ...args], io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

function range(fromSeconds: number, toSeconds: number, step: number): string[] {
  return ['--start', String(T0 + fromSeconds), '--end', String(T0 + toSeconds), '--step', String(step)];
}

interface JsonStep {
  t: number;
  replicas: number;
  metrics: { name: string; value: number | null }[];
  reason: string;
  actual?: number | null;
}
interface JsonOut {
  comparison: {
    compared: number;
    meanAbsoluteDifference: number;
    withinOneReplica: number;
    maxDifference: number;
  } | null;
  steps: JsonStep[];
}

/** Prometheus' rate() over [1m] has a value at g when at least two samples fall in (g - 60, g]. */
function rateHasValue(g: number): boolean {
  let samples = 0;
  for (let t = g - 60 + SCRAPE_SECONDS; t <= g; t += SCRAPE_SECONDS) {
    if (t >= 0 && t < SIX_HOURS.durationSeconds && t % SCRAPE_SECONDS === 0 && !inGap(SIX_HOURS, t))
      samples++;
  }
  return samples >= 2;
}

let prometheus: RunningPrometheus;
let dir: string;
let scratch: string;
before(async () => {
  dir = buildTsdb(openMetrics(SIX_HOURS));
  prometheus = await startPrometheus(dir);
  scratch = mkdtempSync(join(tmpdir(), 'hpa-backtest-'));
});
after(async () => {
  await prometheus?.stop();
  prometheus?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

test("default queries: the rate of cAdvisor cpu and the working set over the target's Pods only", async () => {
  const r = await cli([
    'two-metrics.yaml',
    '--prometheus',
    prometheus.url,
    ...range(0, 3 * 3600, 60),
    '--format',
    'csv',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const safe = `[${SAFE_NAME_ALPHABET}]`;
  const pods = `pod=~"web-${safe}{1,10}-${safe}{5}"`;
  assert.ok(
    r.stderr.includes(
      `query for cpu: sum(rate(container_cpu_usage_seconds_total{namespace="shop",${pods},container!="",container!="POD"}[1m]))`,
    ),
    r.stderr,
  );
  assert.ok(
    r.stderr.includes(
      `query for memory: sum(container_memory_working_set_bytes{namespace="shop",${pods},container!="",container!="POD"})`,
    ),
    r.stderr,
  );
  // The pattern takes web's Pods and not web-api's.
  const pattern = new RegExp(`^web-${safe}{1,10}-${safe}{5}$`);
  for (const pod of WEB_PODS) assert.match(pod, pattern);
  const lines = r.stdout.trim().split('\n');
  const header = lines[0]!.split(',');
  const cpuCol = header.indexOf('load:cpu (cores)');
  const memCol = header.indexOf('load:memory (bytes)');
  let checked = 0;
  for (const line of lines.slice(1)) {
    const cells = line.split(',');
    const t = Number(cells[0]);
    const g = Math.floor(t / 60) * 60;
    // Only where the whole rate window lies in one level of the fixture's load.
    if (g < 60 || SIX_HOURS.cpuCores(g - 59) !== SIX_HOURS.cpuCores(g)) continue;
    // Loads in base units, as the preview exports them: cores and bytes.
    assert.equal(
      Number(cells[cpuCol]),
      Math.round(SIX_HOURS.cpuCores(g) * 1000) / 1000,
      `cpu load at t=${t}`,
    );
    assert.equal(Number(cells[memCol]), WEB_PODS.length * MEMORY_PER_POD_BYTES, `memory load at t=${t}`);
    checked++;
  }
  assert.ok(checked > 600, `checked ${checked} rows`);
});

test('replay: actual replicas per step from kube-state-metrics, and the comparison computed from them', async () => {
  const r = await cli([
    'two-metrics.yaml',
    '--prometheus',
    prometheus.url,
    ...range(0, 3 * 3600, 60),
    '--format',
    'json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as JsonOut;
  assert.equal(out.steps.length, (3 * 3600 + 60) / 15);
  assert.equal(out.steps[0]!.replicas, SIX_HOURS.currentReplicas(0), 'a backtest starts where the HPA was');
  for (const s of out.steps)
    assert.equal(s.actual, SIX_HOURS.currentReplicas(Math.floor(s.t / 60) * 60), `actual at ${s.t}`);
  // The surge (3.6 cores on 3 Pods of 500m at a 60 % target) makes the simulation scale up.
  assert.ok(Math.max(...out.steps.map((s) => s.replicas)) > 3);
  let sum = 0;
  let within = 0;
  let max = 0;
  for (const s of out.steps) {
    const d = Math.abs(s.replicas - s.actual!);
    sum += d;
    if (d <= 1) within++;
    max = Math.max(max, d);
  }
  assert.deepEqual(out.comparison, {
    compared: out.steps.length,
    meanAbsoluteDifference: sum / out.steps.length,
    withinOneReplica: within / out.steps.length,
    maxDifference: max,
  });
  assert.match(
    r.stderr,
    /mean absolute difference \d+\.\d\d replicas, within ±1 replica \d+\.\d% of the time/,
  );
});

test('a scrape gap is a missing metric at those syncs, as the controller has it', async () => {
  const from = 3 * 3600;
  const r = await cli([
    'cpu.yaml',
    '--prometheus',
    prometheus.url,
    ...range(from, 5 * 3600, 60),
    '--format',
    'json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as JsonOut;
  let missing = 0;
  for (const s of out.steps) {
    const g = from + Math.floor(s.t / 60) * 60;
    const cpu = s.metrics.find((m) => m.name === 'cpu')!;
    if (rateHasValue(g)) {
      assert.notEqual(s.reason, 'noMetrics', `t=${s.t}`);
      assert.notEqual(cpu.value, null, `t=${s.t}`);
    } else {
      missing++;
      assert.equal(s.reason, 'noMetrics', `t=${s.t}`);
      assert.equal(cpu.value, null, `t=${s.t}`);
    }
  }
  assert.ok(missing > 0);
  let gridMissing = 0;
  for (let g = from; g <= 5 * 3600; g += 60) if (!rateHasValue(g)) gridMissing++;
  assert.ok(r.stderr.includes(`cpu: no value at ${gridMissing} of ${(2 * 3600) / 60 + 1} steps`), r.stderr);
});

test('a range past 11,000 points per series is fetched in several requests, seamlessly', async () => {
  const r = await cli([
    'cpu.yaml',
    '--prometheus',
    prometheus.url,
    ...range(0, 6 * 3600, 1),
    '--format',
    'csv',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.ok(
    r.stderr.includes(
      "21601 points per series exceed Prometheus' 11000 per request: fetched in 2 requests per query",
    ),
    r.stderr,
  );
  const rows = r.stdout
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const boundary = 11_000; // the first request's last point, relative to the start
  for (const row of rows) {
    const t = Number(row[0]);
    if (Math.abs(t - boundary) > 120) continue;
    // Column 2 is load:cpu (cores).
    assert.equal(Number(row[1]), Math.round(SIX_HOURS.cpuCores(t) * 1000) / 1000, `cpu load at t=${t}`);
  }
});

// Over a range with a scrape gap (3 h to 5 h holds the fixture's cpu gap): `-` cells carry it.
test('--save-load writes the CSV --load reads, gaps included: the offline run gives the same timeline', async () => {
  const file = join(scratch, 'load.csv');
  const from = 3 * 3600;
  const to = 5 * 3600;
  const live = await cli([
    'two-metrics.yaml',
    '--prometheus',
    prometheus.url,
    ...range(from, to, 60),
    '--format',
    'json',
    '--save-load',
    file,
  ]);
  assert.equal(live.code, 0, live.stderr);
  // The file marks exactly the grid steps where rate() had no value, in the cpu column only.
  const saved = readFileSync(file, 'utf8');
  const [header, ...rows] = saved
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split(','));
  assert.deepEqual(header, ['t', 'cpu', 'memory']);
  assert.equal(rows.length, (to - from) / 60 + 1);
  let gapRows = 0;
  for (const [t, cpu, memory] of rows) {
    const g = from + Number(t);
    assert.equal(cpu === '-', !rateHasValue(g), `cpu cell at t=${t}`);
    assert.notEqual(memory, '-', `memory cell at t=${t}`);
    if (cpu === '-') gapRows++;
  }
  assert.ok(gapRows > 0, 'the range holds a gap');
  // The offline command the file's comment gives: the range's duration and its starting replicas.
  const replay =
    /^# replay offline: hpa-lint simulate MANIFEST --load \S+ (--duration \d+ --replicas \d+)$/m.exec(saved);
  assert.ok(replay, saved.slice(0, 400));
  const replayArgs = replay[1]!.split(' ');
  assert.equal(replayArgs[1], String(to - from + 60));
  const offline = await cli(['two-metrics.yaml', '--load', file, ...replayArgs, '--format', 'json']);
  assert.equal(offline.code, 0, offline.stderr);
  const strip = (text: string) =>
    (JSON.parse(text) as JsonOut).steps.map(({ actual: _actual, ...rest }) => rest);
  const liveSteps = strip(live.stdout);
  assert.ok(
    liveSteps.some((s) => s.metrics.some((m) => m.name === 'cpu' && m.value === null)),
    'the live replay finds cpu missing somewhere',
  );
  assert.deepEqual(strip(offline.stdout), liveSteps);
});

test("a bad query shows Prometheus' own error", async () => {
  const r = await cli([
    'cpu.yaml',
    '--prometheus',
    prometheus.url,
    ...range(0, 3600, 60),
    '--query',
    'cpu=sum(rate(',
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /^hpa-lint: prometheus: Prometheus refused the query \(bad_data\): .*parse error/m);
});

test('several series where one was expected name the labels that differ', async () => {
  const r = await cli(['object.yaml', '--prometheus', prometheus.url, ...range(0, 3600, 60)]);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /returned 2 series where one was expected; they differ in queue: web_queue_depth\{namespace="shop", queue="orders"\}/,
  );
});

test('a query that matches nothing says so', async () => {
  const r = await cli([
    'cpu.yaml',
    '--prometheus',
    prometheus.url,
    ...range(0, 3600, 60),
    '--query',
    'cpu=sum(no_such_metric)',
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /the query for cpu matched no series in this range: sum\(no_such_metric\)/);
});

test('NaN values count as a missing metric and are reported', async () => {
  const from = 5 * 3600 - 600;
  const r = await cli([
    'external.yaml',
    '--prometheus',
    prometheus.url,
    ...range(from, 5 * 3600 + 1200, 60),
    '--format',
    'json',
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stderr, /web_queue_depth: 10 values were NaN or infinite and count as missing/);
  const out = JSON.parse(r.stdout) as JsonOut;
  for (const s of out.steps) {
    const g = from + Math.floor(s.t / 60) * 60;
    const nan = g >= 5 * 3600 && g < 5 * 3600 + 600;
    assert.equal(s.reason === 'noMetrics', nan, `t=${s.t}`);
  }
});

test('HTTP errors name the status', async () => {
  const r = await cli(['cpu.yaml', '--prometheus', `${prometheus.url}/nope`, ...range(0, 3600, 60)]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /answered HTTP 404 .*is the URL the server's base/);
});

test('a server that does not answer times out', async () => {
  prometheus.process.kill('SIGSTOP');
  try {
    const r = await cli([
      'cpu.yaml',
      '--prometheus',
      prometheus.url,
      ...range(0, 3600, 60),
      '--timeout',
      '1',
    ]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      new RegExp(
        `prometheus: 127\\.0\\.0\\.1:${prometheus.port} did not answer within 1 s|http://127\\.0\\.0\\.1:${prometheus.port} did not answer within 1 s`,
      ),
    );
  } finally {
    prometheus.process.kill('SIGCONT');
  }
});

test('a stopped server: the connection is refused', async () => {
  const second = await startPrometheus(
    buildTsdb(openMetrics({ ...SIX_HOURS, durationSeconds: 600, queues: false })),
  );
  await second.stop();
  second.cleanup();
  const r = await cli(['cpu.yaml', '--prometheus', second.url, ...range(0, 600, 60)]);
  assert.equal(r.code, 2);
  assert.ok(r.stderr.includes(`prometheus: ${second.url} refused the connection`), r.stderr);
});

test('a --query for a metric the HPA does not have is a usage error', async () => {
  const r = await cli([
    'cpu.yaml',
    '--prometheus',
    prometheus.url,
    ...range(0, 3600, 60),
    '--query',
    'rps=sum(x)',
  ]);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /--query names "rps", which is not a metric of HPA web \(cpu\)/);
});

test("in Japanese: the sentence for the failure, then Prometheus' own text", async () => {
  try {
    const r = await cli([
      'cpu.yaml',
      '--locale',
      'ja',
      '--prometheus',
      prometheus.url,
      ...range(0, 3600, 60),
      '--query',
      'cpu=sum(rate(',
    ]);
    assert.equal(r.code, 2);
    assert.match(
      r.stderr,
      /Prometheusのエラー: Prometheusがクエリを拒否しました。 Prometheus refused the query \(bad_data\): .*parse error/,
    );
  } finally {
    await cli(['--locale', 'en', '--help']);
  }
});
