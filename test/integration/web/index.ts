// Test entry of the web worker pass (scripts/e2e/webWorker.mjs): the module whose run() VS Code's
// web worker extension host calls when the workbench is opened with a test payload. The same core
// suites as the Node pass (diagnostics, hover, quick fixes, the preview, the .hpa-lint.yaml in force,
// which the server reads through the host's file system) plus what only the web extension has.
// Bundled for the browser with mocha's browser build and `node:assert/strict`
// replaced by ./assert.ts (the web worker host has neither Node's modules nor a `require` of its own).
import 'mocha/mocha.js';
import * as vscode from 'vscode';
import type { HpaExtensionApi } from '../../../client/src/api';
import { diagnosticsSuite } from '../diagnostics.suite';
import { EXTENSION_ID } from '../helpers';
import { hoverSuite } from '../hover.suite';
import { kubernetesVersionsSuite } from '../kubernetesVersions.suite';
import { previewSuite } from '../preview.suite';
import { quickFixSuite } from '../quickFix.suite';
import type { RunResults, TestOutcome } from '../results';
import { extensionHostKind } from './hostKind';
import { webWorkerSuite } from './webWorker.suite';

/** The name ../results.ts gives the file in the workspace (that module writes with Node's fs). */
const RESULTS_FILE_NAME = '.hpa-test-results.json';

function errorText(error: unknown): string {
  if (error instanceof Error) return error.stack ?? error.message;
  return String(error);
}

/** The results file in the workspace folder, written through the workspace file system. */
async function writeResults(results: RunResults & { extensionHost: string }): Promise<string> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the web worker pass opened no workspace folder');
  const bytes = new TextEncoder().encode(JSON.stringify(results, null, 2));
  // A temporary name first: the outer runner watches for the final name and must never read half a file.
  const temporary = vscode.Uri.joinPath(folder.uri, `${RESULTS_FILE_NAME}.tmp`);
  const final = vscode.Uri.joinPath(folder.uri, RESULTS_FILE_NAME);
  await vscode.workspace.fs.writeFile(temporary, bytes);
  await vscode.workspace.fs.rename(temporary, final, { overwrite: true });
  return final.toString();
}

interface MochaGlobal {
  Mocha: typeof Mocha;
}

/**
 * The preview suite yields to the event loop with setImmediate, which a web worker does not have;
 * a zero timeout is the same for a test (the extension's own code never calls it).
 */
function provideSetImmediate(): void {
  const scope = globalThis as { setImmediate?: (callback: () => void) => void };
  scope.setImmediate ??= (callback) => void setTimeout(callback, 0);
}

export function run(): Promise<void> {
  provideSetImmediate();
  const MochaClass = (globalThis as unknown as MochaGlobal).Mocha;
  const mocha = new MochaClass({ ui: 'tdd', timeout: 60_000, color: false, reporter: 'spec' });
  mocha.suite.emit('pre-require', globalThis, 'hpa-integration-web', mocha);
  const tests: TestOutcome[] = [];
  const suites = [
    webWorkerSuite,
    diagnosticsSuite,
    hoverSuite,
    quickFixSuite,
    previewSuite,
    kubernetesVersionsSuite,
  ];

  const finish = async (): Promise<RunResults & { extensionHost: string }> => {
    const exports = vscode.extensions.getExtension<HpaExtensionApi>(EXTENSION_ID)?.exports;
    const failures = tests.filter((t) => t.state === 'failed');
    const results = {
      pass: 'web',
      extensionHost: extensionHostKind(),
      vscodeVersion: vscode.version,
      appName: vscode.env.appName,
      uiKind: vscode.env.uiKind === vscode.UIKind.Web ? ('web' as const) : ('desktop' as const),
      language: vscode.env.language,
      trusted: vscode.workspace.isTrusted,
      activationMs: exports?.activationMs ?? null,
      serverStartMs: exports?.serverStartMs() ?? null,
      passed: tests.length - failures.length,
      failed: failures.length,
      tests,
      failures,
      finishedAt: new Date().toISOString(),
    };
    const where = await writeResults(results);
    console.log(`[hpa-integration] ${results.passed} passed, ${results.failed} failed; results in ${where}`);
    return results;
  };

  return new Promise<void>((resolve, reject) => {
    try {
      for (const define of suites) define();
    } catch (error) {
      tests.push({ title: 'defining the web suites', state: 'failed', error: errorText(error) });
      finish().then(() => reject(error), reject);
      return;
    }
    const runner = mocha.run(() => {
      finish().then((results) => {
        if (results.failed > 0 || results.passed === 0)
          reject(new Error(`${results.failed} of ${tests.length} web integration tests failed.`));
        else resolve();
      }, reject);
    });
    runner.on('pass', (test: Mocha.Test) => {
      tests.push({ title: test.fullTitle(), state: 'passed', durationMs: test.duration });
    });
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
