/**
 * The pure parts of the Prometheus backtest (common/prometheus): time parsing, Pod-name patterns,
 * default queries, range planning, response parsing, loads with gaps, the comparison, and the
 * transport's error mapping. The transport is given a fetch function here to check what it sends
 * and how it words each failure; test/server/prometheus-backtest.test.ts runs it against a real
 * Prometheus.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildSimulationInput, simulate, type HPASpec, type MetricSpec } from '../../../common/engine';
import {
  actualAtSteps,
  compareWithReality,
  defaultQueryFor,
  gridToLoad,
  MAX_POINTS_PER_REQUEST,
  onGrid,
  parseDuration,
  parseInstant,
  parseQueryRange,
  planRange,
  podNamePattern,
  PrometheusError,
  queryRange,
  selectorMatchers,
  singleSeries,
  describePrometheusError,
  isPrometheusReplay,
  realityOfRun,
  type PrometheusReplay,
  noteInEnglish,
  noteText,
  PRESET_SECONDS,
  PROMETHEUS_STRINGS,
  RANGE_PRESETS,
  resolveRange,
  suggestedStep,
  type FetchLike,
} from '../../../common/prometheus';

const js = (re2: string) => new RegExp(`^(?:${re2})$`);

test('instants: RFC 3339 and Unix seconds; anything else is refused', () => {
  assert.equal(parseInstant('2026-01-01T00:00:00Z'), 1_767_225_600);
  assert.equal(parseInstant('2026-01-01T01:00:00+01:00'), 1_767_225_600);
  assert.equal(parseInstant('1767225600.5'), 1_767_225_600.5);
  assert.equal(parseInstant('2026-01-01'), null);
  assert.equal(parseInstant('yesterday'), null);
  assert.equal(parseDuration('1m30s'), 90);
  assert.equal(parseDuration('7d'), 604_800);
  assert.equal(parseDuration('15'), 15);
  assert.equal(parseDuration('15x'), null);
});

test("Pod-name patterns: a Deployment's <name>-<hash>-<hash>, not another Deployment starting with the name", () => {
  const deployment = js(podNamePattern('Deployment', 'web').regex);
  assert.match('web-7d9f8c6b5-x2k4q', deployment);
  assert.match('web-58b9c6d8f7-zq2rn', deployment);
  assert.doesNotMatch('web-api-6c8d7f9b4-q2w5z', deployment);
  assert.doesNotMatch('web-0', deployment);
  assert.doesNotMatch('web-7d9f8c6b5-x2k4q-extra', deployment);
  const statefulSet = js(podNamePattern('StatefulSet', 'db').regex);
  assert.match('db-0', statefulSet);
  assert.match('db-12', statefulSet);
  assert.doesNotMatch('db-x2k4q', statefulSet);
  assert.match('rs-x2k4q', js(podNamePattern('ReplicaSet', 'rs').regex));
  assert.doesNotMatch('rs-7d9f8c6b5-x2k4q', js(podNamePattern('ReplicaSet', 'rs').regex));
  const dotted = js(podNamePattern('StatefulSet', 'a.b').regex);
  assert.doesNotMatch('aXb-0', dotted, 'a dot in a name is literal');
  assert.equal(podNamePattern('Rollout', 'web').exact, false);
});

test('selectors become PromQL matchers', () => {
  assert.deepEqual(
    selectorMatchers({
      matchLabels: { queue: 'orders', 'app.kubernetes.io/name': 'web' },
      matchExpressions: [
        { key: 'tier', operator: 'In', values: ['a', 'b.c'] },
        { key: 'zone', operator: 'NotIn', values: ['x'] },
        { key: 'canary', operator: 'Exists' },
        { key: 'legacy', operator: 'DoesNotExist' },
      ],
    }),
    [
      'queue="orders"',
      'app_kubernetes_io_name="web"',
      'tier=~"a|b\\\\.c"',
      'zone!~"x"',
      'canary!=""',
      'legacy=""',
    ],
  );
  assert.deepEqual(selectorMatchers(undefined), []);
});

const SPEC: HPASpec = { scaleTargetRef: { kind: 'StatefulSet', name: 'db' }, maxReplicas: 5 };
const CTX = { namespace: 'data', hpaName: 'db', stepSeconds: 300 };
const target = { type: 'AverageValue' as const, averageValue: '1' };

test('default queries per metric type', () => {
  const q = (m: MetricSpec) => defaultQueryFor(SPEC, m, CTX).promql;
  assert.equal(
    q({ type: 'ContainerResource', containerResource: { name: 'memory', container: 'app', target } }),
    'sum(container_memory_working_set_bytes{namespace="data",pod=~"db-[0-9]+",container="app"})',
  );
  assert.equal(
    q({ type: 'Resource', resource: { name: 'cpu', target } }),
    'sum(rate(container_cpu_usage_seconds_total{namespace="data",pod=~"db-[0-9]+",container!="",container!="POD"}[5m]))',
    'the rate window widens with the step so no sample is skipped',
  );
  assert.equal(
    q({
      type: 'Pods',
      pods: { metric: { name: 'http_rps', selector: { matchLabels: { verb: 'GET' } } }, target },
    }),
    'sum(http_rps{namespace="data",pod=~"db-[0-9]+",verb="GET"})',
  );
  assert.equal(
    q({
      type: 'Object',
      object: { describedObject: { kind: 'Service', name: 'db' }, metric: { name: 'qps' }, target },
    }),
    'qps{namespace="data"}',
  );
  assert.equal(
    q({ type: 'External', external: { metric: { name: 'queue.depth' }, target } }),
    'sum({__name__="queue.depth"})',
  );
});

test('range planning: split past 11,000 points, coarsen past what the simulation runs', () => {
  const start = 1_767_225_600;
  const week = planRange(start, start + 7 * 86400, 60);
  assert.equal(week.points, 10_081);
  assert.equal(week.chunks.length, 1);
  assert.deepEqual(week.notes, []);
  const fine = planRange(start, start + 7 * 86400, 15);
  assert.equal(fine.chunks.length, Math.ceil(fine.points / MAX_POINTS_PER_REQUEST));
  fine.chunks.forEach((c, i) => {
    assert.ok((c.end - c.start) / 15 + 1 <= MAX_POINTS_PER_REQUEST);
    if (i > 0) assert.equal(c.start, fine.chunks[i - 1]!.end + 15, 'chunks are contiguous on the grid');
  });
  assert.equal(fine.chunks[0]!.start, start);
  assert.equal(fine.chunks.at(-1)!.end, fine.end);
  const coarse = planRange(start, start + 86400, 1, 1000);
  assert.ok(coarse.points <= 1000);
  assert.equal(coarse.step, Math.ceil(86400 / 999));
  assert.deepEqual(coarse.notes[0], { kind: 'coarsened', from: 1, to: 87, points: 86_401, max: 1000 });
  assert.match(noteInEnglish(coarse.notes[0]!), /coarsened from 1 s to 87 s/);
  assert.match(noteText('zh-tw', coarse.notes[0]!), /從 1 秒放寬為 87 秒/);
  assert.throws(
    () => planRange(start, start, 60),
    (e: unknown) => e instanceof PrometheusError && e.code === 'badRange',
  );
});

test('query_range answers: errors, the wrong shape, several series', () => {
  assert.throws(
    () => parseQueryRange('{"status":"error","errorType":"bad_data","error":"1:5: parse error"}'),
    /Prometheus refused the query: 1:5: parse error/,
  );
  assert.throws(
    () => parseQueryRange('<html>login</html>'),
    (e: unknown) => (e as PrometheusError).code === 'badResponse',
  );
  assert.throws(
    () => parseQueryRange('{"status":"success","data":{"resultType":"vector","result":[]}}'),
    /expected a range vector \(matrix\), got vector/,
  );
  const series = parseQueryRange(
    JSON.stringify({
      status: 'success',
      data: {
        resultType: 'matrix',
        result: [
          { metric: { __name__: 'x', pod: 'a', job: 'k' }, values: [[10, '1']] },
          { metric: { __name__: 'x', pod: 'b', job: 'k' }, values: [[10, '2']] },
        ],
      },
    }),
  );
  assert.throws(
    () => singleSeries(series, 'cpu'),
    /returned 2 series where one was expected; they differ in pod: x\{pod="a", job="k"\}/,
  );
  assert.throws(
    () => singleSeries([], 'cpu'),
    (e: unknown) => (e as PrometheusError).code === 'empty',
  );
});

test('on the grid: NaN and infinities are missing, and so is a step without a sample', () => {
  const grid = onGrid(
    [
      [100, '1.5'],
      [160, 'NaN'],
      [220, '+Inf'],
      [340, '2'],
    ],
    100,
    60,
    5,
  );
  assert.deepEqual(grid.values, [1.5, null, null, null, 2]);
  assert.equal(grid.nonFinite, 2);
});

test('grid values become a load with gaps, in milli-units', () => {
  const load = gridToLoad('cpu', [null, 0.5, 0.5, null, null, 0.75], 60);
  assert.deepEqual(load, {
    metric: 'cpu',
    points: [
      { t: 60, value: 500 },
      { t: 300, value: 750 },
    ],
    gaps: [
      { from: 0, to: 60 },
      { from: 180, to: 300 },
    ],
  });
});

test('the simulator reads a gap as a missing metric: no reading, no scale-down', () => {
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
  const loads = [{ metric: 'cpu', points: [{ t: 0, value: 100 }], gaps: [{ from: 60, to: 120 }] }];
  for (const mode of ['controller', 'formula'] as const) {
    const input = buildSimulationInput(
      spec,
      { cpu: 1000 },
      { initialReplicas: 4, durationSeconds: 180, loads, mode },
    );
    const result = simulate(input);
    for (const s of result.steps) {
      const inGap = s.t >= 60 && s.t < 120;
      assert.equal(s.reason === 'noMetrics', inGap, `${mode} t=${s.t}`);
      assert.equal('cpu' in s.load, !inGap, `${mode} t=${s.t}`);
      if (inGap) assert.equal(s.desiredReplicas, s.replicas, `${mode}: kept at t=${s.t}`);
    }
  }
});

test('comparison with reality: mean absolute difference and share within one replica', () => {
  const steps = [0, 15, 30, 45, 60, 75].map((t, i) => ({ t, replicas: [3, 3, 4, 6, 6, 6][i]! }));
  const actual = actualAtSteps(steps, [3, 5, null, 6], 30);
  assert.deepEqual(actual, [3, 3, 5, 5, null, null]);
  assert.deepEqual(compareWithReality(steps, actual), {
    compared: 4,
    meanAbsoluteDifference: (0 + 0 + 1 + 1) / 4,
    withinOneReplica: 1,
    maxDifference: 1,
  });
  assert.equal(compareWithReality(steps, [null, null, null, null, null, null]), null);
});

/** A fetch that records what it was asked and answers or fails as told. */
function recordingFetch(
  answer: (signal: { aborted: boolean }) => Promise<{ status: number; statusText: string; body: string }>,
) {
  const calls: { url: string; headers: Record<string, string>; body: string }[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, headers: init.headers, body: init.body });
    const a = await answer(init.signal);
    return { status: a.status, statusText: a.statusText, text: async () => a.body };
  };
  return { fetch, calls };
}

const OK = JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [] } });

test('transport: POSTs the range query with the token in a header, never in a message', async () => {
  const { fetch, calls } = recordingFetch(async () => ({
    status: 401,
    statusText: 'Unauthorized',
    body: 'no',
  }));
  const conn = { url: 'https://user:pw@prom.example/base/', fetch, token: 's3cret-token' };
  await assert.rejects(
    queryRange(conn, 'up', 10, 20, 5),
    (e: unknown) =>
      e instanceof PrometheusError &&
      e.code === 'http' &&
      e.status === 401 &&
      e.message === 'https://***@prom.example/base answered HTTP 401 Unauthorized (check the bearer token)',
  );
  assert.equal(calls[0]!.url, 'https://user:pw@prom.example/base/api/v1/query_range');
  assert.equal(calls[0]!.headers.Authorization, 'Bearer s3cret-token');
  assert.equal(calls[0]!.body, 'query=up&start=10&end=20&step=5');
});

test('transport: each failure has its own code and says where', async () => {
  const failing = (cause: object) =>
    recordingFetch(async () => {
      throw Object.assign(new TypeError('fetch failed'), { cause });
    }).fetch;
  const url = 'http://127.0.0.1:9';
  const code = async (fetch: FetchLike, extra: object = {}) => {
    try {
      await queryRange({ url, fetch, ...extra }, 'up', 0, 1, 1);
    } catch (e) {
      return [(e as PrometheusError).code, (e as Error).message];
    }
    return ['none', ''];
  };
  assert.deepEqual(await code(failing({ code: 'ECONNREFUSED' })), [
    'refused',
    `${url} refused the connection: is Prometheus running there (or the port-forward up)?`,
  ]);
  assert.deepEqual(await code(failing({ code: 'ENOTFOUND' })), [
    'unreachable',
    `${url} cannot be reached (ENOTFOUND)`,
  ]);
  const never = recordingFetch(
    (signal) =>
      new Promise((_, reject) => {
        const check = () => (signal.aborted ? reject(new Error('aborted')) : setImmediate(check));
        check();
      }),
  ).fetch;
  assert.deepEqual(await code(never, { timeoutMs: 20 }), ['timeout', `${url} did not answer within 0.02 s`]);
  const cancel = new AbortController();
  const pending = code(never, { signal: cancel.signal });
  cancel.abort();
  assert.deepEqual(await pending, ['cancelled', `the request to ${url} was cancelled`]);
  const busy = recordingFetch(async () => ({
    status: 503,
    statusText: 'Service Unavailable',
    body: '{"status":"error","errorType":"unavailable","error":"too many queries"}',
  })).fetch;
  assert.deepEqual(await code(busy), ['http', `${url} answered HTTP 503: too many queries`]);
  const promql = recordingFetch(async () => ({
    status: 422,
    statusText: '',
    body: '{"status":"error","errorType":"execution","error":"query processing would load too many samples"}',
  })).fetch;
  assert.equal((await code(promql))[0], 'promql');
  assert.equal(
    (await code(recordingFetch(async () => ({ status: 200, statusText: 'OK', body: OK })).fetch))[0],
    'none',
  );
  await assert.rejects(
    queryRange({ url: 'ftp://x', fetch: busy }, 'up', 0, 1, 1),
    (e: unknown) => (e as PrometheusError).code === 'badUrl',
  );
});

test('range presets end now; the suggested step keeps one request per query', () => {
  assert.deepEqual(resolveRange({ preset: '6h' }, 1_767_225_600.7), {
    start: 1_767_225_600 - 21_600,
    end: 1_767_225_600,
  });
  assert.deepEqual(resolveRange({ start: 5, end: 9 }, 100), { start: 5, end: 9 });
  assert.equal(suggestedStep(PRESET_SECONDS['24h'], 15), 15);
  assert.equal(suggestedStep(PRESET_SECONDS['7d'], 15), 60);
  for (const preset of RANGE_PRESETS) {
    const step = suggestedStep(PRESET_SECONDS[preset], 15);
    assert.equal(planRange(0, PRESET_SECONDS[preset], step).chunks.length, 1, preset);
  }
});

test("the preview's Prometheus texts: every key in every language, with the same placeholders", () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  const keys = Object.keys(PROMETHEUS_STRINGS.en);
  for (const locale of ['ja', 'zh-tw'] as const) {
    assert.deepEqual(Object.keys(PROMETHEUS_STRINGS[locale]), keys, locale);
    for (const key of keys as (keyof typeof PROMETHEUS_STRINGS.en)[]) {
      assert.deepEqual(
        placeholders(PROMETHEUS_STRINGS[locale][key]),
        placeholders(PROMETHEUS_STRINGS.en[key]),
        `${locale} ${key}`,
      );
      assert.notEqual(
        PROMETHEUS_STRINGS[locale][key],
        PROMETHEUS_STRINGS.en[key],
        `${locale} ${key} is translated`,
      );
    }
  }
  assert.equal(
    describePrometheusError('ja', 'refused', 'http://127.0.0.1:9 refused the connection'),
    'Prometheusが接続を拒否しました。 http://127.0.0.1:9 refused the connection',
  );
});

test('a replay survives JSON and is checked on receipt; its actual line has gaps where reality is unknown', () => {
  const replay: PrometheusReplay = {
    name: 'Prometheus',
    loads: [gridToLoad('cpu', [0.5, null, 0.75], 60)],
    actual: { stepSeconds: 60, values: [3, null, 4] },
    durationSeconds: 180,
    initialReplicas: 3,
    notes: [],
    start: 1000,
    end: 1120,
    stepSeconds: 60,
  };
  const received: unknown = JSON.parse(JSON.stringify(replay));
  assert.ok(isPrometheusReplay(received));
  assert.equal(isPrometheusReplay({ ...replay, actual: { stepSeconds: 60, values: ['3'] } }), false);
  assert.equal(
    isPrometheusReplay({ ...replay, loads: [{ metric: 'cpu', points: [{ t: 0, value: NaN }] }] }),
    false,
  );
  const steps = [0, 30, 60, 90, 120, 150].map((t) => ({ t, replicas: 4 }));
  const reality = realityOfRun(replay, steps)!;
  assert.deepEqual(
    reality.points.map((p) => p.v),
    [3, 3, null, null, 4, 4],
  );
  assert.deepEqual(reality.comparison, {
    compared: 4,
    meanAbsoluteDifference: 0.5,
    withinOneReplica: 1,
    maxDifference: 1,
  });
  assert.equal(realityOfRun({ ...replay, actual: null }, steps), null);
});
