/**
 * The extension host's one way to ask the language server something: the typed custom requests of
 * common/protocol.ts, and whether the server can answer now. The preview and the editor-title
 * button read this instead of the LanguageClient, so they can tell "starting" from "stopped".
 */
import * as vscode from 'vscode';
import { State, type BaseLanguageClient } from 'vscode-languageclient';
import type { CustomNotification, CustomRequest } from '../../common/protocol';

export type ServerStatus = 'starting' | 'running' | 'stopped';

export interface ServerLink {
  status(): ServerStatus;
  readonly onDidChangeStatus: vscode.Event<ServerStatus>;
  /** Sends a custom request; rejects when the server is not running or fails to answer. */
  request<P, R>(request: CustomRequest<P, R>, params: P): Promise<R>;
  /**
   * Handles a notification the server sends; kept across restarts (vscode-languageclient holds a
   * handler registered before the start). `params` is what arrived, for the handler to validate.
   */
  onNotification<P>(
    notification: CustomNotification<P>,
    handler: (params: unknown) => void,
  ): vscode.Disposable;
}

/**
 * `serverReady` is the first start's promise: until it settles, a stopped client has simply not
 * started yet; afterwards, stopped means stopped (failed to start, or died and not restarted).
 */
export function languageServerLink(
  client: BaseLanguageClient,
  serverReady: Promise<void>,
): ServerLink & vscode.Disposable {
  let firstStartSettled = false;
  const changed = new vscode.EventEmitter<ServerStatus>();
  const status = (): ServerStatus => {
    if (client.state === State.Running) return 'running';
    if (client.state === State.Starting || !firstStartSettled) return 'starting';
    return 'stopped';
  };
  const settle = () => {
    firstStartSettled = true;
    changed.fire(status());
  };
  serverReady.then(settle, settle);
  const subscription = client.onDidChangeState(() => changed.fire(status()));
  return {
    status,
    onDidChangeStatus: changed.event,
    request: <P, R>(request: CustomRequest<P, R>, params: P): Promise<R> => {
      // Asking a client that is not running would start it (vscode-languageclient does that on
      // sendRequest): the restart policy decides about starts, not a preview refresh.
      if (status() !== 'running') return Promise.reject(new Error('the language server is not running'));
      return client.sendRequest<R>(request.method, params);
    },
    onNotification: (notification, handler) => client.onNotification(notification.method, handler),
    dispose: () => {
      subscription.dispose();
      changed.dispose();
    },
  };
}
