/**
 * What the Node and the browser language clients share: the documents the server lints, the
 * initialization options, the client options, and the workspace-trust notification. Each entry point
 * adds only its transport (nodeLanguageClient.ts: a Node process; browserLanguageClient.ts: a Web
 * Worker).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, DocumentSelector, LanguageClientOptions } from 'vscode-languageclient';
import type { ServerRestartPolicy } from './serverRestartPolicy';
import { WorkspaceTrustNotification } from '../../common/protocol';

export const CLIENT_ID = 'hpa';
export const CLIENT_NAME = 'HPA Linter';

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
  // The repository's .hpa-lint.yaml in any language mode a user gave it: the server answers its
  // diagnostics, completion and hover itself (no YAML extension needed).
  { scheme: 'file', pattern: '**/.hpa-lint.yaml' },
  { scheme: 'vscode-vfs', pattern: '**/.hpa-lint.yaml' },
];

/**
 * In a browser the workspace's files are seldom `file:` URIs: a folder of a VS Code server
 * (code-server, Codespaces, Remote Tunnels) opened in the browser is `vscode-remote`, and
 * vscode.dev's local folders are `vscode-local`. They are files the user edits, so they are linted.
 */
export const BROWSER_DOCUMENT_SELECTOR = [
  ...DOCUMENT_SELECTOR,
  { language: 'yaml', scheme: 'vscode-remote' },
  { language: 'yaml', scheme: 'vscode-local' },
  { scheme: 'vscode-remote', pattern: '**/.hpa-lint.yaml' },
  { scheme: 'vscode-local', pattern: '**/.hpa-lint.yaml' },
];

/** Settings and handles the server gets at `initialize`, beside the standard `locale`. */
export interface HpaInitializationOptions {
  /** The display language (also sent as the LSP `locale`); repeated here for servers that read options only. */
  locale: string;
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
 * The client options of both transports. `initializationOptions` is a function: a restarted server
 * gets trust and settings as they are then, not as at activation. vscode-languageclient sends
 * `vscode.env.language` as the LSP `locale`, so the server answers in the user's language.
 */
export function hpaClientOptions(
  context: vscode.ExtensionContext,
  output: vscode.OutputChannel,
  errorHandler: ServerRestartPolicy,
  documentSelector: DocumentSelector,
): LanguageClientOptions {
  const initializationOptions = (): HpaInitializationOptions => ({
    locale: vscode.env.language,
    docsBase: vscode.Uri.joinPath(context.extensionUri, 'docs', 'rules').toString(),
    workspaceTrusted: vscode.workspace.isTrusted,
    kustomizeCommand: vscode.workspace.getConfiguration('hpa').get<string>('kustomize.command', ''),
  });
  const watcher = vscode.workspace.createFileSystemWatcher('**/*.{yaml,yml}');
  // kustomize's extension-less kustomization file decides which files are patches and overlays.
  const kustomizationWatcher = vscode.workspace.createFileSystemWatcher('**/Kustomization');
  context.subscriptions.push(watcher, kustomizationWatcher);
  return {
    documentSelector,
    initializationOptions,
    synchronize: {
      // Sends workspace/didChangeConfiguration for `hpa.*`; the server pulls the values per resource.
      configurationSection: 'hpa',
      // Keeps the server's index of workloads (the targets of scaleTargetRef) in step with the files.
      fileEvents: [watcher, kustomizationWatcher],
    },
    outputChannel: output,
    traceOutputChannel: output,
    errorHandler,
  };
}

/**
 * Tells the running server when the user trusts the workspace, so overlays start to render. A
 * server that (re)starts later reads `workspace.isTrusted` from its initialization options.
 */
export function forwardWorkspaceTrust(client: BaseLanguageClient): vscode.Disposable {
  return vscode.workspace.onDidGrantWorkspaceTrust(() => {
    if (!client.isRunning()) return;
    void client.sendNotification(WorkspaceTrustNotification.method, { trusted: true }).catch(() => undefined);
  });
}
