/** Number and time formatting shared by the log and the summary. */
import { formatMilli } from '../../common/engine/quantity';
import type { MetricSample } from '../../common/engine/simulationTypes';

/** Seconds as m:ss, or h:mm:ss from one hour. */
export function formatClock(seconds: number): string {
  const s = Math.round(seconds);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

export function formatQuantity(milli: number, metric: string): string {
  // A metric that failed this sync has no value (NaN); show the dash, not "NaN".
  if (!Number.isFinite(milli)) return '–';
  try {
    return formatMilli(milli, metric);
  } catch {
    return `${milli}m`;
  }
}

/** "cpu 72 % / 60 %" for Utilization, "rps 120 / 100" for values. */
export function formatSample(sample: MetricSample): string {
  if (sample.utilization !== undefined) return `${sample.name} ${sample.utilization} % / ${sample.target} %`;
  return `${sample.name} ${formatQuantity(sample.value, sample.name)} / ${formatQuantity(sample.target, sample.name)}`;
}

export function formatNumber(value: number, digits: number): string {
  return value.toFixed(digits);
}
