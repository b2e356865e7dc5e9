/**
 * The languages the product speaks, listed once. Everything that picks a language (the language
 * server from `initialize`, the CLI from `--locale` or `LANG`, the preview from the locale the
 * extension posts) goes through `normalizeLocale`, so a tag means the same language everywhere.
 */

/** Adding a language: its bundles under bundles/<tag>/, then its tag here (see README.md). */
export const LOCALES = ['en', 'ja', 'zh-tw'] as const;

export type Locale = (typeof LOCALES)[number];

/** The language every bundle is checked against and the fallback for tags we do not speak. */
export const SOURCE_LOCALE: Locale = 'en';

/**
 * Tags that name one of our languages without starting with its tag: Traditional Chinese is also
 * written in Hong Kong and Macau, and `zh-Hant` names the script rather than the region.
 * `zh-CN` / `zh-Hans` stay unmatched on purpose: Simplified readers are better served by English
 * than by characters they read as foreign.
 */
const ALIASES: Readonly<Record<string, Locale>> = {
  'zh-hant': 'zh-tw',
  'zh-hk': 'zh-tw',
  'zh-mo': 'zh-tw',
};

/**
 * Maps a BCP 47 tag (`ja`, `zh-TW`, `zh-Hant-TW`, `en-US`) or a POSIX locale (`ja_JP.UTF-8`,
 * `zh_TW.Big5@euro`) to a language we have; anything else is English.
 */
export function normalizeLocale(tag: string | undefined | null): Locale {
  const subtags = (tag ?? '')
    .trim()
    .toLowerCase()
    .replace(/[.@].*$/, '') // POSIX codeset and modifier
    .replace(/_/g, '-')
    .split('-')
    .filter((part) => part !== '');
  // The longest prefix that names a language wins: `zh-tw-x` is zh-tw, `ja-jp` is ja.
  for (let length = subtags.length; length > 0; length--) {
    const prefix = subtags.slice(0, length).join('-');
    const exact = LOCALES.find((locale) => locale === prefix);
    if (exact !== undefined) return exact;
    const alias = ALIASES[prefix];
    if (alias !== undefined) return alias;
  }
  return SOURCE_LOCALE;
}
