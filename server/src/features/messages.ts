/**
 * Every string the hover, completion and code-action features show, looked up in
 * common/l10n/bundles/<locale>/features.json with the Kubernetes documentation's own terms
 * (/work/shared/docs/l10n-glossary.md). The call shape stays `msg(locale, key, args)`; the texts
 * live in the bundles so every part of the product localises one way (common/l10n/README.md).
 */
import { translate } from '../../../common/l10n/catalog';
import { FEATURES_CATALOG, type FeatureKey } from '../../../common/l10n/catalogs/features';
import { placeholdersOf } from '../../../common/l10n/format';
import { LOCALES, normalizeLocale, type Locale } from '../../../common/l10n/locales';

export { LOCALES, placeholdersOf };
export type { Locale };

/** The features' bundles, for the tests that hold every language to English. */
export const FEATURE_STRINGS = FEATURES_CATALOG;

export type MessageKey = FeatureKey;

export type MessageArgs = Record<string, string | number>;

/** The one normaliser under the name the features call it by. */
export const localeOf = normalizeLocale;

/** The message in `locale` with `{name}` placeholders replaced; a missing argument stays visible. */
export function msg(locale: Locale | string, key: MessageKey, args: MessageArgs = {}): string {
  return translate(FEATURES_CATALOG, normalizeLocale(locale), key, args);
}

/** "300 s" / "300秒" / "300 秒": how windows and periods are written in manifests. */
export function formatSeconds(seconds: number, locale: Locale): string {
  return msg(locale, 'unit.seconds', { n: seconds });
}

/** A computed duration in the largest units: "2 min 15 s" / "2分15秒" / "2 分鐘 15 秒". */
export function formatDuration(seconds: number, locale: Locale): string {
  if (seconds < 60) return formatSeconds(seconds, locale);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(msg(locale, 'unit.hours', { n: h }));
  if (m > 0) parts.push(msg(locale, 'unit.minutes', { n: m }));
  if (s > 0) parts.push(msg(locale, 'unit.seconds', { n: s }));
  return parts.join(msg(locale, 'unit.separator'));
}

/** "a", "a and b", "a, b and c" in the locale's way. */
export function joinList(items: string[], locale: Locale): string {
  if (items.length <= 1) return items.join('');
  const head = items.slice(0, -1).join(msg(locale, 'join.comma'));
  return `${head}${msg(locale, 'join.and')}${items[items.length - 1]!}`;
}
