/**
 * The web entry point (`browser`): the web worker extension host of vscode.dev, github.dev and a VS
 * Code server opened in a browser. The language server runs in a Web Worker of its own
 * (browserLanguageClient.ts) and reads the workspace through the host (workspaceFileRequests.ts).
 */
import type * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { HpaExtensionApi } from './api';
import { createBrowserLanguageClient } from './browserLanguageClient';
import { startExtension } from './startExtension';

let client: BaseLanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): HpaExtensionApi {
  const started = startExtension(context, { host: 'web worker', createClient: createBrowserLanguageClient });
  client = started.client;
  return started.api;
}

export async function deactivate(): Promise<void> {
  await client?.stop().catch(() => undefined);
}
