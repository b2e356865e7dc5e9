/**
 * Wires hover, completion and code actions to an LSP connection. The service calls
 * `registerLanguageFeatures` once and spreads `initialize(clientCapabilities)` into its initialize
 * result; everything else (the indexed files, the workspace, the locale) arrives through
 * `LanguageFeatureDeps`. The features parse nothing: they read the `FileModel` the lint keeps.
 */
import {
  CodeActionKind,
  type ClientCapabilities,
  type Connection,
  type ServerCapabilities,
  type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileModel } from '../yaml/documents';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { provideCodeActions } from './codeActions';
import { provideCompletion } from './completion';
import type { FeatureContext } from './context';
import type { ClusterTarget } from '../../../common/k8s/kubernetesVersions';
import { CREATE_HPA_KIND } from './fixes/createHpa';
import { WRITE_BEHAVIOR_KIND } from './fixes/writeDefaultBehavior';
import { provideHover } from './hover';
import { provideConfigCompletion } from './configFileCompletion';
import { provideConfigHover } from './configFileHover';
import { isLintConfigPath } from '../config/lintConfigFiles';
import { currentLocale } from '../localize';

export interface LanguageFeatureDeps {
  documents: TextDocuments<TextDocument>;
  /** The objects of every indexed file, where targets and HPAs are found. */
  workspace: WorkspaceIndex;
  /**
   * The file as the server indexed it, brought up to date with every change received so far (the
   * service indexes pending edits first); undefined when it is not indexed (over hpa.maxFileSizeBytes,
   * which also spares a 20 MB file a hover).
   */
  indexedFile(uri: string): FileModel | undefined;
  /** The client's display language, read on every request; the server's l10n locale by default. */
  locale?(): string;
  /** kube-controller-manager's downscale stabilization flag, when the user configured one. */
  downscaleStabilizationSeconds?(): number | undefined;
  /** The release a file is judged against (the server's per-file settings). */
  cluster?(uri: string): ClusterTarget;
}

export interface LanguageFeatures {
  /** Records what the client supports and returns the capabilities to declare. */
  initialize(client: ClientCapabilities | undefined): typeof languageFeatureCapabilities;
}

export const languageFeatureCapabilities: Pick<
  ServerCapabilities,
  'hoverProvider' | 'completionProvider' | 'codeActionProvider'
> = {
  hoverProvider: true,
  completionProvider: { triggerCharacters: [' ', ':'] },
  codeActionProvider: {
    codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.Refactor, WRITE_BEHAVIOR_KIND, CREATE_HPA_KIND],
  },
};

/** What the client can take, from its initialize capabilities. */
export interface ClientFeatureSupport {
  completionSnippets: boolean;
  snippetEdits: boolean;
}

export function clientFeatureSupport(capabilities: ClientCapabilities | undefined): ClientFeatureSupport {
  const workspaceEdit = capabilities?.workspace?.workspaceEdit as
    { snippetEditSupport?: boolean } | undefined;
  return {
    completionSnippets: capabilities?.textDocument?.completion?.completionItem?.snippetSupport === true,
    snippetEdits: workspaceEdit?.snippetEditSupport === true,
  };
}

const ASSUMED_SUPPORT: ClientFeatureSupport = { completionSnippets: true, snippetEdits: false };

/**
 * Registers the handlers. Only hover, completion and code-action handlers are set: the service owns
 * initialize, the document events and everything else (a second handler would replace its own).
 */
export function registerLanguageFeatures(
  connection: Connection,
  deps: LanguageFeatureDeps,
): LanguageFeatures {
  let clientSupport = ASSUMED_SUPPORT;
  const support = (): ClientFeatureSupport => clientSupport;
  const locale = deps.locale ?? currentLocale;

  const context = (uri?: string): FeatureContext => {
    const seconds = deps.downscaleStabilizationSeconds?.();
    const cluster = uri !== undefined ? deps.cluster?.(uri) : undefined;
    return {
      locale: locale(),
      workspace: deps.workspace,
      snippetEdits: support().snippetEdits,
      ...(seconds !== undefined ? { downscaleStabilizationSeconds: seconds } : {}),
      ...(cluster ? { cluster } : {}),
    };
  };

  /**
   * The model of the open document at the version the editor has sent last: a completion arrives
   * right after the keystroke that asked for it, before the coalesced re-lint ran, so the service
   * brings the index up to date first. A model of any other version answers nothing.
   */
  const current = (uri: string): FileModel | undefined => {
    const document = deps.documents.get(uri);
    if (!document) return undefined;
    const file = deps.indexedFile(uri);
    return file && file.version === document.version ? file : undefined;
  };

  // A `.hpa-lint.yaml` is its own kind of document: its keys, not an HPA's (configFile*.ts).
  const isConfig = (uri: unknown): boolean => typeof uri === 'string' && isLintConfigPath(uri);

  connection.onHover((params) => {
    const file = current(params.textDocument.uri);
    if (!file) return null;
    const ctx = context(params.textDocument.uri);
    return isConfig(file.uri)
      ? provideConfigHover(file, params.position, ctx)
      : provideHover(file, params.position, ctx);
  });

  connection.onCompletion((params) => {
    const file = current(params.textDocument.uri);
    if (!file) return [];
    if (isConfig(file.uri)) return provideConfigCompletion(file, params.position, context(file.uri));
    return provideCompletion(file, params.position, context(params.textDocument.uri), {
      snippets: support().completionSnippets,
    });
  });

  connection.onCodeAction((params) => {
    const file = current(params.textDocument.uri);
    if (file && isConfig(file.uri)) return [];
    return file ? provideCodeActions(file, params.range, params.context, context()) : [];
  });

  return {
    initialize(client) {
      clientSupport = clientFeatureSupport(client);
      return languageFeatureCapabilities;
    },
  };
}
