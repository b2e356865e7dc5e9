/**
 * The `hpa.activeEditorHasHpa` context key behind the editor-title button, from the server's
 * answer for the active document. Re-asked when the editor, its text or the server's status changes.
 */
import * as vscode from 'vscode';
import type { ServerLink } from '../serverLink';
import type { DocumentHpaCache } from './documentHpas';

export const HAS_HPA_CONTEXT_KEY = 'hpa.activeEditorHasHpa';
/** Typing pauses shorter than this do not re-ask the server. */
const DEBOUNCE_MS = 150;

export function trackActiveEditorHasHpa(server: ServerLink, hpas: DocumentHpaCache): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let shown: boolean | undefined;
  const update = async () => {
    const asked = ++generation;
    const document = vscode.window.activeTextEditor?.document;
    const has = document ? (await hpas.get(document)).length > 0 : false;
    // An answer for an editor that is no longer active is dropped.
    if (asked !== generation || has === shown) return;
    shown = has;
    await vscode.commands.executeCommand('setContext', HAS_HPA_CONTEXT_KEY, has);
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), DEBOUNCE_MS);
  };
  const subscriptions = [
    vscode.window.onDidChangeActiveTextEditor(() => void update()),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === vscode.window.activeTextEditor?.document) schedule();
    }),
    server.onDidChangeStatus(() => void update()),
  ];
  void update();
  return {
    dispose: () => {
      clearTimeout(timer);
      for (const s of subscriptions) s.dispose();
    },
  };
}
