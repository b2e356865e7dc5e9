/**
 * The activation both entry points share (extension.ts for Node, extensionBrowser.ts for the web
 * worker extension host): the output channel, the language client, the preview. The entry point
 * only chooses how the server runs.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { HpaExtensionApi, HpaExtensionHost } from './api';
import { registerKubernetesVersionStatus } from './kubernetesVersionStatus';
import { forwardWorkspaceTrust } from './languageClient';
import { registerPreview } from './preview/index';
import { languageServerLink } from './serverLink';
import { ServerRestartPolicy } from './serverRestartPolicy';

export interface ServerTransport {
  /** Where the extension runs, said in the output channel and in the API. */
  host: HpaExtensionHost;
  createClient(
    context: vscode.ExtensionContext,
    output: vscode.OutputChannel,
    restartPolicy: ServerRestartPolicy,
  ): BaseLanguageClient;
}

/**
 * The `activate` and `deactivate` an entry point exports for one transport. Deactivation stops the
 * client of the last activation.
 */
export function entryPoints(transport: ServerTransport): {
  activate(context: vscode.ExtensionContext): HpaExtensionApi;
  deactivate(): Promise<void>;
} {
  let client: BaseLanguageClient | undefined;
  return {
    activate(context) {
      const started = startExtension(context, transport);
      client = started.client;
      return started.api;
    },
    async deactivate() {
      // A server that never started cannot be stopped; that is no reason to fail the shutdown.
      await client?.stop().catch(() => undefined);
    },
  };
}

export function startExtension(
  context: vscode.ExtensionContext,
  transport: ServerTransport,
): { api: HpaExtensionApi; client: BaseLanguageClient } {
  // The global `performance`: both the Node and the web worker host have it.
  const started = performance.now();
  const output = vscode.window.createOutputChannel('HPA');
  context.subscriptions.push(output);

  const restartPolicy = new ServerRestartPolicy(output);
  const languageClient = transport.createClient(context, output, restartPolicy);
  context.subscriptions.push(forwardWorkspaceTrust(languageClient));

  // Started without awaiting: activation must not wait for the server to boot.
  let serverStartMs: number | undefined;
  const serverReady = languageClient.start().then(
    () => {
      serverStartMs = performance.now() - started;
      output.appendLine(`Language server ready after ${serverStartMs.toFixed(1)} ms.`);
    },
    (error: unknown) => {
      output.appendLine(
        `The language server did not start: ${error instanceof Error ? error.message : String(error)}`,
      );
      throw error;
    },
  );
  // The API hands the promise to whoever wants it; without this, a failed start would be unhandled.
  serverReady.catch(() => undefined);
  const server = languageServerLink(languageClient, serverReady);
  context.subscriptions.push(server);
  const { manager: preview, titleButton } = registerPreview(context, server);
  const kubernetesVersion = registerKubernetesVersionStatus(context, server, languageClient);

  const activationMs = performance.now() - started;
  output.appendLine(
    `HPA extension activated in ${activationMs.toFixed(1)} ms (${transport.host} extension host).`,
  );
  const api: HpaExtensionApi = {
    activationMs,
    extensionHost: transport.host,
    client: languageClient,
    serverReady,
    serverStartMs: () => serverStartMs,
    serverRestarts: () => restartPolicy.restartCount(),
    previewState: () => preview.inspect(),
    onDidChangePreviewState: preview.onDidChangeInspection,
    previewMessage: (message) => preview.receive(message),
    kubernetesVersionStatus: () => kubernetesVersion.inspect(),
    previewTitleButton: () => titleButton.shown(),
    onDidChangePreviewTitleButton: titleButton.onDidChange,
    onDidChangeKubernetesVersionStatus: kubernetesVersion.onDidChange,
  };
  return { api, client: languageClient };
}
