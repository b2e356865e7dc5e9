/** test/support/tools.ts: programs found on PATH, and under CI=true a missing one fails rather than skips. */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, test } from 'node:test';
import { onPath, requireOnPath, skipUnlessOnPath } from '../../support/tools';

const dir = mkdtempSync(join(tmpdir(), 'hpa-tools-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function withEnv<T>(env: Record<string, string | undefined>, run: () => T): T {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  for (const [k, v] of Object.entries(env)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  try {
    return run();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

test('onPath: the first executable file of that name in PATH order; not a plain file, not a folder', () => {
  const [a, b, c] = ['a', 'b', 'c'].map((name) => join(dir, name));
  for (const d of [a!, b!, c!]) mkdirSync(d);
  writeFileSync(join(a!, 'tool'), 'not executable\n');
  mkdirSync(join(b!, 'tool'));
  writeFileSync(join(c!, 'tool'), '#!/bin/sh\n');
  chmodSync(join(c!, 'tool'), 0o755);
  assert.equal(onPath('tool', [a, b, c].join(delimiter)), join(c!, 'tool'));
  assert.equal(onPath('tool', [a, b].join(delimiter)), undefined);
  assert.equal(onPath('tool', ''), undefined);
});

test('a missing tool: a reason to skip outside CI, an error naming it under CI=true', () => {
  const missing = 'hpa-no-such-tool';
  assert.equal(
    withEnv({ CI: undefined }, () => skipUnlessOnPath(missing)),
    'hpa-no-such-tool is not on PATH',
  );
  assert.throws(
    () => withEnv({ CI: 'true' }, () => skipUnlessOnPath(missing)),
    /hpa-no-such-tool is not on PATH: under CI=true the tests that run it fail/,
  );
  assert.throws(() => requireOnPath(missing), /hpa-no-such-tool is not on PATH/);
});

test('a tool on PATH: no skip, in CI or not', () => {
  assert.equal(
    withEnv({ CI: 'true' }, () => skipUnlessOnPath('node')),
    false,
  );
  assert.equal(requireOnPath('node'), onPath('node'));
});
