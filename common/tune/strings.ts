/**
 * The tuner's strings: keys into `common/l10n/bundles/<locale>/tune.json` (terms from the l10n
 * glossary: スケーリング / 調整次數 for scale events, 理想のレプリカ数 / 期望副本數), looked up by the
 * project's one lookup and formatter.
 */
import { translate } from '../l10n/catalog';
import { TUNE_CATALOG, type TuneKey } from '../l10n/catalogs/tune';
import type { Locale } from '../l10n/locales';

/** The project's languages (common/l10n). */
export type TuneLocale = Locale;

export type TuneStringKey = TuneKey;

/** The string for a key in a locale, placeholders filled by the project's one formatter. */
export function tuneText(
  locale: TuneLocale,
  key: TuneStringKey,
  args: Readonly<Record<string, string | number>> = {},
): string {
  return translate(TUNE_CATALOG, locale, key, args);
}
