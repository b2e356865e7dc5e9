/**
 * Reads Prometheus' `/api/v1/query_range` answer (`{"status":"success","data":{"resultType":"matrix",
 * "result":[{"metric":{...},"values":[[t,"v"],...]}]}}`) into series on the plan's step grid. A time
 * with no sample stays null: the controller would have found no metric there.
 */
import { PrometheusError } from './errors';

export interface RawSeries {
  labels: Record<string, string>;
  /** [Unix seconds, value as Prometheus writes it: "1.5", "NaN", "+Inf"]. */
  values: [number, string][];
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Prometheus' error envelope, when the body is one: `{status:"error", errorType, error}`. */
export function prometheusErrorText(body: string): { errorType: string; error: string } | null {
  try {
    const json: unknown = JSON.parse(body);
    if (isObject(json) && json.status === 'error' && typeof json.error === 'string') {
      return { errorType: typeof json.errorType === 'string' ? json.errorType : 'error', error: json.error };
    }
  } catch {
    // not JSON: the caller reports the HTTP status instead
  }
  return null;
}

/** The series of a successful range query. Throws `promql` for an error envelope, `badResponse` for anything else. */
export function parseQueryRange(body: string): RawSeries[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new PrometheusError(
      'badResponse',
      `the answer is not JSON (it starts "${body.slice(0, 60).trim()}"); is the URL Prometheus' own?`,
    );
  }
  if (!isObject(json))
    throw new PrometheusError('badResponse', 'the answer is not a Prometheus API response');
  if (json.status === 'error') {
    throw new PrometheusError(
      'promql',
      `Prometheus refused the query: ${String(json.error ?? json.errorType ?? 'no reason given')}`,
    );
  }
  const data = json.data;
  if (json.status !== 'success' || !isObject(data)) {
    throw new PrometheusError(
      'badResponse',
      'the answer is not a Prometheus API response (no "status": "success" with "data")',
    );
  }
  if (data.resultType !== 'matrix') {
    throw new PrometheusError(
      'badResponse',
      `expected a range vector (matrix), got ${String(data.resultType)}`,
    );
  }
  if (!Array.isArray(data.result))
    throw new PrometheusError('badResponse', 'the matrix has no "result" list');
  return data.result.map((entry: unknown): RawSeries => {
    if (!isObject(entry) || !Array.isArray(entry.values))
      throw new PrometheusError('badResponse', 'a series of the matrix has no "values"');
    const labels: Record<string, string> = {};
    if (isObject(entry.metric)) for (const [k, v] of Object.entries(entry.metric)) labels[k] = String(v);
    const values = entry.values.map((pair: unknown): [number, string] => {
      if (!Array.isArray(pair) || typeof pair[0] !== 'number' || typeof pair[1] !== 'string') {
        throw new PrometheusError('badResponse', 'a sample of the matrix is not [time, "value"]');
      }
      return [pair[0], pair[1]];
    });
    return { labels, values };
  });
}

/** `{a="1", b="2"}` as Prometheus prints a series. */
export function formatLabels(labels: Record<string, string>): string {
  const { __name__: name, ...rest } = labels;
  const inner = Object.entries(rest)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(', ');
  return `${name ?? ''}{${inner}}`;
}

/**
 * The one series a query should give. Several are an error that names the labels whose values differ,
 * so the user knows what to aggregate away (`sum by ()` or a narrower selector).
 */
export function singleSeries(series: RawSeries[], what: string): RawSeries {
  if (series.length === 1) return series[0]!;
  if (series.length === 0) {
    throw new PrometheusError('empty', `the query for ${what} matched no series in this range`);
  }
  const keys = new Set(series.flatMap((s) => Object.keys(s.labels)));
  const differing = [...keys].filter((k) => new Set(series.map((s) => s.labels[k] ?? '')).size > 1).sort();
  const examples = series
    .slice(0, 3)
    .map((s) => formatLabels(s.labels))
    .join(', ');
  throw new PrometheusError(
    'severalSeries',
    `the query for ${what} returned ${series.length} series where one was expected; they differ in ${differing.join(', ') || '(no label)'}: ${examples}${series.length > 3 ? ', ...' : ''}. Aggregate them, e.g. sum(...) or sum by () (...)`,
  );
}

export interface GridSeries {
  /** One value per step of the plan (null: no sample, or a sample that is not a finite number). */
  values: (number | null)[];
  /** Steps Prometheus answered NaN, +Inf or -Inf at. */
  nonFinite: number;
}

/** Puts a series' samples on the grid start, start+step, ...; steps without a sample stay null. */
export function onGrid(
  samples: readonly [number, string][],
  start: number,
  step: number,
  points: number,
): GridSeries {
  const values: (number | null)[] = new Array<number | null>(points).fill(null);
  let nonFinite = 0;
  for (const [t, text] of samples) {
    const i = Math.round((t - start) / step);
    if (i < 0 || i >= points) continue;
    const v = Number(text);
    if (text.trim() === '' || !Number.isFinite(v)) {
      nonFinite++;
      continue;
    }
    values[i] = v;
  }
  return { values, nonFinite };
}
