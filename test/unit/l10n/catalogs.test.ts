/**
 * Every keyed catalog of common/l10n (the client's, the features', the preview's, Prometheus', the
 * tuner's) has, in every language of LOCALES, exactly the keys of English, each non-empty and with
 * the same `{name}` placeholders. A key missing in a language would silently show English there; a
 * placeholder renamed in one translation would show a raw `{name}`. (The server's catalog is keyed
 * by its English text: test/unit/l10n/localize.test.ts holds it to the code's `t()` calls.)
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Bundle } from '../../../common/l10n/catalog';
import { CLIENT_CATALOG } from '../../../common/l10n/catalogs/client';
import { FEATURES_CATALOG } from '../../../common/l10n/catalogs/features';
import { PREVIEW_CATALOG } from '../../../common/l10n/catalogs/preview';
import { PROMETHEUS_CATALOG } from '../../../common/l10n/catalogs/prometheus';
import { TUNE_CATALOG } from '../../../common/l10n/catalogs/tune';
import { placeholdersOf } from '../../../common/l10n/format';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../../common/l10n/locales';

type AnyCatalog = Readonly<Record<Locale, Bundle>>;

const KEYED_CATALOGS: Readonly<Record<string, AnyCatalog>> = {
  client: CLIENT_CATALOG,
  features: FEATURES_CATALOG,
  preview: PREVIEW_CATALOG,
  prometheus: PROMETHEUS_CATALOG,
  tune: TUNE_CATALOG,
};

/** What differs from English in one language of one catalog, as lines a reader can act on. */
function differences(catalog: AnyCatalog, locale: Locale): string[] {
  const english = catalog[SOURCE_LOCALE];
  const bundle: Record<string, string | undefined> = catalog[locale];
  const found: string[] = [];
  for (const [key, source] of Object.entries(english)) {
    const text = bundle[key];
    // Separators may be a space or nothing (Japanese writes 12分45秒 without one).
    if (typeof text !== 'string' || (text.trim() === '' && !/separator$/i.test(key)))
      found.push(`${key}: missing`);
    else if (JSON.stringify(placeholdersOf(text)) !== JSON.stringify(placeholdersOf(source)))
      found.push(
        `${key}: {${placeholdersOf(text).join('}, {')}} where English has {${placeholdersOf(source).join('}, {')}}`,
      );
  }
  for (const key of Object.keys(bundle)) if (!(key in english)) found.push(`${key}: not in English`);
  return found;
}

for (const [domain, catalog] of Object.entries(KEYED_CATALOGS)) {
  test(`${domain}: every language has English's keys with English's placeholders`, () => {
    assert.ok(Object.keys(catalog[SOURCE_LOCALE]).length >= 20, `${domain} has its texts`);
    for (const locale of LOCALES) assert.deepEqual(differences(catalog, locale), [], `${domain} [${locale}]`);
  });
}

test('the check sees a missing key, a renamed placeholder and a key English lacks', () => {
  const catalog = {
    en: { a: 'A {n}', b: 'B' },
    ja: { a: 'ア {count}', c: 'C' },
    'zh-tw': { a: 'A {n}', b: 'B' },
  } as AnyCatalog;
  assert.deepEqual(differences(catalog, 'ja'), [
    'a: {count} where English has {n}',
    'b: missing',
    'c: not in English',
  ]);
  assert.deepEqual(differences(catalog, 'zh-tw'), []);
});
