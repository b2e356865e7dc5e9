/** The server's end of the typed custom requests and notifications declared in common/protocol.ts. */
import type { Connection } from 'vscode-languageserver';
import type { CustomNotification, CustomRequest } from '../../../common/protocol';

/** Answers `request` with `handler`; the params and result types come from the declaration. */
export function onCustomRequest<P, R>(
  connection: Connection,
  request: CustomRequest<P, R>,
  handler: (params: P) => R,
): void {
  connection.onRequest(request.method, (params: P) => handler(params));
}

/** Handles `notification` with `handler`; params that are not an object are dropped, not thrown on. */
export function onCustomNotification<P>(
  connection: Connection,
  notification: CustomNotification<P>,
  handler: (params: P) => void,
): void {
  connection.onNotification(notification.method, (params: unknown) => {
    if (typeof params === 'object' && params !== null) handler(params as P);
  });
}
