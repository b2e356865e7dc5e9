/**
 * A simulated run as the charts read it: one typed array per quantity (time, replicas, Ready Pods,
 * desired replicas, each metric's percent of target, each metric's load) instead of one object per
 * sync. The worker computes it next to the run and hands the arrays over without copying them
 * (transferable), so the page neither deserializes nor walks 5,760 step objects per variant to
 * draw a 24 h chart; a run made on the page gets the same arrays on first use (`seriesOf`).
 */
import type { SimulationResult, SimulationStep } from '../engine/simulationTypes';
import { metricRatio } from './summary';

export interface RunSeries {
  /** Seconds of each sync. */
  t: Float64Array;
  replicas: Float64Array;
  readyReplicas: Float64Array;
  desiredReplicas: Float64Array;
  /** Per metric name: its value in percent of its target at each sync, NaN where it has none. */
  metricPercent: Record<string, Float64Array>;
  /** Per metric name: the load at each sync (milli-units), NaN where the sync has none. */
  load: Record<string, Float64Array>;
}

/** A metric's plotted value at one sync: percent of its target, as the engine compared it. */
export function metricPercent(step: SimulationStep, name: string): number | null {
  // The first sample of that name, as the chart has always read it.
  const sample = step.metrics.find((m) => m.name === name);
  const ratio = sample ? metricRatio(sample) : null;
  return ratio === null ? null : ratio * 100;
}

/** The arrays of `result`, with the percent and load of each of `metricNames`. */
export function buildSeries(result: SimulationResult, metricNames: readonly string[]): RunSeries {
  const steps = result.steps;
  const n = steps.length;
  const series: RunSeries = {
    t: new Float64Array(n),
    replicas: new Float64Array(n),
    readyReplicas: new Float64Array(n),
    desiredReplicas: new Float64Array(n),
    metricPercent: {},
    load: {},
  };
  const percents = metricNames.map((name) => (series.metricPercent[name] = new Float64Array(n).fill(NaN)));
  const loads = metricNames.map((name) => (series.load[name] = new Float64Array(n).fill(NaN)));
  for (let i = 0; i < n; i++) {
    const step = steps[i]!;
    series.t[i] = step.t;
    series.replicas[i] = step.replicas;
    series.readyReplicas[i] = step.readyReplicas;
    series.desiredReplicas[i] = step.desiredReplicas;
    for (let m = 0; m < metricNames.length; m++) {
      const name = metricNames[m]!;
      const percent = metricPercent(step, name);
      if (percent !== null) percents[m]![i] = percent;
      const load = step.load[name];
      if (load !== undefined && Number.isFinite(load)) loads[m]![i] = load;
    }
  }
  return series;
}

const cache = new WeakMap<SimulationResult, { names: string; series: RunSeries }>();

/**
 * The series a run carries (made by the worker), else the arrays of its steps, made once per result
 * and set of metric names.
 */
export function seriesOf(
  run: { result: SimulationResult; series?: RunSeries },
  metricNames: readonly string[],
): RunSeries {
  if (run.series && metricNames.every((name) => name in run.series!.metricPercent)) return run.series;
  const names = metricNames.join('\n');
  const hit = cache.get(run.result);
  if (hit && hit.names === names) return hit.series;
  const series = buildSeries(run.result, metricNames);
  cache.set(run.result, { names, series });
  return series;
}

/** Every buffer of a series: what a worker transfers instead of copying. */
export function seriesBuffers(series: RunSeries): ArrayBuffer[] {
  const arrays = [
    series.t,
    series.replicas,
    series.readyReplicas,
    series.desiredReplicas,
    ...Object.values(series.metricPercent),
    ...Object.values(series.load),
  ];
  return arrays.map((a) => a.buffer as ArrayBuffer);
}
