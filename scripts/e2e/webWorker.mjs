// The web worker pass of `npm run test:e2e`: the extension as a web extension, in code-server's web
// worker extension host. A package with only the `browser` entry (the same files, `main` removed
// from package.json) is packed and installed the way users install a .vsix; VS Code can then run it
// nowhere but in the browser's web worker host. The web suite (test/integration/web) is bundled for
// the browser into the installed extension's folder: VS Code runs a test module in the extension
// host of the extension that contains it, which is how the suite lands in the web worker host.
//
//   node scripts/e2e/webWorker.mjs [--code-server 4.96.4] [--skip-build] [--timeout <seconds>]
//   (or: run.mjs --pass web)
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { NEWEST_CODE_SERVER, OLDEST_CODE_SERVER, ensureCodeServerRelease, log, run } from './codeServer.mjs';
import { launchChromium } from './chromium.mjs';
import { openSession, workbenchUrl } from './session.mjs';
import { buildVsix } from './vsix.mjs';

const RESULTS_FILE_NAME = '.hpa-test-results.json';
/** Where the web suite goes inside the installed extension (never part of a package). */
const SUITE_IN_EXTENSION = join('web-test', 'index.js');

/**
 * Packs `dist-vsix/hpa-linter-web.vsix` from the production build (scripts/e2e/vsix.mjs builds it):
 * the files of the real package (as `vsce ls` lists them), and a package.json whose only entry is `browser`.
 * @returns the path of the .vsix
 */
export async function buildBrowserOnlyVsix(root) {
  const staging = join(root, 'out', 'web-extension');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  // Exactly the files of the real package: vsce itself lists what the allow-list admits.
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  const files = (await run(vsce, ['ls', '--no-dependencies'], { cwd: root }))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  for (const file of [...files, '.vscodeignore']) {
    mkdirSync(dirname(join(staging, file)), { recursive: true });
    cpSync(join(root, file), join(staging, file));
  }
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  if (!manifest.browser) throw new Error('package.json has no `browser` entry to test');
  delete manifest.main;
  delete manifest.bin;
  writeFileSync(join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const vsix = join(root, 'dist-vsix', 'hpa-linter-web.vsix');
  rmSync(vsix, { force: true });
  await run(vsce, ['package', '--no-dependencies', '-o', vsix], { cwd: staging });
  log(`packaged ${vsix} (browser entry only): ${(statSync(vsix).size / 1024).toFixed(1)} KiB`);
  return vsix;
}

/** Bundles test/integration/web for the web worker host into `outfile` (see the file comment). */
export async function compileWebSuite(root, outfile) {
  await build({
    entryPoints: [join(root, 'test', 'integration', 'web', 'index.ts')],
    outfile,
    bundle: true,
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
    alias: { 'node:assert/strict': join(root, 'test', 'integration', 'web', 'assert.ts') },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  return outfile;
}

/** Resolves with the parsed results once the workspace holds them; rejects on `failed` or the deadline. */
async function waitForResults(path, deadline, failed) {
  let failure;
  failed.then((reason) => (failure = reason));
  for (;;) {
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'));
    if (failure) throw new Error(failure);
    if (Date.now() > deadline) throw new Error('no results before the deadline');
    await delay(200);
  }
}

/**
 * One web worker pass in `codeServer` (codeServer.mjs's ensureCodeServerRelease). The results carry
 * `extensionHost` (what the suite saw its global scope to be); webPassProblems fails a pass that did
 * not run in a web worker, or in another VS Code.
 */
export async function runWebWorkerPass({ root, codeServer, label, timeoutMs }) {
  log(`${label}: packaging the browser-only extension`);
  const vsix = await buildBrowserOnlyVsix(root);
  log(
    `${label}: starting code-server ${codeServer.codeServerVersion}; the extension can run only in the web worker extension host`,
  );
  const session = await openSession({
    entry: codeServer.entry,
    node: codeServer.node,
    serverArgs: codeServer.serverArgs,
    vsix,
    workspaceSource: join(root, 'test', 'integration', 'workspace'),
    trustWorkspace: true,
    label: `${codeServer.codeServerVersion}-web`,
  });
  let browser;
  const pageErrors = [];
  try {
    const testsPath = await compileWebSuite(root, join(session.extensionPath, SUITE_IN_EXTENSION));
    browser = await launchChromium();
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(workbenchUrl({ ...session, testsPath }));
    log(`${label}: workbench open on port ${session.port}, the web suite is running`);
    const serverGone = session.server.exited.then(
      (code) => `code-server exited (${code}) before the suite finished`,
    );
    return await waitForResults(
      join(session.workspace, RESULTS_FILE_NAME),
      Date.now() + timeoutMs,
      serverGone,
    );
  } catch (error) {
    const logs = session.server.logs().split('\n').slice(-60).join('\n');
    throw new Error(
      `${label}: ${error.message}\n--- code-server log (tail) ---\n${logs}\n--- page errors ---\n${pageErrors.join('\n')}`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await session.close();
  }
}

/** Standalone: build, one web worker pass per code-server asked for, the same summary line as run.mjs. */
async function main() {
  const root = resolve(import.meta.dirname, '..', '..');
  const { values } = parseArgs({
    options: {
      'code-server': { type: 'string', default: `${OLDEST_CODE_SERVER},${NEWEST_CODE_SERVER}` },
      'skip-build': { type: 'boolean', default: false },
      timeout: { type: 'string', default: '240' },
    },
  });
  await buildVsix(root, { reuse: values['skip-build'] });
  let passed = 0;
  let failed = 0;
  for (const version of values['code-server'].split(',').filter(Boolean)) {
    const codeServer = await ensureCodeServerRelease(join(root, '.vscode-test'), version);
    log(
      `VS Code ${codeServer.vscodeVersion} (code-server) — code-server ${version} on Node.js ${codeServer.nodeVersion}`,
    );
    const label = `VS Code ${codeServer.vscodeVersion} pass web`;
    try {
      const results = await runWebWorkerPass({
        root,
        codeServer,
        label,
        timeoutMs: Number(values.timeout) * 1000,
      });
      printWebResults(label, results);
      const problems = webPassProblems(label, results, codeServer);
      for (const problem of problems) console.log(`  FAIL ${problem}`);
      passed += results.passed;
      failed += results.failed + problems.length;
    } catch (error) {
      console.log(`  FAIL ${error.message}`);
      failed++;
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

/** What makes a web pass fail besides its tests: it ran elsewhere than in a web worker or in another VS Code, or ran nothing. */
export function webPassProblems(label, results, codeServer) {
  const problems = [];
  if (results.extensionHost !== 'web worker')
    problems.push(`${label} ran in the ${results.extensionHost} extension host, not in a web worker`);
  if (results.vscodeVersion !== codeServer.vscodeVersion)
    problems.push(`${label}: the suite ran in VS Code ${results.vscodeVersion}`);
  if (results.passed + results.failed === 0) problems.push(`${label} ran no tests`);
  return problems;
}

export function printWebResults(label, results) {
  log(
    `${label}: VS Code ${results.vscodeVersion} (${results.appName}, ${results.uiKind}), extension host: ${results.extensionHost}`,
  );
  if (results.activationMs !== null) {
    log(
      `${label}: activation ${results.activationMs.toFixed(1)} ms in the ${results.extensionHost} extension host, server ready after ${results.serverStartMs?.toFixed(1) ?? '?'} ms`,
    );
  }
  for (const test of results.tests) {
    console.log(
      `  ${test.state === 'passed' ? 'ok  ' : 'FAIL'} ${test.title}${test.durationMs !== undefined ? ` (${test.durationMs} ms)` : ''}`,
    );
  }
  for (const failure of results.failures) {
    console.log(`\n  FAIL ${failure.title}\n${String(failure.error).replace(/^/gm, '    ')}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error);
      console.log('0 passed, 1 failed');
      process.exit(1);
    },
  );
}
