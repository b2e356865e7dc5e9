// Collects what mocha reports and writes it as JSON for the outer runner (scripts/e2e), which reads
// the file because it cannot see into the extension host.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';

/** The env var naming the results file; without it the file goes to the first workspace folder. */
export const RESULTS_ENV = 'HPA_TEST_RESULTS';
export const RESULTS_FILE_NAME = '.hpa-test-results.json';

export interface TestOutcome {
  title: string;
  state: 'passed' | 'failed';
  durationMs?: number;
  error?: string;
}

export interface RunResults {
  pass: string;
  vscodeVersion: string;
  appName: string;
  uiKind: 'desktop' | 'web';
  language: string;
  trusted: boolean;
  activationMs: number | null;
  serverStartMs: number | null;
  passed: number;
  failed: number;
  tests: TestOutcome[];
  failures: TestOutcome[];
  finishedAt: string;
}

export function resultsPath(): string {
  const fromEnv = process.env[RESULTS_ENV];
  if (fromEnv) return fromEnv;
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (folder?.uri.scheme === 'file') return join(folder.uri.fsPath, RESULTS_FILE_NAME);
  throw new Error(`Set ${RESULTS_ENV}: the workspace has no file-system folder to write results to.`);
}

export function writeResults(results: RunResults): string {
  const path = resultsPath();
  mkdirSync(dirname(path), { recursive: true });
  // Written to a temporary name first: the outer runner watches for the final name and must never
  // read half a file.
  writeFileSync(`${path}.tmp`, JSON.stringify(results, null, 2));
  renameSync(`${path}.tmp`, path);
  return path;
}
