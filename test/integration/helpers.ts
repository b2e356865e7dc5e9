// Shared by the integration suites: finding the extension, opening fixtures, and waiting on VS Code's
// events (never on fixed sleeps). Every wait has a deadline so that a missing event fails the test
// with a message saying what was awaited, instead of hanging the run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { HpaExtensionApi } from '../../client/src/api';

export const EXTENSION_ID = 'hpa-tools.hpa-linter';
export const DIAGNOSTIC_SOURCE = 'hpa';
/** How long an awaited event may take before the test fails (the server answers in milliseconds). */
export const EVENT_DEADLINE_MS = 20_000;

export function extension(): vscode.Extension<HpaExtensionApi> {
  const found = vscode.extensions.getExtension<HpaExtensionApi>(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is installed`);
  return found;
}

/** The API of the running extension; activates it if nothing has yet. */
export async function api(): Promise<HpaExtensionApi> {
  const exports = await extension().activate();
  await exports.serverReady;
  return exports;
}

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test run opened a workspace folder');
  return folder.uri;
}

export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), name);
}

export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(name));
  return vscode.window.showTextDocument(document);
}

/** A new untitled YAML editor holding `content`: tests that edit text work on a copy, not a fixture. */
export async function openUntitledYaml(content: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ language: 'yaml', content });
  return vscode.window.showTextDocument(document);
}

export async function readFixture(name: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri(name)));
}

function openTabCount(): number {
  return vscode.window.tabGroups.all.reduce((sum, group) => sum + group.tabs.length, 0);
}

/**
 * Closes every editor and drops unsaved changes, so each test starts from the same state. Plain
 * closeAllEditors would ask whether to save an edited copy, and a modal dialog would stall the run.
 */
export async function closeAllEditors(): Promise<void> {
  for (let guard = 0; guard < 100 && openTabCount() > 0; guard++) {
    if (vscode.window.tabGroups.activeTabGroup.tabs.length === 0) {
      await vscode.commands.executeCommand('workbench.action.focusNextGroup');
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  // The tests edit workspace files and untitled documents. VS Code's own settings.json (written by a
  // configuration update, which with auto-save off VS Code 1.139 holds dirty while it writes) is not
  // an edit of a test's.
  const dirty = vscode.workspace.textDocuments
    .filter((d) => d.isDirty && (d.isUntitled || vscode.workspace.getWorkspaceFolder(d.uri) !== undefined))
    .map((d) => d.uri.toString());
  assert.deepEqual(dirty, [], 'every edited document was reverted');
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export function hpaDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === DIAGNOSTIC_SOURCE);
}

/** The rule id of a diagnostic (`code` may be a plain value or `{ value, target }` with the doc link). */
export function ruleId(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  if (code === undefined) return '';
  return String(typeof code === 'object' ? code.value : code);
}

export function describeDiagnostics(diagnostics: readonly vscode.Diagnostic[]): string {
  if (diagnostics.length === 0) return '(none)';
  return diagnostics
    .map(
      (d) =>
        `${ruleId(d)} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`,
    )
    .join('\n');
}

/**
 * Resolves with the `hpa` diagnostics of `uri` once `accept` holds for them: at once if it already
 * does, otherwise on a later onDidChangeDiagnostics event.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (diagnostics: vscode.Diagnostic[]) => boolean,
  what: string,
): Promise<vscode.Diagnostic[]> {
  return waitFor(
    (listener) => vscode.languages.onDidChangeDiagnostics(listener),
    () => {
      const current = hpaDiagnostics(uri);
      return accept(current) ? current : undefined;
    },
    () => `${what} for ${uri.toString()}; diagnostics now:\n${describeDiagnostics(hpaDiagnostics(uri))}`,
  );
}

/** Waits until `check` returns a value, re-checking whenever `subscribe`'s event fires. */
export function waitFor<T>(
  subscribe: (listener: () => void) => vscode.Disposable,
  check: () => T | undefined,
  describe: () => string,
  deadlineMs = EVENT_DEADLINE_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const first = check();
    if (first !== undefined) {
      resolve(first);
      return;
    }
    const subscription = subscribe(() => {
      const value = check();
      if (value === undefined) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(value);
    });
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error(`Timed out after ${deadlineMs} ms waiting for ${describe()}`));
    }, deadlineMs);
  });
}

export function rangeText(range: vscode.Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}
