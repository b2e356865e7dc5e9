import type * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import type { KubernetesVersionStatus } from './kubernetesVersionStatus';
import type { PreviewInspection } from './preview/previewManager';

/** The extension host the extension runs in: its `main` (Node.js) or its `browser` entry (web worker). */
export type HpaExtensionHost = 'Node.js' | 'web worker';

/**
 * What activate() returns, read by the integration tests through
 * `vscode.extensions.getExtension('hpa-tools.hpa-linter').exports`.
 */
export interface HpaExtensionApi {
  /** Wall time of activate() itself, in milliseconds (the server starts in the background). */
  readonly activationMs: number;
  readonly extensionHost: HpaExtensionHost;
  readonly client: BaseLanguageClient;
  /** Resolves when the language server answered `initialize` (rejects if it never started). */
  readonly serverReady: Promise<void>;
  /** Milliseconds from the start of activate() to the server's `initialize` answer, once known. */
  serverStartMs(): number | undefined;
  /** How often the server died and was restarted during this session. */
  serverRestarts(): number;
  /** What the preview panel was last told and whether its page loaded (for the reload test). */
  previewState(): PreviewInspection;
  readonly onDidChangePreviewState: vscode.Event<void>;
  /**
   * Hands the host a message as the preview page posts it (validated the same way), resolving when
   * it is handled: the tests cannot click inside a webview, so Apply is driven through here.
   */
  previewMessage(message: unknown): Promise<void>;
  /** What the Kubernetes version status item shows for the active YAML file (undefined before the first answer). */
  kubernetesVersionStatus(): ReturnType<KubernetesVersionStatus['inspect']>;
  readonly onDidChangeKubernetesVersionStatus: vscode.Event<void>;
  /**
   * Whether the editor-title preview button shows for the active editor: the value last given to
   * its `hpa.activeEditorHasHpa` context key (VS Code does not let an extension read a context key).
   */
  previewTitleButton(): boolean | undefined;
  readonly onDidChangePreviewTitleButton: vscode.Event<void>;
}
