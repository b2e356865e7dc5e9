// Builds the production bundles and packs the .vsix the way a release is packed.
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { log, run } from './codeServer.mjs';

/** @returns the path of dist-vsix/hpa-linter.vsix, rebuilt unless `reuse` and it exists */
export async function buildVsix(root, { reuse = false } = {}) {
  const vsix = join(root, 'dist-vsix', 'hpa-linter.vsix');
  if (reuse && existsSync(vsix)) {
    log(`using the existing ${vsix}`);
    return vsix;
  }
  log('building the production bundles');
  await run(process.execPath, [join(root, 'scripts', 'build.mjs'), '--production'], { cwd: root });
  log('packaging the .vsix');
  rmSync(vsix, { force: true });
  mkdirSync(dirname(vsix), { recursive: true });
  await run(join(root, 'node_modules', '.bin', 'vsce'), ['package', '--no-dependencies', '-o', vsix], {
    cwd: root,
  });
  log(`packaged ${vsix}: ${(statSync(vsix).size / 1024).toFixed(1)} KiB`);
  return vsix;
}
