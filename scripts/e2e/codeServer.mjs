// Installs, caches and starts code-server 4.96.4: VS Code 1.96.4 served to a browser, the one real
// VS Code that runs on these offline machines. The steps follow docs/real-vscode-tests.md (shared
// docs): code-server's own postinstall fetches from a git host, so it is installed with scripts off
// and the postinstall's work is done here by hand.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout, clearTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { join } from 'node:path';

export const CODE_SERVER_VERSION = '4.96.4';

const NPM_FLAGS = ['--no-audit', '--no-fund', '--ignore-scripts'];
const COMPLETE_MARKER = '.hpa-install-complete';

/** Prints one progress line; the e2e runners share the prefix so their output reads as one log. */
export function log(message) {
  console.log(`[e2e] ${message}`);
}

/**
 * Runs a command and resolves when it exits with 0. Its output is kept and shown only on failure, so
 * a working install prints progress lines instead of npm's chatter.
 */
export function run(command, args, { cwd, env, quiet = true } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(output);
      else {
        const tail = output.split('\n').slice(-40).join('\n');
        reject(
          new Error(
            `${command} ${args.join(' ')} (in ${cwd ?? process.cwd()}) ended with ${signal ?? code}\n${tail}`,
          ),
        );
      }
    });
  });
}

/** npm occasionally drops a connection to the registry; one more attempt is cheaper than a failed run. */
async function npm(args, cwd, step) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run('npm', args, { cwd });
    } catch (error) {
      if (attempt >= 3) throw error;
      log(`${step}: attempt ${attempt} failed, retrying (${String(error.message).split('\n')[0]})`);
    }
  }
}

function symlink(target, path) {
  rmSync(path, { force: true, recursive: false });
  symlinkSync(target, path);
}

/** Folder holding code-server's entry.js once installed. */
export function codeServerEntry(installDir) {
  return join(installDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
}

/**
 * Installs code-server into `<cacheDir>/code-server-<version>` unless a complete install is already
 * there. The work happens in a staging folder that is renamed only when every step succeeded, so an
 * interrupted install is never mistaken for a finished one.
 * @returns the path of code-server's entry.js
 */
export async function ensureCodeServer(cacheDir) {
  const installDir = join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
  const entry = codeServerEntry(installDir);
  if (existsSync(join(installDir, COMPLETE_MARKER)) && existsSync(entry)) {
    log(`code-server ${CODE_SERVER_VERSION}: cached in ${installDir}`);
    return entry;
  }
  const staging = `${installDir}.partial`;
  rmSync(staging, { recursive: true, force: true });
  rmSync(installDir, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  const started = Date.now();
  const step = (n, text) =>
    log(`code-server install ${n}/6 (${Math.round((Date.now() - started) / 1000)} s): ${text}`);

  step(1, `npm install code-server@${CODE_SERVER_VERSION} with scripts off`);
  await npm(
    ['install', '--prefix', staging, ...NPM_FLAGS, `code-server@${CODE_SERVER_VERSION}`],
    staging,
    'code-server',
  );

  const vscodeDir = join(staging, 'node_modules', 'code-server', 'lib', 'vscode');
  step(2, "VS Code's runtime dependencies (its shrinkwrap pins @vscode/proxy-agent to a git URL: dropped)");
  rmSync(join(vscodeDir, 'npm-shrinkwrap.json'), { force: true });
  await npm(['install', '--omit=dev', ...NPM_FLAGS], vscodeDir, 'vscode dependencies');

  step(3, 'native modules of VS Code (kerberos is not needed)');
  await npm(
    ['rebuild', '@parcel/watcher', '@vscode/spdlog', 'node-pty', 'native-watchdog'],
    vscodeDir,
    'rebuild',
  );

  step(4, 'the links the postinstall would have made');
  symlink('node_modules', join(vscodeDir, 'node_modules.asar'));
  symlink('code-linux.sh', join(vscodeDir, 'bin', 'remote-cli', 'code-server'));
  symlink('browser-linux.sh', join(vscodeDir, 'bin', 'helpers', 'browser.sh'));

  step(5, "the built-in extensions' dependencies");
  const extensionsDir = join(vscodeDir, 'extensions');
  rmSync(join(extensionsDir, 'npm-shrinkwrap.json'), { force: true });
  await npm(['install', '--omit=dev', ...NPM_FLAGS], extensionsDir, 'built-in extensions');

  step(6, 'argon2 (password hashing; loaded at start even with --auth none)');
  await npm(['rebuild', 'argon2'], staging, 'argon2');

  writeFileSync(join(staging, COMPLETE_MARKER), `${CODE_SERVER_VERSION}\n${new Date().toISOString()}\n`);
  renameSync(staging, installDir);
  log(`code-server ${CODE_SERVER_VERSION}: installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return entry;
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
 * the session's: VS Code records installed language packs there (languagepacks.json).
 */
export async function installVsix(entry, { extensionsDir, userDataDir, env }, vsixPath) {
  const output = await run(
    process.execPath,
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
  port,
  userDataDir,
  extensionsDir,
  workspace,
  locale,
  trustWorkspace = true,
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
  ];
  // Without this flag the folder opens in restricted mode (the settings written by the caller keep
  // the trust prompt away), which is how the untrusted pass runs.
  if (trustWorkspace) args.push('--disable-workspace-trust');
  if (locale) args.push('--locale', locale);
  args.push(workspace);
  const child = spawn(process.execPath, args, {
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
