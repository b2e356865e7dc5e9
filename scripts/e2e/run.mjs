// `npm run test:e2e`: the integration suite (test/integration) inside real VS Codes, offline. Two
// code-server releases, one after the other: 4.96.4 (VS Code 1.96.4, the oldest engines.vscode
// allows, on Node.js 20) and the newest on the npm registry (on Node.js 24, also from the registry).
// Each runs the PACKAGED extension — built, packed into a .vsix and installed the way users install
// it — and Chromium opens the workbench with a payload that makes the extension host run the suite.
// Five passes in each: English (full suite), `--locale ja` (localized messages), `--locale zh-tw`
// (likewise), an untrusted workspace (restricted mode), and `web`: the core suites against the web
// extension in the web worker extension host (scripts/e2e/webWorker.mjs).
//
//   node scripts/e2e/run.mjs [--code-server 4.96.4,4.139.1] [--pass en,ja,untrusted] [--skip-build]
//                            [--timeout <seconds>]
//   env: HPA_E2E_VERBOSE=1 echoes code-server's log; HPA_E2E_KEEP=1 keeps the temp folders.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CODE_SERVER_RELEASES,
  NEWEST_CODE_SERVER,
  OLDEST_CODE_SERVER,
  ensureCodeServerRelease,
  log,
} from './codeServer.mjs';
import { launchChromium } from './chromium.mjs';
import { languagePackStub } from './languagePackStub.mjs';
import { compileSuite } from './compileSuite.mjs';
import { EXTENSION_ID, openSession, workbenchUrl } from './session.mjs';
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
    'code-server': { type: 'string', default: `${OLDEST_CODE_SERVER},${NEWEST_CODE_SERVER}` },
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

/** How a pass is named in the log: the VS Code it runs in and the pass. */
function passLabel(codeServer, name) {
  return `VS Code ${codeServer.vscodeVersion} pass ${name}`;
}

async function runPass(name, { codeServer, vsix, suitePath }) {
  const pass = PASSES[name];
  if (!pass) throw new Error(`unknown pass "${name}" (known: ${Object.keys(PASSES).join(', ')})`);
  const label = passLabel(codeServer, name);
  log(
    `${label}: starting code-server ${codeServer.codeServerVersion}${pass.locale ? ` --locale ${pass.locale}` : ''}${pass.trustWorkspace ? '' : ' in restricted mode'}`,
  );
  const resultsPath = join(root, 'out', 'integration', `results-${codeServer.vscodeVersion}-${name}.json`);
  rmSync(resultsPath, { force: true });
  const extraVsix = pass.locale
    ? [await languagePackStub(root, join(root, '.vscode-test'), pass.locale)]
    : [];
  const session = await openSession({
    entry: codeServer.entry,
    node: codeServer.node,
    serverArgs: codeServer.serverArgs,
    vsix,
    extraVsix,
    workspaceSource: join(root, 'test', 'integration', 'workspace'),
    locale: pass.locale,
    trustWorkspace: pass.trustWorkspace,
    env: { HPA_TEST_RESULTS: resultsPath },
    label: `${codeServer.codeServerVersion}-${name}`,
  });
  let browser;
  const pageErrors = [];
  const workbenchSaid = new Set();
  try {
    log(`${label}: extension installed from the .vsix into ${session.extensionPath}`);
    browser = await launchChromium();
    const page = await browser.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // What the workbench says about this extension (manifest warnings, deprecated API, failed
    // providers) is printed after the pass: a newer VS Code says it here first.
    page.on('console', (message) => {
      if (
        ['warning', 'error'].includes(message.type()) &&
        message.text().toLowerCase().includes(EXTENSION_ID)
      ) {
        workbenchSaid.add(`${message.type()}: ${message.text().split('\n')[0]}`);
      }
    });
    const url = workbenchUrl({ ...session, testsPath: suitePath });
    await page.goto(url);
    log(`${label}: workbench open on port ${session.port}, the suite is running`);
    const serverGone = session.server.exited.then(
      (code) => `code-server exited (${code}) before the suite finished`,
    );
    // The env var reaches the extension host through code-server; the workspace file is the fallback.
    const results = await waitForResults(
      [resultsPath, join(session.workspace, RESULTS_FILE_NAME)],
      Date.now() + timeoutMs,
      serverGone,
    );
    for (const line of workbenchSaid) log(`${label}: the workbench console said ${line}`);
    return results;
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

function printResults(label, results) {
  log(
    `${label}: VS Code ${results.vscodeVersion} (${results.appName}, ${results.uiKind}), language ${results.language}, trusted ${results.trusted}`,
  );
  if (results.activationMs !== null) {
    log(
      `${label}: activation ${results.activationMs.toFixed(1)} ms, server ready after ${results.serverStartMs?.toFixed(1) ?? '?'} ms`,
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

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Every pass in one VS Code; returns its counts and timings for the closing summary. */
async function runVsCode(version, passes, { vsix, suitePath }) {
  const installStarted = Date.now();
  const codeServer = await ensureCodeServerRelease(join(root, '.vscode-test'), version);
  const summary = {
    codeServer,
    installMs: Date.now() - installStarted,
    suiteMs: 0,
    passed: 0,
    failed: 0,
    activationMs: null,
    webActivationMs: null,
  };
  log(
    `VS Code ${codeServer.vscodeVersion} (code-server) — code-server ${version} on Node.js ${codeServer.nodeVersion}`,
  );
  const suiteStarted = Date.now();
  for (const name of passes) {
    const label = passLabel(codeServer, name);
    if (name === 'web') {
      try {
        const results = await runWebWorkerPass({ root, codeServer, label, timeoutMs });
        printWebResults(label, results);
        const problems = webPassProblems(label, results, codeServer);
        for (const problem of problems) console.log(`  FAIL ${problem}`);
        summary.passed += results.passed;
        summary.failed += results.failed + problems.length;
        summary.webActivationMs = results.activationMs;
      } catch (error) {
        console.log(`  FAIL ${error.message}`);
        summary.failed++;
      }
      continue;
    }
    try {
      const results = await runPass(name, { codeServer, vsix, suitePath });
      printResults(label, results);
      summary.passed += results.passed;
      summary.failed += results.failed;
      if (name === 'en') summary.activationMs = results.activationMs;
      // A run in another VS Code than the one asked for would prove nothing about that one.
      if (results.vscodeVersion !== codeServer.vscodeVersion) {
        console.log(`  FAIL ${label}: the suite ran in VS Code ${results.vscodeVersion}`);
        summary.failed++;
      }
      // Without this, a locale that did not take would quietly re-run the English suite.
      const wanted = PASSES[name].locale ?? 'en';
      if (results.language !== wanted) {
        console.log(`  FAIL ${label}: VS Code's display language is ${results.language}, not ${wanted}`);
        summary.failed++;
      }
      if (results.passed + results.failed === 0) {
        console.log(`  FAIL ${label} ran no tests`);
        summary.failed++;
      }
    } catch (error) {
      console.log(`  FAIL ${error.message}`);
      summary.failed++;
    }
  }
  summary.suiteMs = Date.now() - suiteStarted;
  return summary;
}

async function main() {
  const list = (text) =>
    text
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
  const passes = list(options.pass);
  const versions = list(options['code-server']);
  for (const version of versions) {
    if (!CODE_SERVER_RELEASES[version]) {
      throw new Error(
        `unknown code-server ${version} (known: ${Object.keys(CODE_SERVER_RELEASES).join(', ')})`,
      );
    }
  }
  const vsix = await buildVsix(root, { reuse: options['skip-build'] });
  const suitePath = await compileSuite(root);
  const summaries = [];
  for (const version of versions) summaries.push(await runVsCode(version, passes, { vsix, suitePath }));
  for (const s of summaries) {
    log(
      `VS Code ${s.codeServer.vscodeVersion} (code-server ${s.codeServer.codeServerVersion}, Node.js ${s.codeServer.nodeVersion}): ${s.passed} passed, ${s.failed} failed; install or cache check ${seconds(s.installMs)}, passes ${seconds(s.suiteMs)}, activation ${s.activationMs === null ? '?' : `${s.activationMs.toFixed(1)} ms`}${s.webActivationMs === null ? '' : `, in the web worker ${s.webActivationMs.toFixed(1)} ms`}`,
    );
  }
  const passed = summaries.reduce((sum, s) => sum + s.passed, 0);
  const failed = summaries.reduce((sum, s) => sum + s.failed, 0);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
