import * as vscode from 'vscode';
import {
  LanguageClient,
  TransportKind,
  type LanguageClientOptions,
  type ServerOptions,
} from 'vscode-languageclient/node';
import type { ServerRestartPolicy } from './serverRestartPolicy';
import { WorkspaceTrustNotification } from '../../common/protocol';
import { SERVER_NODE_FLAGS } from '../../common/serverNodeFlags';

export const CLIENT_ID = 'hpa';
const CLIENT_NAME = 'HPA Linter';

/**
 * YAML documents the server lints. `file` and `untitled` everywhere; `vscode-vfs` is the scheme of
 * virtual workspaces (Remote Repositories on GitHub and Azure Repos), where manifests are read from
 * the provider and linted like files. Diff and history views (`git`, `gitlens`) are left out on
 * purpose: squiggles on an old revision cannot be fixed.
 */
export const DOCUMENT_SELECTOR = [
  { language: 'yaml', scheme: 'file' },
  { language: 'yaml', scheme: 'untitled' },
  { language: 'yaml', scheme: 'vscode-vfs' },
];

/** Settings and handles the server gets at `initialize`, beside the standard `locale`. */
export interface HpaInitializationOptions {
  /** The display language (also sent as the LSP `locale`); repeated here for servers that read options only. */
  locale: string;
  /** Folder of the l10n bundles shipped in the extension, for the server's own @vscode/l10n messages. */
  l10nFolder: string;
  /** URI of the rule pages shipped in the extension (docs/rules/): diagnostics link there, not to GitHub. */
  docsBase: string;
  /**
   * VS Code's workspace trust at start: kustomize overlays are rendered only in a trusted workspace
   * (a kustomization can point anywhere). A later grant arrives as hpa/workspaceTrust.
   */
  workspaceTrusted: boolean;
  /** `hpa.kustomize.command` at start (the server also pulls it with the other settings). */
  kustomizeCommand: string;
}

/**
 * Creates the language client for dist/server.js (Node IPC: no stdout framing to get wrong, and the
 * server's console output lands in the output channel). vscode-languageclient sends
 * `vscode.env.language` as the LSP `locale`, so the server answers in the user's language.
 */
export function createLanguageClient(
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
  // A function: a restarted server gets trust and settings as they are then, not as at activation.
  const initializationOptions = (): HpaInitializationOptions => ({
    locale: vscode.env.language,
    l10nFolder: vscode.Uri.joinPath(context.extensionUri, 'l10n').fsPath,
    docsBase: vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules').toString(),
    workspaceTrusted: vscode.workspace.isTrusted,
    kustomizeCommand: vscode.workspace.getConfiguration('hpa').get<string>('kustomize.command', ''),
  });
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml}');
  // kustomize's extension-less kustomization file decides which files are patches and overlays.
  const kustomizationWatcher = vscode.workspace.createFileSystemWatcher('**/Kustomization');
  context.subscriptions.push(watcher, kustomizationWatcher);

  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    initializationOptions,
    synchronize: {
      // Sends workspace/didChangeConfiguration for `hpa.*`; the server pulls the values per resource.
      configurationSection: 'hpa',
      // Keeps the server's index of workloads (the targets of scaleTargetRef) in step with the disk.
      fileEvents: [watcher, kustomizationWatcher],
    },
    outputChannel: output,
    traceOutputChannel: output,
    errorHandler,
  };
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, clientOptions);
}

/**
 * Tells the running server when the user trusts the workspace, so overlays start to render. A
 * server that (re)starts later reads `workspace.isTrusted` from its initialization options.
 */
export function forwardWorkspaceTrust(client: LanguageClient): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(() => {
    if (!client.isRunning()) return;
    void client.sendNotification(WorkspaceTrustNotification.method, { trusted: true }).catch(() => undefined);
  });
}
