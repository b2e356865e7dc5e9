// One isolated VS Code session for the e2e runner and the screenshot script: a temporary folder with
// the .vsix installed as users install it, a copy of the test workspace, a fresh user-data-dir, and
// code-server on a free port. `close()` kills code-server and removes the folder.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { URL } from 'node:url';
import { join } from 'node:path';
import { freePort, installVsix, isolatedEnv, log, startCodeServer } from './codeServer.mjs';
import { writeLanguagePackIndex } from './languagePackStub.mjs';

export const EXTENSION_ID = 'hpa-tools.hpa-linter';

/**
 * code-server runs in its own process group (so that stopping it also stops its extension hosts and
 * language servers), which means Ctrl+C in the terminal does not reach it. Open sessions are closed
 * here on SIGINT/SIGTERM instead, so an interrupted run leaves no server behind.
 */
const openSessions = new Set();
let signalsHandled = false;
function closeSessionsOnSignals() {
  if (signalsHandled) return;
  signalsHandled = true;
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      log(`${signal}: stopping code-server`);
      Promise.allSettled([...openSessions].map((close) => close())).then(() => process.exit(130));
    });
  }
}

/** User settings of the session: no prompts, no gallery or update traffic, no welcome page. */
function userSettings() {
  return {
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.banner': 'never',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'extensions.autoUpdate': false,
    'extensions.autoCheckUpdates': false,
    'extensions.ignoreRecommendations': true,
    'telemetry.telemetryLevel': 'off',
    'update.mode': 'none',
    'git.enabled': false,
    'editor.hover.delay': 100,
    // VS Code in a browser saves edited files after a second by default (the desktop default is off).
    // The suites edit fixtures and revert them when a test ends; a save in between would carry the
    // edit into the next test (seen under load: the quick fix's inserted line moved later lines).
    'files.autoSave': 'off',
  };
}

/** The folder code-server unpacked the .vsix into (`<publisher>.<name>-<version>`). */
function installedFolder(extensionsDir) {
  const prefix = `${EXTENSION_ID}-`;
  const found = readdirSync(extensionsDir).filter((name) => name.toLowerCase().startsWith(prefix));
  if (found.length !== 1) {
    throw new Error(
      `expected one ${prefix}* folder in ${extensionsDir}, found: ${found.join(', ') || 'none'}`,
    );
  }
  return join(extensionsDir, found[0]);
}

/**
 * `node` is the Node.js that runs code-server and `serverArgs` its extra flags (CodeServer.node and
 * .serverArgs; by default the running Node.js and none).
 * @param {{ entry: string, node?: string, serverArgs?: string[], vsix: string, extraVsix?: string[], workspaceSource: string, locale?: string, trustWorkspace?: boolean, env?: Record<string,string>, label: string }} options
 */
export async function openSession({
  entry,
  node = process.execPath,
  serverArgs = [],
  vsix,
  extraVsix = [],
  workspaceSource,
  locale,
  trustWorkspace = true,
  env = {},
  label,
}) {
  const dir = mkdtempSync(join(tmpdir(), `hpa-e2e-${label}-`));
  const extensionsDir = join(dir, 'ext');
  const userDataDir = join(dir, 'ud');
  const workspace = join(dir, 'workspace');
  let server;
  const close = async () => {
    openSessions.delete(close);
    await server?.stop();
    if (!process.env.HPA_E2E_KEEP) rmSync(dir, { recursive: true, force: true });
    else log(`${label}: kept ${dir}`);
  };
  closeSessionsOnSignals();
  openSessions.add(close);
  try {
    mkdirSync(join(userDataDir, 'User'), { recursive: true });
    writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(userSettings(), null, 2));
    cpSync(workspaceSource, workspace, { recursive: true });
    const isolated = isolatedEnv(dir);
    const target = { extensionsDir, userDataDir, env: isolated, node };
    for (const other of extraVsix) await installVsix(entry, target, other);
    await installVsix(entry, target, vsix);
    const extensionPath = installedFolder(extensionsDir);
    if (locale) {
      const languages = writeLanguagePackIndex(userDataDir, extensionsDir);
      if (!languages.includes(locale))
        throw new Error(`no language pack for --locale ${locale} is installed`);
    }
    const port = await freePort();
    server = await startCodeServer({
      entry,
      node,
      port,
      userDataDir,
      extensionsDir,
      workspace,
      locale,
      trustWorkspace,
      serverArgs,
      env: { ...isolated, ...env },
    });
    return { dir, port, workspace, extensionPath, server, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The workbench URL that opens `workspace`; with `tests`, it also runs them (code-server's payload). */
export function workbenchUrl({ port, workspace, extensionPath, testsPath }) {
  const authority = `127.0.0.1:${port}`;
  const url = new URL(`http://${authority}/`);
  url.searchParams.set('folder', workspace);
  if (testsPath) {
    // Both must be vscode-remote URIs of this authority, or the workbench finds no extension host
    // that can launch the test runner.
    const payload = [
      ['extensionDevelopmentPath', `vscode-remote://${authority}${extensionPath}`],
      ['extensionTestsPath', `vscode-remote://${authority}${testsPath}`],
    ];
    url.searchParams.set('payload', JSON.stringify(payload));
  }
  return url.toString();
}
