/**
 * A bundle never states a key twice: JSON.parse keeps the last one silently, so a merge that adds a
 * message both sides added would hide one translation (esbuild only warns). Read as text, key by key.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const BUNDLES = join(__dirname, '..', '..', '..', 'common', 'l10n', 'bundles');

/** The top-level keys of a flat JSON object, in order, as written (one `"key": value` per line). */
function keysOf(text: string): string[] {
  const keys: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^ {2}("(?:[^"\\]|\\.)*")\s*:/.exec(line);
    if (match) keys.push(JSON.parse(match[1]!) as string);
  }
  return keys;
}

test('every bundle states each key once', () => {
  let files = 0;
  for (const locale of readdirSync(BUNDLES)) {
    for (const name of readdirSync(join(BUNDLES, locale)).filter((n) => n.endsWith('.json'))) {
      const text = readFileSync(join(BUNDLES, locale, name), 'utf8');
      const keys = keysOf(text);
      assert.equal(keys.length, Object.keys(JSON.parse(text) as object).length + duplicates(keys).length);
      assert.deepEqual(duplicates(keys), [], `${locale}/${name}`);
      files++;
    }
  }
  assert.ok(files >= 10, `bundles read: ${files}`);
});

test('the check sees a repeated key', () => {
  assert.deepEqual(duplicates(keysOf('{\n  "a": "1",\n  "b": "2",\n  "a": "3"\n}\n')), ['a']);
});

function duplicates(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  return keys.filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
}
