/**
 * Every message the server and the CLI pass through t() has a translation in each bundle, with the
 * same placeholders; and the client's locale maps to the right language.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { SERVER_CATALOG } from '../../../common/l10n/catalogs/server';
import { LOCALES, normalizeLocale } from '../../../common/l10n/locales';
import { commandLineLocale } from '../../../server/src/cli/commandLineLocale';
import { listOf, setLocale, t } from '../../../server/src/localize';

const SERVER_SRC = resolve(__dirname, '..', '..', '..', 'server', 'src');
/** Folders and files under server/src whose messages are not localized through localize.ts. */
const NOT_OURS = new Set(['features', 'io.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (NOT_OURS.has(name)) return [];
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

const placeholders = (s: string): string[] => [...s.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

test('the code has messages to translate', () => {
  assert.ok(messageKeys().length > 50);
});

test('every placeholder is named: {path}, never {0}', () => {
  const positional = messageKeys().filter((key) => /\{\d+\}/.test(key));
  assert.deepEqual(positional, []);
});

for (const locale of LOCALES.filter((l) => l !== 'en')) {
  const bundle: Record<string, string | undefined> = SERVER_CATALOG[locale];
  test(`${locale}: every message is translated with the same placeholders`, () => {
    for (const key of messageKeys()) {
      assert.ok(key in bundle, `${locale} lacks: ${key}`);
      assert.deepEqual(
        placeholders(bundle[key] ?? ''),
        placeholders(key),
        `${locale} placeholders differ: ${key}`,
      );
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

/**
 * The text of each `new UsageError(...)` argument that is not inside `t(...)`: what the user would
 * read in English whatever the locale. Template literals count by their fixed parts only
 * (`${file}:${line}: ${...}` is a frame, not a sentence).
 */
function untranslatedUsageErrors(): string[] {
  const found: string[] = [];
  const start = /new UsageError\(/g;
  for (const file of sourceFiles(SERVER_SRC)) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(start)) {
      const argument = argumentAt(source, match.index + match[0].length).trim();
      const fixed = withoutInterpolations(argument.replace(/\bt\(\s*(['"])(?:\\.|(?!\1).)*\1/gs, ''));
      if (/^['"`]/.test(argument) && /[A-Za-z]{3}/.test(fixed)) found.push(`${file}: ${argument}`);
    }
  }
  return found;
}

/** A template literal's fixed text: every `${...}` removed, however deeply its braces nest. */
function withoutInterpolations(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '$' && text[i + 1] === '{') {
      let braces = 0;
      for (i++; i < text.length; i++) {
        if (text[i] === '{') braces++;
        else if (text[i] === '}' && --braces === 0) break;
      }
    } else out += text[i];
  }
  return out;
}

/** The source of the call's first argument, from just inside its opening parenthesis. */
function argumentAt(source: string, from: number): string {
  let depth = 0;
  for (let i = from; i < source.length; i++) {
    const c = source[i]!;
    if (c === "'" || c === '"' || c === '`') {
      const quote = c;
      for (i++; i < source.length && source[i] !== quote; i++) {
        if (source[i] === '\\') i++;
        else if (quote === '`' && source[i] === '$' && source[i + 1] === '{') {
          let braces = 0;
          for (; i < source.length; i++) {
            if (source[i] === '{') braces++;
            else if (source[i] === '}' && --braces === 0) break;
          }
        }
      }
    } else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      if (depth === 0) return source.slice(from, i);
      depth--;
    } else if (c === ',' && depth === 0) return source.slice(from, i);
  }
  return source.slice(from);
}

test('every usage error the CLI prints goes through t(): no English sentence outside it', () => {
  assert.deepEqual(untranslatedUsageErrors(), []);
});

test('locale tags map to the languages we have, through the one normaliser', () => {
  const cases: [string | undefined, string][] = [
    ['ja', 'ja'],
    ['ja-JP', 'ja'],
    ['ja_JP.UTF-8', 'ja'],
    ['zh-tw', 'zh-tw'],
    ['zh-TW', 'zh-tw'],
    ['zh-Hant', 'zh-tw'],
    ['zh-Hant-TW', 'zh-tw'],
    ['zh-HK', 'zh-tw'],
    ['zh_TW.UTF-8', 'zh-tw'],
    ['zh_TW.Big5@euro', 'zh-tw'],
    ['zh-cn', 'en'],
    ['zh-Hans', 'en'],
    ['zh', 'en'],
    ['jav', 'en'],
    ['de', 'en'],
    ['C', 'en'],
    ['', 'en'],
    [undefined, 'en'],
  ];
  for (const [tag, expected] of cases) {
    assert.equal(normalizeLocale(tag), expected, String(tag));
    assert.equal(setLocale(tag), expected, `setLocale(${String(tag)})`);
  }
  setLocale('en');
});

test('the CLI reads --locale anywhere, then LC_ALL, LC_MESSAGES and LANG; an empty variable counts as unset', () => {
  assert.equal(commandLineLocale(['simulate', 'a.yaml', '--locale', 'ja'], { LANG: 'zh_TW.UTF-8' }), 'ja');
  assert.equal(commandLineLocale(['--locale=zh-TW', 'a.yaml'], { LANG: 'ja_JP.UTF-8' }), 'zh-tw');
  assert.equal(commandLineLocale(['a.yaml'], { LC_ALL: 'zh_TW.UTF-8', LANG: 'ja_JP.UTF-8' }), 'zh-tw');
  assert.equal(commandLineLocale(['a.yaml'], { LC_MESSAGES: 'ja_JP.UTF-8', LANG: 'en_US.UTF-8' }), 'ja');
  assert.equal(commandLineLocale(['a.yaml'], { LC_ALL: '', LANG: 'ja_JP.UTF-8' }), 'ja');
  assert.equal(commandLineLocale(['--', '--locale', 'ja'], {}), 'en');
  assert.equal(commandLineLocale([], {}), 'en');
});

test('setLocale switches the language of t()', () => {
  setLocale('ja');
  assert.equal(t('{path}: Required value', { path: 'spec.maxReplicas' }), 'spec.maxReplicas: 必須の値');
  setLocale('zh-TW');
  assert.equal(t('{path}: Required value', { path: 'spec.maxReplicas' }), 'spec.maxReplicas：必填值');
  setLocale('en');
  assert.equal(t('{path}: Required value', { path: 'spec.maxReplicas' }), 'spec.maxReplicas: Required value');
});

test('lists in messages are joined the language\u2019s way', () => {
  setLocale('ja');
  assert.equal(listOf(['"api"', '"log"']), '"api"、"log"');
  setLocale('zh-tw');
  assert.equal(listOf(['"api"', '"log"']), '"api"、"log"');
  setLocale('en');
  assert.equal(listOf(['"api"', '"log"']), '"api", "log"');
  assert.equal(listOf(['"api"']), '"api"');
});
