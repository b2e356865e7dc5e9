/**
 * `hpa-lint --version`. The bundles carry the version as a constant that the build writes in
 * (esbuild `define` of HPA_LINT_VERSION, from package.json: scripts/build.mjs for the extension's
 * dist/cli.js, scripts/packageCli.mjs for the npm package), so an installed CLI reads no file to
 * know it. Run from source (the tests, through tsx) the constant is absent and the repository's
 * package.json, three folders up, says it.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

declare const HPA_LINT_VERSION: string | undefined;

export function cliVersion(): string {
  if (typeof HPA_LINT_VERSION === 'string') return HPA_LINT_VERSION;
  const manifest = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}
