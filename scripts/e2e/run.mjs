// `npm run test:e2e`: the integration suite (test/integration) inside a real VS Code, offline.
// code-server 4.96.4 (VS Code 1.96.4) runs the PACKAGED extension — built, packed into a .vsix and
// installed the way users install it — and Chromium opens the workbench with a payload that makes
// the extension host run the suite. Four passes: English (full suite), `--locale ja` (localized
// messages), `--locale zh-tw` (likewise), and an untrusted workspace (restricted mode). A fifth,
// `web`, runs the core suites against the web extension in the web worker extension host
// (scripts/e2e/webWorker.mjs).
//
//   node scripts/e2e/run.mjs [--pass en,ja,untrusted] [--skip-build] [--timeout <seconds>]
//   env: HPA_E2E_VERBOSE=1 echoes code-server's log; HPA_E2E_KEEP=1 keeps the temp folders.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import { ensureCodeServer, log, vscodeVersionOf } from './codeServer.mjs';
import { launchChromium } from './chromium.mjs';
import { languagePackStub } from './languagePackStub.mjs';
import { compileSuite } from './compileSuite.mjs';
import { openSession, workbenchUrl } from './session.mjs';
import { buildVsix } from './vsix.mjs';
import { printWebResults, runWebWorkerPass, webPassProblems } from './webWorker.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const RESULTS_FILE_NAME = '.hpa-test-results.json';
const PASSES = {
  en: { label: 'en', trustWorkspace: true },
  ja: { label: 'ja', locale: 'ja', trustWorkspace: true },
  'zh-tw': { label: 'zh-tw', locale: 'zh-tw', trustWorkspace: true },
  untrusted: { label: 'untrusted', trustWorkspace: false },
};

const { values: options } = parseArgs({
  options: {
    pass: { type: 'string', default: 'en,ja,zh-tw,untrusted,web' },
    'skip-build': { type: 'boolean', default: false },
    timeout: { type: 'string', default: '240' },
  },
});
const timeoutMs = Number(options.timeout) * 1000;

/** Resolves with the parsed results once one of `paths` holds them; rejects when `failed` settles first. */
async function waitForResults(paths, deadline, failed) {
  let failure;
  failed.then((reason) => (failure = reason));
  for (;;) {
    for (const path of paths) {
      if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8'));
    }
    if (failure) throw new Error(failure);
    if (Date.now() > deadline) throw new Error(`no results after ${timeoutMs / 1000} s`);
    await delay(200);
  }
}

async function runPass(name, { entry, vsix, suitePath }) {
  const pass = PASSES[name];
  if (!pass) throw new Error(`unknown pass "${name}" (known: ${Object.keys(PASSES).join(', ')})`);
  log(
    `pass ${name}: starting code-server${pass.locale ? ` --locale ${pass.locale}` : ''}${pass.trustWorkspace ? '' : ' in restricted mode'}`,
  );
  const resultsPath = join(root, 'out', 'integration', `results-${name}.json`);
  rmSync(resultsPath, { force: true });
  const extraVsix = pass.locale
    ? [await languagePackStub(root, join(root, '.vscode-test'), pass.locale)]
    : [];
  const session = await openSession({
    entry,
    vsix,
    extraVsix,
    workspaceSource: join(root, 'test', 'integration', 'workspace'),
    locale: pass.locale,
    trustWorkspace: pass.trustWorkspace,
    env: { HPA_TEST_RESULTS: resultsPath },
    label: name,
  });
  let browser;
  const pageErrors = [];
  try {
    log(`pass ${name}: extension installed from the .vsix into ${session.extensionPath}`);
    browser = await launchChromium();
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const url = workbenchUrl({ ...session, testsPath: suitePath });
    await page.goto(url);
    log(`pass ${name}: workbench open on port ${session.port}, the suite is running`);
    const serverGone = session.server.exited.then(
      (code) => `code-server exited (${code}) before the suite finished`,
    );
    // The env var reaches the extension host through code-server; the workspace file is the fallback.
    return await waitForResults(
      [resultsPath, join(session.workspace, RESULTS_FILE_NAME)],
      Date.now() + timeoutMs,
      serverGone,
    );
  } catch (error) {
    const logs = session.server.logs().split('\n').slice(-60).join('\n');
    throw new Error(
      `pass ${name}: ${error.message}\n--- code-server log (tail) ---\n${logs}\n--- page errors ---\n${pageErrors.join('\n')}`,
    );
  } finally {
    await browser?.close().catch(() => undefined);
    await session.close();
  }
}

function printResults(results) {
  log(
    `pass ${results.pass}: VS Code ${results.vscodeVersion} (${results.appName}, ${results.uiKind}), language ${results.language}, trusted ${results.trusted}`,
  );
  if (results.activationMs !== null) {
    log(
      `pass ${results.pass}: activation ${results.activationMs.toFixed(1)} ms, server ready after ${results.serverStartMs?.toFixed(1) ?? '?'} ms`,
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

async function main() {
  const passes = options.pass
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const entry = await ensureCodeServer(join(root, '.vscode-test'));
  log(`VS Code ${vscodeVersionOf(entry)} (code-server)`);
  const vsix = await buildVsix(root, { reuse: options['skip-build'] });
  const suitePath = await compileSuite(root);
  let passed = 0;
  let failed = 0;
  for (const name of passes) {
    if (name === 'web') {
      try {
        const results = await runWebWorkerPass({ root, entry, timeoutMs });
        printWebResults(results);
        const problems = webPassProblems(results);
        for (const problem of problems) console.log(`  FAIL ${problem}`);
        passed += results.passed;
        failed += results.failed + problems.length;
      } catch (error) {
        console.log(`  FAIL ${error.message}`);
        failed++;
      }
      continue;
    }
    try {
      const results = await runPass(name, { entry, vsix, suitePath });
      printResults(results);
      passed += results.passed;
      failed += results.failed;
      // Without this, a locale that did not take would quietly re-run the English suite.
      const wanted = PASSES[name].locale ?? 'en';
      if (results.language !== wanted) {
        console.log(`  FAIL pass ${name}: VS Code's display language is ${results.language}, not ${wanted}`);
        failed++;
      }
      if (results.passed + results.failed === 0) {
        console.log(`  FAIL pass ${name} ran no tests`);
        failed++;
      }
    } catch (error) {
      console.log(`  FAIL ${error.message}`);
      failed++;
    }
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
