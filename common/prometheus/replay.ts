/**
 * A Prometheus load as the preview holds it: the loads, the actual replica counts on the fetch grid,
 * and what the fetch reported. Plain JSON, so it crosses postMessage and the webview's saved state
 * unchanged; `isPrometheusReplay` checks one on receipt. `realityOfRun` gives the chart's actual
 * line and the summary's comparison for any run of the same range, so each edit of `behavior` is
 * compared with what the HPA did.
 */
import type { LoadSeries, SimulationStep } from '../engine/simulationTypes';
import { actualAtSteps, compareWithReality, type RealityComparison } from './comparison';

export interface PrometheusReplay {
  /** Shown where a CSV load shows its file name. */
  name: string;
  loads: LoadSeries[];
  /** kube-state-metrics' current replicas on the fetch grid (t = 0 at the range's start), or null. */
  actual: { stepSeconds: number; values: (number | null)[] } | null;
  /** The simulation's length: the whole range. */
  durationSeconds: number;
  /** The actual count at the start, where a backtest starts. */
  initialReplicas?: number;
  /** Splits, a coarser step, gaps, NaN values, in the user's language: stated beside the chart. */
  notes: string[];
  /** Unix seconds of the range and the step the data was fetched at. */
  start: number;
  end: number;
  stepSeconds: number;
}

export interface RunReality {
  /** The actual line for the replicas chart: null where kube-state-metrics had no sample (a gap in the line). */
  points: { t: number; v: number | null }[];
  comparison: RealityComparison | null;
}

export function realityOfRun(
  replay: PrometheusReplay,
  steps: readonly Pick<SimulationStep, 't' | 'replicas'>[],
): RunReality | null {
  if (!replay.actual) return null;
  const actual = actualAtSteps(steps, replay.actual.values, replay.actual.stepSeconds);
  return {
    points: steps.map((s, i) => ({ t: s.t, v: actual[i] ?? null })),
    comparison: compareWithReality(steps, actual),
  };
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function isLoadSeries(v: unknown): v is LoadSeries {
  return (
    isObj(v) &&
    typeof v.metric === 'string' &&
    Array.isArray(v.points) &&
    v.points.every((p) => isObj(p) && isNum(p.t) && isNum(p.value)) &&
    (v.gaps === undefined ||
      (Array.isArray(v.gaps) && v.gaps.every((g) => isObj(g) && isNum(g.from) && isNum(g.to))))
  );
}

/** A received replay, checked field by field (a webview trusts no message's shape). */
export function isPrometheusReplay(v: unknown): v is PrometheusReplay {
  if (!isObj(v)) return false;
  const actual = v.actual;
  return (
    typeof v.name === 'string' &&
    Array.isArray(v.loads) &&
    v.loads.every(isLoadSeries) &&
    (actual === null ||
      (isObj(actual) &&
        isNum(actual.stepSeconds) &&
        actual.stepSeconds > 0 &&
        Array.isArray(actual.values) &&
        actual.values.every((x) => x === null || isNum(x)))) &&
    isNum(v.durationSeconds) &&
    (v.initialReplicas === undefined || isNum(v.initialReplicas)) &&
    Array.isArray(v.notes) &&
    v.notes.every((n) => typeof n === 'string') &&
    isNum(v.start) &&
    isNum(v.end) &&
    isNum(v.stepSeconds)
  );
}
