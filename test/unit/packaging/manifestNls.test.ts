// Every %key% placeholder in package.json must resolve in each language, or VS Code shows the raw
// placeholder (e.g. "%command.openPreview%") in the command palette and the settings editor.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');
const NLS_FILES = ['package.nls.json', 'package.nls.ja.json', 'package.nls.zh-tw.json'];

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(join(root, file), 'utf8'));
}

/** All `%key%` placeholders anywhere in a JSON value. */
function placeholders(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    const match = /^%([^%\s]+)%$/.exec(value);
    if (match) found.add(match[1]!);
  } else if (Array.isArray(value)) {
    for (const item of value) placeholders(item, found);
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) placeholders(item, found);
  }
  return found;
}

const keys = [...placeholders(readJson('package.json'))].sort();

test('package.json uses placeholders for the strings people read', () => {
  for (const key of ['displayName', 'description', 'command.openPreviewToSide', 'config.rules']) {
    assert.ok(keys.includes(key), `%${key}% is used in package.json`);
  }
});

for (const file of NLS_FILES) {
  test(`${file} defines every placeholder of package.json, as non-empty text`, () => {
    const strings = readJson(file) as Record<string, unknown>;
    const missing = keys.filter(
      (key) => typeof strings[key] !== 'string' || (strings[key] as string).trim() === '',
    );
    assert.deepEqual(missing, []);
  });

  test(`${file} holds no key that package.json does not use`, () => {
    const strings = readJson(file) as Record<string, unknown>;
    assert.deepEqual(
      Object.keys(strings)
        .filter((key) => !keys.includes(key))
        .sort(),
      [],
    );
  });
}

test('the translations differ from the English text where words are translated', () => {
  const english = readJson('package.nls.json') as Record<string, string>;
  for (const file of ['package.nls.ja.json', 'package.nls.zh-tw.json']) {
    const translated = readJson(file) as Record<string, string>;
    // Product names stay as they are; command titles and descriptions must not be left in English.
    for (const key of keys.filter((k) => k.startsWith('command.') || k === 'description')) {
      assert.notEqual(translated[key], english[key], `${file}: ${key} is translated`);
    }
  }
});
