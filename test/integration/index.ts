// Test entry of the real-VS-Code suite: the module whose run() @vscode/test-electron (desktop) and
// the code-server payload (scripts/e2e/run.mjs) call inside the extension host. Which suites run
// depends on how VS Code was started: the full suite in English, the localized-message suite under
// another display language, the restricted-mode suite in an untrusted workspace.
import Mocha from 'mocha';
import * as vscode from 'vscode';
import type { HpaExtensionApi } from '../../client/src/api';
import { activationSuite } from './activation.suite';
import { diagnosticsSuite } from './diagnostics.suite';
import { EXTENSION_ID } from './helpers';
import { hoverSuite } from './hover.suite';
import { kubernetesVersionsSuite } from './kubernetesVersions.suite';
import { localeSuite } from './locale.suite';
import { overlaysSuite } from './overlays.suite';
import { previewAfterReloadSuite, previewBeforeReloadSuite, previewSuite } from './preview.suite';
import { reloadWindowAndContinue, takeReloadNote } from './reloadWindow';
import { prometheusSuite } from './prometheus.suite';
import { previewTitleButtonSuite } from './previewTitleButton.suite';
import { quickFixSuite } from './quickFix.suite';
import { settingsSuite } from './settings.suite';
import { type RunResults, type TestOutcome, writeResults } from './results';
import { untrustedSuite } from './untrusted.suite';

type Pass = 'en' | 'locale' | 'untrusted';

function currentPass(): Pass {
  if (!vscode.workspace.isTrusted) return 'untrusted';
  return vscode.env.language === 'en' || vscode.env.language.startsWith('en-') ? 'en' : 'locale';
}

const SUITES_BY_PASS: Record<Pass, Array<() => void>> = {
  en: [
    activationSuite,
    diagnosticsSuite,
    hoverSuite,
    quickFixSuite,
    settingsSuite,
    kubernetesVersionsSuite,
    overlaysSuite,
    localeSuite,
    previewSuite,
    previewTitleButtonSuite,
    prometheusSuite,
    // Last: ends with a window reload (see reloadWindow.ts); previewAfterReloadSuite runs after it.
    previewBeforeReloadSuite,
  ],
  locale: [localeSuite],
  untrusted: [untrustedSuite],
};

function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

function extensionTimings(): Pick<RunResults, 'activationMs' | 'serverStartMs'> {
  const exports = vscode.extensions.getExtension<HpaExtensionApi>(EXTENSION_ID)?.exports;
  return {
    activationMs: exports?.activationMs ?? null,
    serverStartMs: exports?.serverStartMs() ?? null,
  };
}

export function run(): Promise<void> {
  const pass = currentPass();
  const mocha = new Mocha({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec' });
  // What mocha.loadFiles does for each file: install suite()/test() as globals for the definitions.
  mocha.suite.emit('pre-require', globalThis, `hpa-integration-${pass}`, mocha);
  // Right after the reload that ends the English run: only what must be checked after it.
  const beforeReload = pass === 'en' ? takeReloadNote() : undefined;
  const suites = beforeReload ? [previewAfterReloadSuite] : SUITES_BY_PASS[pass];
  const tests: TestOutcome[] = [...(beforeReload ?? [])];

  const finish = (): RunResults => {
    const failures = tests.filter((t) => t.state === 'failed');
    const results: RunResults = {
      pass,
      vscodeVersion: vscode.version,
      appName: vscode.env.appName,
      uiKind: vscode.env.uiKind === vscode.UIKind.Web ? 'web' : 'desktop',
      language: vscode.env.language,
      trusted: vscode.workspace.isTrusted,
      ...extensionTimings(),
      passed: tests.length - failures.length,
      failed: failures.length,
      tests,
      failures,
      finishedAt: new Date().toISOString(),
    };
    const path = writeResults(results);
    console.log(`[hpa-integration] ${results.passed} passed, ${results.failed} failed; results in ${path}`);
    return results;
  };

  return new Promise<void>((resolve, reject) => {
    try {
      for (const define of suites) define();
    } catch (error) {
      tests.push({ title: `defining the ${pass} suites`, state: 'failed', error: errorText(error) });
      finish();
      reject(error);
      return;
    }
    const runner = mocha.run(() => {
      if (suites.includes(previewBeforeReloadSuite)) {
        // The results are written by the run after the reload. Not resolved: a settled run() would
        // let the runner close the window before the reload; the reload ends this extension host.
        reloadWindowAndContinue(tests).catch(reject);
        return;
      }
      const results = finish();
      if (results.failed > 0 || results.passed === 0)
        reject(new Error(`${results.failed} of ${tests.length} integration tests failed.`));
      else resolve();
    });
    runner.on('pass', (test: Mocha.Test) => {
      tests.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration });
    });
    // Also fires for failed hooks, which count as failures too.
    runner.on('fail', (test: Mocha.Runnable, error: unknown) => {
      tests.push({
        title: test.fullTitle(),
        state: 'failed',
        durationMs: test.duration,
        error: errorText(error),
      });
    });
  });
}
