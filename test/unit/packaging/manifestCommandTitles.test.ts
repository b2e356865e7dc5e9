// The command palette shows "<category>: <title>". A title that names the category again reads
// "HPA: Open HPA Preview to the Side" (issue 17); the title says what the command does, the
// category says whose it is, in every language the manifest ships.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');

interface Command {
  command: string;
  title: string;
  category?: string;
}

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { commands: Command[] };
};

for (const file of ['package.nls.json', 'package.nls.ja.json', 'package.nls.zh-tw.json']) {
  test(`${file}: no command title repeats its category`, () => {
    const strings = JSON.parse(readFileSync(join(root, file), 'utf8')) as Record<string, string>;
    const shown = manifest.contributes.commands.map((c) => {
      const key = /^%(.+)%$/.exec(c.title)?.[1];
      const title = key === undefined ? c.title : (strings[key] ?? c.title);
      return { command: c.command, category: c.category, title };
    });
    const repeating = shown.filter((c) => c.category !== undefined && c.title.includes(c.category));
    assert.deepEqual(repeating, []);
    assert.ok(shown.length >= 3, 'the preview commands are declared');
  });
}
