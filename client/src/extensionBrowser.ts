/**
 * The web entry point (`browser`): the web worker extension host of vscode.dev, github.dev and a VS
 * Code server opened in a browser. The language server runs in a Web Worker of its own
 * (browserLanguageClient.ts) and reads the workspace through the host (workspaceFileRequests.ts).
 */
import { createBrowserLanguageClient } from './browserLanguageClient';
import { entryPoints } from './startExtension';

export const { activate, deactivate } = entryPoints({
  host: 'web worker',
  createClient: createBrowserLanguageClient,
});
