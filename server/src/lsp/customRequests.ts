/** The server's end of the typed custom requests declared in common/protocol.ts. */
import type { Connection } from 'vscode-languageserver';
import type { CustomRequest } from '../../../common/protocol';

/** Answers `request` with `handler`; the params and result types come from the declaration. */
export function onCustomRequest<P, R>(
  connection: Connection,
  request: CustomRequest<P, R>,
  handler: (params: P) => R,
): void {
  connection.onRequest(request.method, (params: P) => handler(params));
}
