/**
 * `hpa-lint simulate FILE --prometheus URL [--query METRIC=PROMQL]... --start T --end T [--step S]
 * [--namespace NS] [--timeout S] [--save-load FILE.csv]`: the load comes from a Prometheus range
 * instead of a profile or a CSV, and kube-state-metrics' replica counts are compared with the
 * simulation. The bearer token comes from HPA_PROMETHEUS_TOKEN only (a flag would land in shell
 * history and process lists).
 */
import { writeFile } from 'node:fs/promises';
import type { HPASpec, MetricSpec, SimulationResult } from '../../../common/engine';
import {
  actualAtSteps,
  actualReplicasQueries,
  compareWithReality,
  defaultQueries,
  fetchBacktest,
  describePrometheusError,
  formatInstant,
  noteInEnglish,
  noteText,
  parseDuration,
  parseInstant,
  PrometheusError,
  type BacktestData,
  type FetchLike,
  type MetricQuery,
  type RealityComparison,
} from '../../../common/prometheus';
import { currentLocale, listOf, t } from '../localize';
import { UsageError } from '../usageError';
import { MISSING_CELL } from '../../../common/preview/csv';

/** The flags of this mode, taken out of simulate's argument list before the rest is parsed. */
export interface PrometheusArgs {
  url: string;
  queries: Map<string, string>;
  start: number;
  end: number;
  step: number | null;
  namespace: string | null;
  timeoutSeconds: number;
  saveLoad: string | null;
}

const FLAGS = new Set([
  '--prometheus',
  '--query',
  '--start',
  '--end',
  '--step',
  '--namespace',
  '--timeout',
  '--save-load',
]);

export const PROMETHEUS_USAGE = `  --prometheus URL       replay a Prometheus range as the load (token from HPA_PROMETHEUS_TOKEN)
  --start T, --end T     the range: RFC 3339 (2026-01-05T00:00:00Z) or Unix seconds
  --step S               query step (default: the sync period, 15s); coarsened past 161,280 points
  --query METRIC=PROMQL  replace a metric's default query (repeatable)
  --namespace NS         the HPA's namespace when the manifest names none (default "default")
  --timeout S            per-request timeout (default 30s)
  --save-load FILE.csv   also write the fetched load as a CSV that --load reads
`;

/** Splits `args` into this mode's flags (null when --prometheus is absent) and the rest. */
export function splitPrometheusArgs(args: string[]): { prometheus: PrometheusArgs | null; rest: string[] } {
  const rest: string[] = [];
  const found = new Map<string, string[]>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const eq = a.startsWith('--') ? a.indexOf('=') : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (!FLAGS.has(flag)) {
      rest.push(a);
      continue;
    }
    let value: string | undefined = eq > 0 ? a.slice(eq + 1) : args[++i];
    if (value === undefined) throw new UsageError(t('{flag} needs a value', { flag }));
    value = value.trim();
    found.set(flag, [...(found.get(flag) ?? []), value]);
  }
  if (found.size === 0) return { prometheus: null, rest };
  const one = (flag: string): string | undefined => {
    const values = found.get(flag);
    if (values && values.length > 1)
      throw new UsageError(t('{flag} is given {count} times', { flag, count: values.length }));
    return values?.[0];
  };
  const url = one('--prometheus');
  if (url === undefined) {
    throw new UsageError(t('{flags} only apply with --prometheus URL', { flags: listOf([...found.keys()]) }));
  }
  const instant = (flag: string): number => {
    const text = one(flag);
    if (text === undefined)
      throw new UsageError(t('--prometheus needs {flag} (RFC 3339 or Unix seconds)', { flag }));
    const at = parseInstant(text);
    if (at === null)
      throw new UsageError(
        t('{flag} expects RFC 3339 (2026-01-05T00:00:00Z) or Unix seconds, got "{value}"', {
          flag,
          value: text,
        }),
      );
    return at;
  };
  const seconds = (flag: string): number | null => {
    const text = one(flag);
    if (text === undefined) return null;
    const s = parseDuration(text);
    if (s === null || s <= 0)
      throw new UsageError(
        t('{flag} expects a duration such as 15s, 1m or 60, got "{value}"', { flag, value: text }),
      );
    return s;
  };
  const queries = new Map<string, string>();
  for (const q of found.get('--query') ?? []) {
    const eq = q.indexOf('=');
    if (eq <= 0 || q.slice(eq + 1).trim() === '') {
      throw new UsageError(
        t('--query expects METRIC=PROMQL (e.g. cpu=\'sum(rate(...))\'), got "{value}"', { value: q }),
      );
    }
    queries.set(q.slice(0, eq).trim(), q.slice(eq + 1).trim());
  }
  const start = instant('--start');
  const end = instant('--end');
  if (end <= start)
    throw new UsageError(
      t('--end ({end}) must come after --start ({start})', {
        end: formatInstant(end),
        start: formatInstant(start),
      }),
    );
  const maxDays = 28;
  if (end - start > maxDays * 86400)
    throw new UsageError(t('the range is limited to {days} days, the longest simulation', { days: maxDays }));
  return {
    prometheus: {
      url,
      queries,
      start,
      end,
      step: seconds('--step'),
      namespace: one('--namespace') ?? null,
      timeoutSeconds: seconds('--timeout') ?? 30,
      saveLoad: one('--save-load') ?? null,
    },
    rest,
  };
}

export interface CliBacktest {
  data: BacktestData;
  /** The queries run, per metric, as notes show them. */
  queries: MetricQuery[];
  /** The simulation's length: the planned range. */
  durationSeconds: number;
  /** The actual count at the start, the natural starting point of a backtest. */
  initialReplicas: number | undefined;
}

/** Node's global fetch, as the transport's minimal shape (the signal is a real AbortSignal at run time). */
export const nodeFetch: FetchLike = (url, init) =>
  fetch(url, { ...init, signal: init.signal as AbortSignal });

/** Fetches the range for the HPA; PrometheusError becomes a one-line UsageError. */
export async function fetchForCli(
  args: PrometheusArgs,
  hpa: { name: string; spec: HPASpec; namespace?: string },
  metrics: readonly MetricSpec[],
  fetchImpl: FetchLike = nodeFetch,
): Promise<CliBacktest> {
  const step = args.step ?? 15;
  const ctx = {
    namespace: args.namespace ?? hpa.namespace ?? 'default',
    hpaName: hpa.name,
    stepSeconds: step,
  };
  const defaults = defaultQueries(hpa.spec, metrics, ctx);
  for (const name of args.queries.keys()) {
    if (!defaults.some((d) => d.metric === name)) {
      throw new UsageError(
        t('--query names "{name}", which is not a metric of HPA {hpa} ({metrics})', {
          name,
          hpa: hpa.name,
          metrics: listOf(defaults.map((d) => d.metric)),
        }),
      );
    }
  }
  const queries = defaults.map((d) => ({ metric: d.metric, promql: args.queries.get(d.metric) ?? d.promql }));
  const token = process.env.HPA_PROMETHEUS_TOKEN;
  let data: BacktestData;
  try {
    data = await fetchBacktest(
      { url: args.url, fetch: fetchImpl, timeoutMs: args.timeoutSeconds * 1000, ...(token ? { token } : {}) },
      { queries, actualQuery: actualReplicasQueries(ctx).current, start: args.start, end: args.end, step },
    );
  } catch (err) {
    if (err instanceof PrometheusError) {
      // The detail (with Prometheus' own error text) stays as written; other languages get a sentence first.
      const locale = currentLocale();
      const text = locale === 'en' ? err.message : describePrometheusError(locale, err.code, err.message);
      throw new UsageError(t('prometheus: {reason}', { reason: text }));
    }
    throw err;
  }
  const first = data.actual?.find((v) => v !== null);
  return {
    data,
    queries,
    durationSeconds: data.plan.end - data.plan.start + data.plan.step,
    initialReplicas: first ?? undefined,
  };
}

/** The notes the CLI prints for a backtest: range, queries, then what the fetch found. */
export function backtestNotes(b: CliBacktest): string[] {
  const p = b.data.plan;
  const locale = currentLocale();
  return [
    t('Prometheus range {start} to {end}, step {step} s ({points} points)', {
      start: formatInstant(p.start),
      end: formatInstant(p.end),
      step: p.step,
      points: p.points,
    }),
    ...b.queries.map((q) => t('query for {metric}: {promql}', { metric: q.metric, promql: q.promql })),
    ...b.data.notes.map((note) => (locale === 'en' ? noteInEnglish(note) : noteText(locale, note))),
  ];
}

/** The actual replicas at each step of the result, and the comparison (null without kube-state-metrics data). */
export function realityOf(
  b: CliBacktest,
  result: SimulationResult,
): { actual: (number | null)[] | null; comparison: RealityComparison | null } {
  if (!b.data.actual) return { actual: null, comparison: null };
  const actual = actualAtSteps(result.steps, b.data.actual, b.data.plan.step);
  return { actual, comparison: compareWithReality(result.steps, actual) };
}

export function comparisonInWords(c: RealityComparison | null): string {
  if (!c) return t('no actual replica count to compare with');
  return t(
    "compared with the HPA's actual replicas (kube-state-metrics) at {count} syncs: mean absolute difference {mean} replicas, within ±1 replica {within}% of the time, largest difference {max}",
    {
      count: c.compared,
      mean: c.meanAbsoluteDifference.toFixed(2),
      within: (c.withinOneReplica * 100).toFixed(1),
      max: c.maxDifference,
    },
  );
}

/** A milli value as a quantity `--load` reads back exactly. */
function quantity(milli: number): string {
  return milli % 1000 === 0 ? String(milli / 1000) : `${milli}m`;
}

/**
 * The fetched load as the CSV `--load` reads: `t,<metric>...`, one row per step. A step in a gap of
 * the recorded data is the grammar's missing cell (`-`), so the offline run finds the metric missing
 * there just as the live replay does.
 */
export function loadCsvOf(b: CliBacktest, file: string): string {
  const { plan, loads } = b.data;
  const names = loads.map((l) => l.metric);
  const lines = [
    `# fetched from Prometheus: ${formatInstant(plan.start)} to ${formatInstant(plan.end)}, step ${plan.step} s`,
    `# replay offline: hpa-lint simulate MANIFEST --load ${file} --duration ${b.durationSeconds}${b.initialReplicas !== undefined ? ` --replicas ${b.initialReplicas}` : ''}`,
  ];
  lines.push(['t', ...names].join(','));
  const readers = loads.map((l) => ({ points: l.points, index: 0, gaps: l.gaps ?? [] }));
  for (let i = 0; i < plan.points; i++) {
    const t = i * plan.step;
    const cells = readers.map((r) => {
      if (r.gaps.some((g) => g.from <= t && t < g.to)) return MISSING_CELL;
      while (r.index + 1 < r.points.length && r.points[r.index + 1]!.t <= t) r.index++;
      const p = r.points[r.index];
      return p === undefined ? '0' : quantity(p.value);
    });
    lines.push([String(t), ...cells].join(','));
  }
  return `${lines.join('\n')}\n`;
}

export async function saveLoad(b: CliBacktest, file: string): Promise<void> {
  try {
    await writeFile(file, loadCsvOf(b, file), 'utf8');
  } catch (err) {
    throw new UsageError(t('cannot write {file}: {reason}', { file, reason: (err as Error).message }));
  }
}
