/**
 * What the preview says about a Prometheus load, from the `prometheus` bundles of common/l10n
 * (English, Japanese, Traditional Chinese, with the glossary's terms). A failure is shown as the
 * localized sentence for its code followed by the detail in English, which carries Prometheus' own
 * error text unchanged.
 */
import { translate } from '../l10n/catalog';
import { PROMETHEUS_CATALOG, type PrometheusKey } from '../l10n/catalogs/prometheus';
import type { PreviewLocale } from '../preview/locale';
import type { PrometheusErrorCode } from './errors';
import type { BacktestNote } from './notes';

export type PrometheusStringKey = PrometheusKey;

/** The bundles by language (for tests that compare them). */
export const PROMETHEUS_STRINGS = PROMETHEUS_CATALOG;

export function prometheusText(
  locale: PreviewLocale,
  key: PrometheusStringKey,
  args: Record<string, string | number> = {},
): string {
  return translate(PROMETHEUS_CATALOG, locale, key, args);
}

/** A failure for the user: the sentence for its code, then the English detail. */
export function describePrometheusError(
  locale: PreviewLocale,
  code: PrometheusErrorCode,
  detail: string,
): string {
  return `${prometheusText(locale, `error.${code}`)} ${detail}`;
}

/** A fetch note in the user's language (the CLI uses noteInEnglish). */
export function noteText(locale: PreviewLocale, note: BacktestNote): string {
  const { kind, ...args } = note;
  return prometheusText(locale, `note.${kind}`, args as Record<string, string | number>);
}
