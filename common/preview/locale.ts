/** The languages the preview speaks. Anything else falls back to English. */
export type PreviewLocale = 'en' | 'ja' | 'zh-tw';

/** Maps a VS Code / BCP 47 language tag (`ja`, `zh-TW`, `zh-Hant-TW`, `en-US`...) to a preview locale. */
export function normalizeLocale(tag: string | undefined): PreviewLocale {
  const lower = (tag ?? '').toLowerCase();
  if (lower === 'ja' || lower.startsWith('ja-')) return 'ja';
  // Traditional Chinese: Taiwan, Hong Kong, Macau and explicit Hant all read the zh-tw texts.
  if (/^zh-(tw|hk|mo|hant)/.test(lower)) return 'zh-tw';
  return 'en';
}
