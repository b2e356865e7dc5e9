// Bundles the integration suite (test/integration/index.ts and the suites it imports) into one
// CommonJS module that VS Code's extension host loads as the extensionTestsPath. `vscode` is given by
// the host; mocha stays external and is resolved from the repository's node_modules, next to which
// the bundle lives.
import { build } from 'esbuild';
import { join } from 'node:path';

export const SUITE_BUNDLE = join('out', 'integration', 'index.js');

/** @returns the absolute path of the bundle */
export async function compileSuite(root) {
  const outfile = join(root, SUITE_BUNDLE);
  await build({
    entryPoints: [join(root, 'test', 'integration', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode', 'mocha'],
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return outfile;
}
