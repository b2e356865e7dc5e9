/**
 * `npm run test:node` runs every test file outside test/integration: its arguments are shell globs
 * (sh has no `**`), so a test file put one folder deeper or in a new tier would otherwise never run
 * and nothing would say so. test/integration runs in real VS Code (`npm run test:e2e`).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const TEST = join(ROOT, 'test');

/** Every `*.test.ts` under test/, as repository paths, except the real-VS-Code and fixture folders. */
function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory())
      return full === join(TEST, 'integration') || full === join(TEST, 'fixtures') ? [] : testFiles(full);
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, full)] : [];
  });
}

/** The repository paths one shell glob of `*` segments matches (a `*` never crosses a `/`). */
function expand(pattern: string): string[] {
  const segment = (glob: string) => new RegExp(`^${glob.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
  let paths = [''];
  for (const part of pattern.split('/')) {
    const re = segment(part);
    paths = paths.flatMap((at) => {
      try {
        return readdirSync(join(ROOT, at))
          .filter((name) => re.test(name))
          .map((name) => (at ? `${at}/${name}` : name));
      } catch {
        return [];
      }
    });
  }
  return paths;
}

test('the test:node globs match every test file outside test/integration and test/fixtures', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const globs = manifest.scripts['test:node'].split(/\s+/).filter((word) => word.startsWith('test/'));
  assert.ok(globs.length > 0, 'test:node names no test files');
  for (const glob of globs)
    assert.ok(expand(glob).length > 0, `${glob} matches nothing (node --test would fail)`);
  const run = new Set(globs.flatMap(expand));
  const missed = testFiles(TEST).filter((file) => !run.has(file.split('\\').join('/')));
  assert.deepEqual(missed, [], 'test files that npm run test:node never runs');
});
