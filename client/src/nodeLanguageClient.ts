/** The desktop (and VS Code server) transport: dist/server.js in its own Node process. */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { CLIENT_ID, CLIENT_NAME, DOCUMENT_SELECTOR, hpaClientOptions } from './languageClient';
import type { ServerRestartPolicy } from './serverRestartPolicy';
import { SERVER_NODE_FLAGS } from '../../common/serverNodeFlags';

/**
 * Creates the language client for dist/server.js (Node IPC: no stdout framing to get wrong, and the
 * server's console output lands in the output channel).
 */
export function createNodeLanguageClient(
  context: vscode.ExtensionContext,
  output: vscode.OutputChannel,
  errorHandler: ServerRestartPolicy,
): LanguageClient {
  const serverModule = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_FLAGS] },
    },
    debug: {
      module: serverModule,
      transport: TransportKind.ipc,
      options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6019'] },
    },
  };
  const clientOptions = hpaClientOptions(context, output, errorHandler, DOCUMENT_SELECTOR);
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}
