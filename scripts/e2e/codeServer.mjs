// Installs, caches and starts code-server: VS Code served to a browser, the real VS Code that runs
// on these offline machines. Two releases: 4.96.4 (VS Code 1.96.4, the oldest VS Code that
// engines.vscode allows, on the Node.js 20 running the tests) and the newest code-server on the npm
// registry (on Node.js 24 from the registry, see nodeRuntime.mjs). The steps follow
// docs/real-vscode-tests.md (shared docs): code-server's own postinstall fetches from a git host, so
// it is installed with scripts off and the postinstall's work is done here by hand.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout, clearTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { delimiter, join } from 'node:path';
import { ensureNode } from './nodeRuntime.mjs';
import { log, npm, run } from './shell.mjs';

export { log, run };

/**
 * The code-server releases the suite runs in, oldest first. What differs between them is what the
 * by-hand install has to do:
 * - `node`: the Node.js release it runs on (null: the Node.js running the tests);
 * - `dropShrinkwraps`: lock files removed before `npm install` (4.96.4's pins @vscode/proxy-agent
 *   to a git URL; 4.139.1's name only registry tarballs and are kept);
 * - `rebuild`/`rebuildRoot`: native modules without a prebuilt binary for this Node.js ABI, built by
 *   node-gyp against the headers of the Node.js they will run in;
 * - `serverArgs`: what code-server needs on its command line for the suite to run in it;
 * - `load`/`loadRoot`: native modules that must then load in that Node.js (checked once, at install,
 *   so that a broken binary fails here and not as a workbench that never opens). kerberos is left
 *   out everywhere: it serves proxy authentication, which nothing here uses.
 */
export const CODE_SERVER_RELEASES = {
  '4.96.4': {
    vscode: '1.96.4',
    node: null,
    dropShrinkwraps: ['npm-shrinkwrap.json', 'extensions/npm-shrinkwrap.json'],
    rebuild: ['@parcel/watcher', '@vscode/spdlog', 'node-pty', 'native-watchdog'],
    rebuildRoot: ['argon2'],
    load: ['@parcel/watcher', '@vscode/spdlog', 'node-pty', 'native-watchdog'],
    loadRoot: ['argon2'],
    serverArgs: [],
  },
  '4.139.1': {
    vscode: '1.139.1',
    node: '24.22.3',
    dropShrinkwraps: [],
    // @parcel/watcher (its linux-x64-glibc package), node-pty (prebuilds/) and argon2 (prebuilds/)
    // ship N-API binaries, which load in any Node.js; these two compile against Node.js 24's headers.
    // @vscode/fs-copyfile builds only on macOS.
    rebuild: ['@vscode/spdlog', '@vscode/native-watchdog'],
    rebuildRoot: [],
    load: ['@parcel/watcher', '@vscode/spdlog', 'node-pty', '@vscode/native-watchdog'],
    loadRoot: ['argon2'],
    // A built VS Code of this age reads extensionDevelopmentPath and extensionTestsPath from the
    // workbench URL's payload only when the smoke-test driver is on (1.96 always did). code-server
    // passes VS Code server flags it does not know through --vscode-option.
    serverArgs: ['--vscode-option', 'enable-smoke-test-driver'],
  },
};
export const OLDEST_CODE_SERVER = '4.96.4';
export const NEWEST_CODE_SERVER = '4.139.1';
/** The version the scripts that use one VS Code (screenshots, preview worker) take. */
export const CODE_SERVER_VERSION = OLDEST_CODE_SERVER;

const NPM_FLAGS = ['--no-audit', '--no-fund', '--ignore-scripts'];
const COMPLETE_MARKER = '.hpa-install-complete';

function symlink(target, path) {
  rmSync(path, { force: true, recursive: false });
  symlinkSync(target, path);
}

/** Folder holding code-server's entry.js once installed. */
export function codeServerEntry(installDir) {
  return join(installDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/** Fails unless every module in `modules` loads from `dir` in the Node.js `node`. */
function assertNativeModulesLoad(node, dir, modules) {
  if (modules.length === 0) return;
  const script = `for (const m of ${JSON.stringify(modules)}) require(m);`;
  try {
    execFileSync(node, ['-e', script], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  } catch (error) {
    throw new Error(
      `native modules of code-server do not load in ${node} (${modules.join(', ')}):\n${error.stderr}`,
    );
  }
}

/**
 * A code-server release ready to start: `entry` is its entry.js, `node` the Node.js binary that
 * runs it, `serverArgs` the extra flags it starts with, `vscodeVersion` the VS Code inside.
 * @typedef {{ codeServerVersion: string, vscodeVersion: string, entry: string, node: string, nodeVersion: string, serverArgs: string[] }} CodeServer
 */

/**
 * Installs code-server `version` (a key of CODE_SERVER_RELEASES) into `<cacheDir>/code-server-<version>`
 * unless a complete install is already there, and the Node.js it needs into `<cacheDir>/node-<v>`.
 * The work happens in a staging folder that is renamed only when every step succeeded, so an
 * interrupted install is never mistaken for a finished one.
 * @returns {Promise<CodeServer>}
 */
export async function ensureCodeServerRelease(cacheDir, version) {
  const release = CODE_SERVER_RELEASES[version];
  if (!release) {
    throw new Error(
      `unknown code-server ${version} (known: ${Object.keys(CODE_SERVER_RELEASES).join(', ')})`,
    );
  }
  const runtime = release.node ? await ensureNode(cacheDir, release.node) : undefined;
  const node = runtime?.node ?? process.execPath;
  const installDir = join(cacheDir, `code-server-${version}`);
  const entry = codeServerEntry(installDir);
  const ready = () => ({
    codeServerVersion: version,
    vscodeVersion: vscodeVersionOf(entry),
    entry,
    node,
    nodeVersion: release.node ?? process.versions.node,
    serverArgs: release.serverArgs,
  });
  if (existsSync(join(installDir, COMPLETE_MARKER)) && existsSync(entry)) {
    log(`code-server ${version}: cached in ${installDir}`);
    return ready();
  }
  const staging = `${installDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const started = Date.now();
  const step = (n, text) =>
    log(`code-server ${version} install ${n}/7 (${Math.round((Date.now() - started) / 1000)} s): ${text}`);
  // npm itself, and so node-gyp under `npm rebuild`, run on the Node.js that code-server will run on;
  // --nodedir hands node-gyp that Node.js's headers, which it would otherwise download.
  const env = runtime ? { PATH: `${runtime.binDir}${delimiter}${process.env.PATH}` } : undefined;
  const nodedir = runtime ? [`--nodedir=${runtime.headersDir}`] : [];

  step(1, `npm install code-server@${version} with scripts off`);
  await npm(
    ['install', '--prefix', staging, ...NPM_FLAGS, `code-server@${version}`],
    staging,
    'code-server',
    env,
  );

  const vscodeDir = join(staging, 'node_modules', 'code-server', 'lib', 'vscode');
  step(
    2,
    `VS Code's runtime dependencies${release.dropShrinkwraps.length ? ` (dropped: ${release.dropShrinkwraps.join(', ')})` : ''}`,
  );
  for (const file of release.dropShrinkwraps) rmSync(join(vscodeDir, file), { force: true });
  await npm(['install', '--omit=dev', ...NPM_FLAGS], vscodeDir, 'vscode dependencies', env);

  step(
    3,
    `native modules of VS Code built for Node.js ${release.node ?? process.versions.node}: ${release.rebuild.join(', ')}`,
  );
  await npm(['rebuild', ...nodedir, ...release.rebuild], vscodeDir, 'rebuild', env);

  step(4, 'the links the postinstall would have made');
  symlink('node_modules', join(vscodeDir, 'node_modules.asar'));
  symlink('code-linux.sh', join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', join(vscodeDir, 'bin', 'helpers', 'browser.sh'));

  step(5, "the built-in extensions' dependencies");
  const extensionsDir = join(vscodeDir, 'extensions');
  await npm(['install', '--omit=dev', ...NPM_FLAGS], extensionsDir, 'built-in extensions', env);

  if (release.rebuildRoot.length > 0) {
    step(6, `${release.rebuildRoot.join(', ')} (password hashing; loaded at start even with --auth none)`);
    await npm(['rebuild', ...nodedir, ...release.rebuildRoot], staging, 'argon2', env);
  } else {
    step(6, 'argon2 ships a prebuilt N-API binary: nothing to build');
  }

  step(7, `the native modules load in Node.js ${release.node ?? process.versions.node}`);
  assertNativeModulesLoad(node, vscodeDir, release.load);
  assertNativeModulesLoad(node, join(staging, 'node_modules', 'code-server'), release.loadRoot);

  writeFileSync(join(staging, COMPLETE_MARKER), `${version}\n${new Date().toISOString()}\n`);
  renameSync(staging, installDir);
  log(`code-server ${version}: installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return ready();
}

/**
 * Installs (or finds cached) code-server 4.96.4, the one VS Code of the single-version scripts.
 * @returns the path of code-server's entry.js
 */
export async function ensureCodeServer(cacheDir) {
  return (await ensureCodeServerRelease(cacheDir, CODE_SERVER_VERSION)).entry;
}

/** VS Code's version inside code-server, read from its product.json-like package. */
export function vscodeVersionOf(entry) {
  const pkg = join(entry, '..', '..', '..', 'lib', 'vscode', 'package.json');
  try {
    return JSON.parse(readFileSync(pkg, 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

/** A port nobody listens on right now; the OS picks it. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Whether an HTTP server answers at `url` (any status: a redirect to the workbench counts). */
function answers(url) {
  return new Promise((resolve) => {
    const request = get(url, (response) => {
      response.resume();
      resolve(true);
    });
    request.on('error', () => resolve(false));
    request.setTimeout(2000, () => request.destroy());
  });
}

/**
 * Environment that keeps code-server's own files (its config.yaml with a generated password, its
 * heartbeat and logs) inside the session folder instead of the user's home.
 */
export function isolatedEnv(sessionDir) {
  return { XDG_DATA_HOME: join(sessionDir, 'xdg-data'), XDG_CONFIG_HOME: join(sessionDir, 'xdg-config') };
}

/**
 * Installs a .vsix the way a user does, into the given extensions folder. The user-data-dir must be
 * the session's: VS Code records installed language packs there (languagepacks.json). `node` is the
 * Node.js that code-server runs on (its native modules are built for that one).
 */
export async function installVsix(
  entry,
  { extensionsDir, userDataDir, env, node = process.execPath },
  vsixPath,
) {
  const output = await run(
    node,
    [
      entry,
      '--user-data-dir',
      userDataDir,
      '--extensions-dir',
      extensionsDir,
      '--install-extension',
      vsixPath,
    ],
    { env },
  );
  if (!/successfully installed/i.test(output)) {
    throw new Error(`code-server did not confirm the install of ${vsixPath}:\n${output}`);
  }
  return output.trim();
}

/**
 * Starts code-server and resolves once it answers HTTP. Its output is collected in `logs()` (and
 * echoed when HPA_E2E_VERBOSE is set) so that a failure can show what the workbench said.
 */
export async function startCodeServer({
  entry,
  node = process.execPath,
  port,
  userDataDir,
  extensionsDir,
  workspace,
  locale,
  trustWorkspace = true,
  serverArgs = [],
  env = {},
}) {
  const args = [
    entry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    ...serverArgs,
  ];
  // Without this flag the folder opens in restricted mode (the settings written by the caller keep
  // the trust prompt away), which is how the untrusted pass runs.
  if (trustWorkspace) args.push('--disable-workspace-trust');
  if (locale) args.push('--locale', locale);
  args.push(workspace);
  const child = spawn(node, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    env: { ...process.env, ...env },
  });
  let output = '';
  const collect = (chunk) => {
    output += chunk;
    if (process.env.HPA_E2E_VERBOSE) process.stdout.write(`[code-server] ${chunk}`);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  let exited = false;
  const exitedPromise = new Promise((resolve) =>
    child.on('exit', (code) => ((exited = true), resolve(code))),
  );

  const stop = async () => {
    if (exited) return;
    try {
      // detached: the child leads its own process group, so this also ends the extension hosts
      // and the language servers that code-server started.
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000);
    await exitedPromise;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`code-server exited before it answered:\n${output}`);
    if (await answers(url)) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`code-server did not answer on ${url} within 60 s:\n${output}`);
    }
    await delay(250);
  }
  return { url, stop, logs: () => output, exited: exitedPromise };
}
