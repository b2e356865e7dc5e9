// The client's runtime messages go through vscode.l10n.t('English text'), looked up by that exact
// text in l10n/bundle.l10n.<locale>.json. A message missing from a bundle silently stays English.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const BUNDLES = ['l10n/bundle.l10n.ja.json', 'l10n/bundle.l10n.zh-tw.json'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The message texts of every `l10n.t('…')` call with a literal first argument in client/src. */
function clientMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  const call = /\bl10n\.t\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  for (const file of sourceFiles(join(root, 'client', 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(call)) {
      const literal = match[2]!.replace(/\\(['"`\\])/g, '$1');
      messages.set(literal, relative(root, file));
    }
  }
  return messages;
}

const messages = clientMessages();

test('the client has localizable messages to check', () => {
  assert.ok(messages.size > 0);
});

for (const bundle of BUNDLES) {
  test(`${bundle} translates every vscode.l10n.t message of the client`, () => {
    const translations = JSON.parse(readFileSync(join(root, bundle), 'utf8')) as Record<string, unknown>;
    const missing = [...messages]
      .filter(([text]) => typeof translations[text] !== 'string')
      .map(([text, file]) => `${file}: ${text}`);
    assert.deepEqual(missing, []);
  });

  test(`${bundle} keeps the {n} placeholders of each message`, () => {
    const translations = JSON.parse(readFileSync(join(root, bundle), 'utf8')) as Record<string, string>;
    for (const [english, translated] of Object.entries(translations)) {
      const slots = (text: string) => [...text.matchAll(/\{(\d+|\w+)\}/g)].map((m) => m[1]).sort();
      assert.deepEqual(slots(translated), slots(english), `${bundle}: ${english}`);
    }
  });
}
