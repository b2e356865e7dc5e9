/**
 * Every message the server and the CLI pass through t() has a translation in each bundle, with the
 * same placeholders; and the client's locale maps to the right language.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { pickLocale, setLocale, t, translationBundles } from '../../server/src/localize';

const SERVER_SRC = resolve(__dirname, '..', '..', 'server', 'src');
/** Folders and files under server/src whose messages are not localized through localize.ts. */
const NOT_OURS = new Set(['features', 'report', 'cli.ts', 'io.ts', 'conformance.ts', 'loadCsv.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (NOT_OURS.has(name) || name.startsWith('simulate')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** String literals passed as the first argument of t(...). */
function messageKeys(): string[] {
  const keys = new Set<string>();
  const call = /(?<![\w.])t\(\s*(['"])((?:\\.|(?!\1).)*)\1/gs;
  for (const file of sourceFiles(SERVER_SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(call)) {
      const literal = match[2].replace(/\\'/g, "'").replace(/"/g, '\\"');
      const key = JSON.parse(`"${literal}"`) as string;
      if (!key.includes('\u2026')) keys.add(key); // the "… {0} …" of a doc comment
    }
  }
  return [...keys];
}

const placeholders = (s: string): string[] => [...s.matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

test('the code has messages to translate', () => {
  assert.ok(messageKeys().length > 50);
});

for (const [locale, bundle] of Object.entries(translationBundles())) {
  test(`${locale}: every message is translated with the same placeholders`, () => {
    for (const key of messageKeys()) {
      assert.ok(key in bundle, `${locale} lacks: ${key}`);
      assert.deepEqual(placeholders(bundle[key]), placeholders(key), `${locale} placeholders differ: ${key}`);
      assert.notEqual(bundle[key], key, `${locale} is untranslated: ${key}`);
    }
  });
  test(`${locale}: no stale entries`, () => {
    const keys = new Set(messageKeys());
    assert.deepEqual(
      Object.keys(bundle).filter((k) => !keys.has(k)),
      [],
    );
  });
}

test('locale tags map to the languages we have', () => {
  assert.equal(pickLocale('ja'), 'ja');
  assert.equal(pickLocale('ja-JP'), 'ja');
  assert.equal(pickLocale('ja_JP.UTF-8'), 'ja');
  assert.equal(pickLocale('zh-tw'), 'zh-tw');
  assert.equal(pickLocale('zh-TW'), 'zh-tw');
  assert.equal(pickLocale('zh-Hant'), 'zh-tw');
  assert.equal(pickLocale('zh_TW.UTF-8'), 'zh-tw');
  assert.equal(pickLocale('zh-cn'), 'en');
  assert.equal(pickLocale('de'), 'en');
  assert.equal(pickLocale(undefined), 'en');
});

test('setLocale switches the language of t()', () => {
  setLocale('ja');
  assert.equal(t('{0}: Required value', 'spec.maxReplicas'), 'spec.maxReplicas: 必須の値');
  setLocale('zh-TW');
  assert.equal(t('{0}: Required value', 'spec.maxReplicas'), 'spec.maxReplicas：必填值');
  setLocale('en');
  assert.equal(t('{0}: Required value', 'spec.maxReplicas'), 'spec.maxReplicas: Required value');
});
