import type { LanguageClient } from 'vscode-languageclient/node';

/**
 * What activate() returns, read by the integration tests through
 * `vscode.extensions.getExtension('hpa-tools.hpa-linter').exports`.
 */
export interface HpaExtensionApi {
  /** Wall time of activate() itself, in milliseconds (the server starts in the background). */
  readonly activationMs: number;
  readonly client: LanguageClient;
  /** Resolves when the language server answered `initialize` (rejects if it never started). */
  readonly serverReady: Promise<void>;
  /** Milliseconds from the start of activate() to the server's `initialize` answer, once known. */
  serverStartMs(): number | undefined;
  /** How often the server died and was restarted during this session. */
  serverRestarts(): number;
}
