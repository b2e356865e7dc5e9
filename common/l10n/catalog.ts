/**
 * The pure lookup every part of the product shares: the server and the CLI, the editor features,
 * the webview and the standalone HTML report. A catalog is one bundle per language of one domain;
 * a key missing in a language falls back to English (the tests keep that from happening), and a
 * key missing in English is its own text (the server's messages are keyed by their English).
 */
import { formatMessage, type MessageArgs } from './format';
import { SOURCE_LOCALE, type Locale } from './locales';

/** One language's texts of one domain, as its JSON file holds them. */
export type Bundle<Key extends string = string> = Readonly<Record<Key, string>>;

/** One domain in every language; `Partial` where the English is the key (the server's messages). */
export type Catalog<Key extends string = string> = Readonly<Record<Locale, Partial<Bundle<Key>>>>;

export function translate<Key extends string>(
  catalog: Catalog<Key>,
  locale: Locale,
  key: Key,
  args?: MessageArgs,
): string {
  const template = catalog[locale][key] ?? catalog[SOURCE_LOCALE][key] ?? key;
  return formatMessage(template, args);
}
