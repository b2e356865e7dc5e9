/** The Node entry point (`main`): the desktop, and the Node extension host of a VS Code server. */
import type * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { HpaExtensionApi } from './api';
import { createNodeLanguageClient } from './nodeLanguageClient';
import { startExtension } from './startExtension';

let client: BaseLanguageClient | undefined;

export function activate(context: vscode.ExtensionContext): HpaExtensionApi {
  const started = startExtension(context, { host: 'Node.js', createClient: createNodeLanguageClient });
  client = started.client;
  return started.api;
}

export async function deactivate(): Promise<void> {
  // A server that never started cannot be stopped; that is no reason to fail the shutdown.
  await client?.stop().catch(() => undefined);
}
