/**
 * One backtest fetch: every metric's query and kube-state-metrics' replica counts over a planned
 * range, turned into loads and an actual-replicas series on the same grid. Shared by
 * `hpa-lint simulate --prometheus` and the preview.
 */
import type { LoadSeries } from '../engine/simulationTypes';
import { PrometheusError } from './errors';
import type { BacktestNote } from './notes';
import { onGrid, singleSeries, type RawSeries } from './queryRangeResponse';
import { planRange, type RangePlan } from './rangePlan';
import { gridToLoad, replicasOnGrid } from './toLoad';
import { queryRange, type PrometheusConnection } from './transport';

export interface MetricQuery {
  metric: string;
  promql: string;
}

export interface BacktestRequest {
  queries: MetricQuery[];
  /** kube-state-metrics' current-replicas query, or null to skip the comparison. */
  actualQuery: string | null;
  start: number;
  end: number;
  step: number;
}

export interface BacktestData {
  plan: RangePlan;
  loads: LoadSeries[];
  /** Actual replicas per grid step (null: no sample), or null when kube-state-metrics had none. */
  actual: (number | null)[] | null;
  /** What the user should know: splits, coarsening, gaps, NaN values, no kube-state-metrics. */
  notes: BacktestNote[];
}

/** Runs one query over every chunk of the plan; the chunks' series are joined by their labels. */
async function fetchGrid(
  conn: PrometheusConnection,
  query: string,
  what: string,
  plan: RangePlan,
): Promise<{ values: (number | null)[]; nonFinite: number } | null> {
  const samples: [number, string][] = [];
  const seen: RawSeries[] = [];
  for (const chunk of plan.chunks) {
    const series = await queryRange(conn, query, chunk.start, chunk.end, plan.step);
    for (const s of series) {
      const key = JSON.stringify(s.labels);
      if (!seen.some((x) => JSON.stringify(x.labels) === key)) seen.push(s);
    }
    if (seen.length > 1) singleSeries(seen, what); // throws, naming the labels that differ
    for (const s of series) for (const v of s.values) samples.push(v);
  }
  if (seen.length === 0) return null;
  return onGrid(samples, plan.start, plan.step, plan.points);
}

function gapNote(metric: string, values: readonly (number | null)[], step: number): BacktestNote | null {
  const missing = values.filter((v) => v === null).length;
  if (missing === 0) return null;
  return { kind: 'gaps', metric, missing, total: values.length, minutes: Math.round((missing * step) / 60) };
}

export async function fetchBacktest(
  conn: PrometheusConnection,
  request: BacktestRequest,
): Promise<BacktestData> {
  const plan = planRange(request.start, request.end, request.step);
  const notes: BacktestNote[] = [...plan.notes];
  const loads: LoadSeries[] = [];
  for (const q of request.queries) {
    const grid = await fetchGrid(conn, q.promql, q.metric, plan);
    if (grid === null) {
      throw new PrometheusError(
        'empty',
        `the query for ${q.metric} matched no series in this range: ${q.promql}`,
      );
    }
    if (grid.nonFinite > 0) {
      notes.push({ kind: 'nonFinite', metric: q.metric, count: grid.nonFinite });
    }
    const gaps = gapNote(q.metric, grid.values, plan.step);
    if (gaps) notes.push(gaps);
    loads.push(gridToLoad(q.metric, grid.values, plan.step));
  }
  let actual: (number | null)[] | null = null;
  if (request.actualQuery !== null) {
    const grid = await fetchGrid(conn, request.actualQuery, 'the actual replicas', plan);
    if (grid === null) notes.push({ kind: 'noActual' });
    else actual = replicasOnGrid(grid.values);
  }
  return { plan, loads, actual, notes };
}
