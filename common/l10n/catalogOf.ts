/**
 * One catalog per domain (`catalogs/<domain>.ts`), each loading `bundles/<locale>/<domain>.json`
 * for every tag in LOCALES through a `require` whose path is a template literal: esbuild inlines
 * every file that matches (a glob) into the bundles that import that domain, and Node (the tests,
 * tsx) resolves it at run time. So adding a language is its bundle files and its tag in LOCALES;
 * the l10n tests fail on a missing file, key or placeholder. One file per domain, because a module
 * that calls `require` is kept whole: the webview imports the preview's catalog and carries no
 * other domain's texts.
 */
import type { Bundle } from './catalog';
import { LOCALES, type Locale } from './locales';

/** Every language's bundle of one domain (the tests hold each to the English keys). */
export type FullCatalog<Key extends string> = Readonly<Record<Locale, Bundle<Key>>>;

export function catalogOf<Key extends string>(load: (locale: Locale) => unknown): FullCatalog<Key> {
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, load(locale) as Bundle<Key>]),
  ) as FullCatalog<Key>;
}
