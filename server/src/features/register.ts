/**
 * Wires hover, completion and code actions to an LSP connection. The service calls
 * `registerLanguageFeatures` once and spreads `initialize(clientCapabilities)` into its initialize
 * result; everything else (documents, target lookup, locale) arrives through `LanguageFeatureDeps`.
 */
import type { Document } from 'yaml';
import {
  CodeActionKind,
  type ClientCapabilities,
  type Connection,
  type ServerCapabilities,
  type TextDocuments,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { provideCodeActions } from './codeActions';
import { provideCompletion } from './completion';
import type { FeatureContext, ResolvedTarget } from './context';
import { CREATE_HPA_KIND } from './fixes/createHpa';
import { WRITE_BEHAVIOR_KIND } from './fixes/writeDefaultBehavior';
import { provideHover } from './hover';
import { currentLocale } from '../localize';
import { parseYamlFile, type YamlFile } from './yamlFile';

export { workspaceTargetResolver } from './workspaceTargets';

export interface LanguageFeatureDeps {
  documents: TextDocuments<TextDocument>;
  /** hpa.maxFileSizeBytes: a longer document is not parsed, as the lint skips it (a 20 MB hover took 22 s). */
  maxFileSizeBytes?(): number;
  /** The client's display language, read on every request; the server's l10n locale by default. */
  locale?(): string;
  /** Finds an HPA's target in the workspace; the same file is searched when this gives nothing. */
  resolveTarget?(uri: string, hpaDoc: Document.Parsed): ResolvedTarget | undefined;
  /** kube-controller-manager's downscale stabilization flag, when the user configured one. */
  downscaleStabilizationSeconds?(): number | undefined;
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

/**
 * Parses each document version once, however many requests ask about it, and hands the previous
 * version to the parser so unchanged `---` documents are reused.
 */
class ParseCache {
  private readonly files = new Map<string, { version: number; file: YamlFile }>();

  get(document: TextDocument): YamlFile {
    const hit = this.files.get(document.uri);
    if (hit && hit.version === document.version) return hit.file;
    const file = parseYamlFile(document.getText(), hit?.file);
    this.files.set(document.uri, { version: document.version, file });
    return file;
  }

  delete(uri: string): void {
    this.files.delete(uri);
  }
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
  const cache = new ParseCache();
  deps.documents.onDidClose((e) => cache.delete(e.document.uri));
  let clientSupport = ASSUMED_SUPPORT;
  const support = (): ClientFeatureSupport => clientSupport;
  const locale = deps.locale ?? currentLocale;

  const contextFor = (uri: string): FeatureContext => {
    const seconds = deps.downscaleStabilizationSeconds?.();
    return {
      locale: locale(),
      uri,
      snippetEdits: support().snippetEdits,
      ...(deps.resolveTarget
        ? { resolveTarget: (doc: Document.Parsed) => deps.resolveTarget!(uri, doc) }
        : {}),
      ...(seconds !== undefined ? { downscaleStabilizationSeconds: seconds } : {}),
    };
  };

  /** The open document, unless it is over the size limit. */
  const usable = (uri: string): TextDocument | undefined => {
    const document = deps.documents.get(uri);
    const limit = deps.maxFileSizeBytes?.() ?? Infinity;
    return document && document.getText().length <= limit ? document : undefined;
  };

  connection.onHover((params) => {
    const document = usable(params.textDocument.uri);
    if (!document) return null;
    return provideHover(cache.get(document), params.position, contextFor(document.uri));
  });

  connection.onCompletion((params) => {
    const document = usable(params.textDocument.uri);
    if (!document) return [];
    return provideCompletion(cache.get(document), params.position, contextFor(document.uri), {
      snippets: support().completionSnippets,
    });
  });

  connection.onCodeAction((params) => {
    const document = usable(params.textDocument.uri);
    if (!document) return [];
    return provideCodeActions(cache.get(document), params.range, params.context, contextFor(document.uri));
  });

  return {
    initialize(client) {
      clientSupport = clientFeatureSupport(client);
      return languageFeatureCapabilities;
    },
  };
}
