/**
 * Every keyed lookup in the code gives exactly the placeholders its English text has: the
 * features' `msg(locale, 'key', { ... })`, the preview's `t(locale, 'key', { ... })` and the VS Code
 * client's `t('key', { ... })` (in the display language, so no locale argument). Calls
 * read from the source: keys chosen by a ternary share the record (each finds its names there, and
 * nothing is left that none uses); a record that is a variable or has a spread cannot be read and is
 * left to the unit tests of that code.
 * (The server's `t('English {name}', { name })` is checked by the compiler instead.)
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLIENT_CATALOG } from '../../../common/l10n/catalogs/client';
import { FEATURES_CATALOG } from '../../../common/l10n/catalogs/features';
import { PREVIEW_CATALOG } from '../../../common/l10n/catalogs/preview';
import { placeholdersOf } from '../../../common/l10n/format';

const ROOT = join(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** The index just past the string literal starting at `i`. */
function skipString(src: string, i: number): number {
  const quote = src[i];
  for (i++; src[i] !== quote; i++) {
    if (src[i] === '\\') i++;
    else if (quote === '`' && src[i] === '$' && src[i + 1] === '{') i = closing(src, i + 1);
  }
  return i;
}

/** The index of the bracket closing the one at `open`. */
function closing(src: string, open: number): number {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i]!;
    if (c === "'" || c === '"' || c === '`') i = skipString(src, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c) && --depth === 0) return i;
  }
  throw new Error(`unbalanced bracket at ${open}`);
}

/** The top-level comma-separated parts between `open` and its closing bracket. */
function parts(src: string, open: number): string[] {
  const close = closing(src, open);
  const out: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open + 1; i < close; i++) {
    const c = src[i]!;
    if (c === "'" || c === '"' || c === '`') i = skipString(src, i);
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) depth--;
    else if (c === ',' && depth === 0) {
      out.push(src.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(src.slice(start, close).trim());
  return out.filter((part) => part !== '');
}

/** The property names of an object literal, or undefined when they cannot be known (spread). */
function recordNames(literal: string): string[] | undefined {
  const names: string[] = [];
  for (const property of parts(literal, 0)) {
    if (property.startsWith('...')) return undefined;
    names.push(/^['"]?([\w-]+)['"]?\s*(?::|$)/.exec(property)?.[1] ?? property);
  }
  return names.sort();
}

interface Mismatch {
  file: string;
  key: string;
  given: string[];
  expected: string[];
}

/** `keyAt`: which argument is the key (1 after a locale; 0 where the call knows its language). */
function mismatches(
  dirs: string[],
  call: RegExp,
  english: Record<string, string>,
  keyAt = 1,
): { checked: number; wrong: Mismatch[] } {
  let checked = 0;
  const wrong: Mismatch[] = [];
  for (const file of dirs.flatMap((dir) => sourceFiles(join(ROOT, dir)))) {
    const src = readFileSync(file, 'utf8');
    for (const match of src.matchAll(call)) {
      const args = parts(src, match.index + match[0].length - 1);
      const keys = [...(args[keyAt] ?? '').matchAll(/'([\w.-]+)'/g)]
        .map((m) => m[1]!)
        .filter((k) => k in english);
      const record = args[keyAt + 1];
      const given = record === undefined ? [] : record.startsWith('{') ? recordNames(record) : undefined;
      if (given === undefined) continue;
      // Keys chosen by a ternary share one record: each needs all its names in it, and the record
      // holds nothing that none of them uses.
      const wanted = keys.map((key) => [...new Set(placeholdersOf(english[key]!))]);
      const union = [...new Set(wanted.flat())].sort();
      keys.forEach((key, i) => {
        checked++;
        const expected = wanted[i]!;
        const missing = expected.some((name) => !given.includes(name));
        if (missing || JSON.stringify(given) !== JSON.stringify(union)) {
          wrong.push({ file: file.slice(ROOT.length + 1), key, given, expected });
        }
      });
    }
  }
  return { checked, wrong };
}

test('the features give each message exactly its placeholders', () => {
  const { checked, wrong } = mismatches(['server/src/features'], /(?<![\w.])msg\(/g, FEATURES_CATALOG.en);
  assert.ok(checked > 60, `only ${checked} calls read: the scan lost its way`);
  assert.deepEqual(wrong, []);
});

test('the preview gives each text exactly its placeholders', () => {
  const { checked, wrong } = mismatches(
    ['webview/src', 'common/preview'],
    /(?<![\w.])t\(/g,
    PREVIEW_CATALOG.en,
  );
  assert.ok(checked > 40, `only ${checked} calls read: the scan lost its way`);
  assert.deepEqual(wrong, []);
});

test('the VS Code client gives each text exactly its placeholders', () => {
  const { checked, wrong } = mismatches(['client/src'], /(?<![\w.])t\(/g, CLIENT_CATALOG.en, 0);
  assert.ok(checked >= 30, `only ${checked} calls read: the scan lost its way`);
  assert.deepEqual(wrong, []);
});

test('the scan reads records, shorthand and ternary keys', () => {
  assert.deepEqual(recordNames('{ kind, name: x.name, "file": f(a, b) }'), ['file', 'kind', 'name']);
  assert.equal(recordNames('{ ...bounds, a }'), undefined);
  assert.deepEqual(parts("(locale, up ? 'a' : 'b', { n: f(1, 2) })", 0), [
    'locale',
    "up ? 'a' : 'b'",
    '{ n: f(1, 2) }',
  ]);
});
