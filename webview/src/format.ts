/** Number and time formatting shared by the log and the summary. */
import { formatMilli } from '../../common/engine/quantity';
import type { MetricSample } from '../../common/engine/simulationTypes';
import type { PreviewLocale } from '../../common/preview/locale';
import { t } from '../../common/preview/strings';

/** Seconds as m:ss, or h:mm:ss from one hour. */
export function formatClock(seconds: number): string {
  const s = Math.round(seconds);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hh > 0 ? `${hh}:${two(mm)}:${two(ss)}` : `${mm}:${two(ss)}`;
}

/** Up to `places` decimals, without trailing zeros. */
function decimals(n: number, places: number): string {
  return String(Math.round(n * 10 ** places) / 10 ** places);
}

/**
 * A metric's value in one notation for every row, whatever its size: CPU in millicores ("605m",
 * "1066m"), memory in binary units ("512Mi"), any other metric as a plain number ("0.605", "45").
 * formatMilli switches from "605m" to "1.066" at one unit, which made a column of CPU loads read
 * in two units at once.
 */
export function formatQuantity(milli: number, metric: string): string {
  // A metric that failed this sync has no value (NaN); show the dash, not "NaN".
  if (!Number.isFinite(milli)) return '–';
  if (metric === 'cpu') return `${decimals(milli, 1)}m`;
  if (metric === 'memory' || metric === 'ephemeral-storage') {
    try {
      return formatMilli(milli, metric);
    } catch {
      return `${milli}m`;
    }
  }
  return decimals(milli / 1000, 3);
}

/**
 * "cpu 72 % of request (target 60 %)" for Utilization, "rps 120 (target 100)" for values: the
 * chart's % is of the target, so the log says what its % is of.
 */
export function formatSample(sample: MetricSample, locale: PreviewLocale): string {
  if (sample.utilization !== undefined)
    return t(locale, 'samplePercent', {
      metric: sample.name,
      value: sample.utilization,
      target: sample.target,
    });
  return t(locale, 'sampleValue', {
    metric: sample.name,
    value: formatQuantity(sample.value, sample.name),
    target: formatQuantity(sample.target, sample.name),
  });
}

export function formatNumber(value: number, digits: number): string {
  return value.toFixed(digits);
}
