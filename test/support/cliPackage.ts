/**
 * The npm package of hpa-lint as a user gets it: `scripts/packageCli.mjs` writes the tarball into a
 * folder of the test's own (tests run at the same time, and dist-npm/ is the developer's), and
 * `npm install --offline` puts it into an empty project. npm is pointed at a registry address where
 * nothing listens, so an install that needed the network would fail instead of quietly fetching.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

export const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string })
  .version;

/** npm's environment in these tests: offline, no registry to reach, nothing printed but errors. */
export const OFFLINE_NPM_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  npm_config_offline: 'true',
  npm_config_registry: 'http://127.0.0.1:9/',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
  npm_config_loglevel: 'error',
};

/** Builds the package into `outDir` and returns the tarball's path. */
export function packCli(outDir: string): string {
  const printed = execFileSync('node', [join(ROOT, 'scripts', 'packageCli.mjs'), '--out-dir', outDir], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return resolve(ROOT, printed.trim().split('\n').at(-1)!);
}

/** Installs the tarball into `projectDir` (created when missing) the way the README says; returns the `hpa-lint` that npm linked. */
export function installCli(tarball: string, projectDir: string): string {
  mkdirSync(projectDir, { recursive: true });
  execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], {
    cwd: projectDir,
    env: OFFLINE_NPM_ENV,
    encoding: 'utf8',
  });
  return join(projectDir, 'node_modules', '.bin', 'hpa-lint');
}
