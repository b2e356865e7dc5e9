/**
 * The real programs the tests run (kubectl, Chromium, Prometheus) are looked up on PATH, as the
 * product looks up kustomize, never at one install path. A test that needs one and does not find it
 * skips with a message on a developer's machine; under CI=true it fails, so a CI image that lost a
 * tool cannot pass by running less.
 */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The absolute path of the program `name` on PATH (the first executable file), or undefined. */
export function onPath(name: string, path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here, or not executable: the next folder
    }
  }
  return undefined;
}

/**
 * The `skip` option of a test or suite that runs `name`: false when it is on PATH, else the reason
 * to skip; under CI=true a missing tool throws instead, which fails the test file naming the tool.
 */
export function skipUnlessOnPath(name: string): false | string {
  if (onPath(name) !== undefined) return false;
  const reason = `${name} is not on PATH`;
  if (process.env.CI === 'true') throw new Error(`${reason}: under CI=true the tests that run it fail`);
  return reason;
}

/** The absolute path of `name` on PATH, for a test that cannot do without it; throws naming it. */
export function requireOnPath(name: string): string {
  const found = onPath(name);
  if (found === undefined) throw new Error(`${name} is not on PATH: this test runs the real ${name}`);
  return found;
}
