import { performance } from 'node:perf_hooks';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import type { HpaExtensionApi } from './api';
import { createLanguageClient, forwardWorkspaceTrust } from './languageClient';
import { registerKubernetesVersionStatus } from './kubernetesVersionStatus';
import { registerPreview } from './preview/index';
import { languageServerLink } from './serverLink';
import { ServerRestartPolicy } from './serverRestartPolicy';

let client: LanguageClient | undefined;

/** Wiring only: the output channel, the language client and the preview. */
export function activate(context: vscode.ExtensionContext): HpaExtensionApi {
  const started = performance.now();
  const output = vscode.window.createOutputChannel('HPA');
  context.subscriptions.push(output);

  const restartPolicy = new ServerRestartPolicy(output);
  const languageClient = createLanguageClient(context, output, restartPolicy);
  client = languageClient;
  context.subscriptions.push(forwardWorkspaceTrust(languageClient));

  // Started without awaiting: activation must not wait for a Node process to boot.
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
  const preview = registerPreview(context, server);
  const kubernetesVersion = registerKubernetesVersionStatus(context, server, languageClient);

  const activationMs = performance.now() - started;
  output.appendLine(`HPA extension activated in ${activationMs.toFixed(1)} ms.`);
  return {
    activationMs,
    client: languageClient,
    serverReady,
    serverStartMs: () => serverStartMs,
    serverRestarts: () => restartPolicy.restartCount(),
    previewState: () => preview.inspect(),
    onDidChangePreviewState: preview.onDidChangeInspection,
    previewMessage: (message) => preview.receive(message),
    kubernetesVersionStatus: () => kubernetesVersion.inspect(),
    onDidChangeKubernetesVersionStatus: kubernetesVersion.onDidChange,
  };
}

export async function deactivate(): Promise<void> {
  // A server that never started cannot be stopped; that is no reason to fail the shutdown.
  await client?.stop().catch(() => undefined);
}
