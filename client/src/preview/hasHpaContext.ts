/**
 * The `hpa.activeEditorHasHpa` context key behind the editor-title button, from the server's word on
 * the active document: what it announces after linting it (so a file opened while the server starts
 * gets the button once the server has read it), and its answer when the editor or its text changes.
 */
import * as vscode from 'vscode';
import type { ServerLink } from '../serverLink';
import type { DocumentHpaCache } from './documentHpas';

export const HAS_HPA_CONTEXT_KEY = 'hpa.activeEditorHasHpa';
/** Typing pauses shorter than this do not re-ask the server. */
const DEBOUNCE_MS = 150;

export interface ActiveEditorHpaContext extends vscode.Disposable {
  /** The value last given to the context key (undefined before the first), for the integration tests. */
  shown(): boolean | undefined;
  /** Fires after the context key was set to another value. */
  readonly onDidChange: vscode.Event<void>;
}

export function trackActiveEditorHasHpa(server: ServerLink, hpas: DocumentHpaCache): ActiveEditorHpaContext {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;
  let shown: boolean | undefined;
  const changed = new vscode.EventEmitter<void>();
  const update = async () => {
    const asked = ++generation;
    const document = vscode.window.activeTextEditor?.document;
    const has = document ? (await hpas.get(document)).length > 0 : false;
    // An answer for an editor that is no longer active is dropped.
    if (asked !== generation || has === shown) return;
    shown = has;
    await vscode.commands.executeCommand('setContext', HAS_HPA_CONTEXT_KEY, has);
    changed.fire();
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void update(), DEBOUNCE_MS);
  };
  const subscriptions = [
    changed,
    vscode.window.onDidChangeActiveTextEditor(() => void update()),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === vscode.window.activeTextEditor?.document) schedule();
    }),
    hpas.onDidAnnounce((uri) => {
      if (uri === vscode.window.activeTextEditor?.document.uri.toString()) void update();
    }),
    server.onDidChangeStatus(() => void update()),
  ];
  void update();
  return {
    shown: () => shown,
    onDidChange: changed.event,
    dispose: () => {
      clearTimeout(timer);
      for (const s of subscriptions) s.dispose();
    },
  };
}
