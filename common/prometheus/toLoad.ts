/**
 * Fetched values on the step grid become a load the way a CSV load does: one LoadSeries per metric,
 * times relative to the range's start, values in milli-units (cores, bytes and custom values × 1000).
 * Steps without a value become gaps, which the simulator treats as a missing metric.
 */
import type { LoadSeries } from '../engine/simulationTypes';

export function gridToLoad(metric: string, values: readonly (number | null)[], step: number): LoadSeries {
  const series: LoadSeries = { metric, points: [] };
  const gaps: { from: number; to: number }[] = [];
  let previous: number | null = null;
  values.forEach((v, i) => {
    const t = i * step;
    if (v === null) {
      const last = gaps[gaps.length - 1];
      if (last && last.to === t) last.to = t + step;
      else gaps.push({ from: t, to: t + step });
      return;
    }
    const milli = Math.round(v * 1000);
    // A step function: a point only where the value changes (or after a gap).
    if (milli !== previous || gaps[gaps.length - 1]?.to === t) series.points.push({ t, value: milli });
    previous = milli;
  });
  if (gaps.length > 0) series.gaps = gaps;
  return series;
}

/** Grid values as a step function of whole replicas; null where kube-state-metrics had no sample. */
export function replicasOnGrid(values: readonly (number | null)[]): (number | null)[] {
  return values.map((v) => (v === null ? null : Math.round(v)));
}
