/**
 * Wires hover, completion and code actions to an LSP connection. The service declares
 * `languageFeatureCapabilities` in its initialize result and calls `registerLanguageFeatures`;
 * everything else (parsing, target lookup, locale) arrives through `LanguageFeatureDeps`.
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
import { parseYamlFile, type YamlFile } from './yamlFile';

export interface LanguageFeatureDeps {
  documents: TextDocuments<TextDocument>;
  /** The client's display language (initialize `locale`), read on every request. */
  locale(): string;
  /** Finds an HPA's target in the workspace; the same file is searched when this gives nothing. */
  resolveTarget?(uri: string, hpaDoc: Document.Parsed): ResolvedTarget | undefined;
  /** kube-controller-manager's downscale stabilization flag, when the user configured one. */
  downscaleStabilizationSeconds?(): number | undefined;
  /** What the client supports; read per request because it is only known after initialize. */
  clientSupport?(): ClientFeatureSupport;
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

/** Parses each document version once, however many requests ask about it. */
class ParseCache {
  /** One entry: requests come for the document being edited, and a closed one must not stay in memory. */
  private last: { uri: string; version: number; file: YamlFile } | undefined;

  get(document: TextDocument): YamlFile {
    const hit = this.last;
    if (hit && hit.uri === document.uri && hit.version === document.version) return hit.file;
    const file = parseYamlFile(document.getText());
    this.last = { uri: document.uri, version: document.version, file };
    return file;
  }
}

const ASSUMED_SUPPORT: ClientFeatureSupport = { completionSnippets: true, snippetEdits: false };

/**
 * Registers the handlers. Only hover, completion and code-action handlers are set: the service owns
 * initialize, the document events and everything else (a second handler would replace its own).
 */
export function registerLanguageFeatures(connection: Connection, deps: LanguageFeatureDeps): void {
  const cache = new ParseCache();
  const support = (): ClientFeatureSupport => deps.clientSupport?.() ?? ASSUMED_SUPPORT;

  const contextFor = (uri: string): FeatureContext => {
    const seconds = deps.downscaleStabilizationSeconds?.();
    return {
      locale: deps.locale(),
      uri,
      snippetEdits: support().snippetEdits,
      ...(deps.resolveTarget
        ? { resolveTarget: (doc: Document.Parsed) => deps.resolveTarget!(uri, doc) }
        : {}),
      ...(seconds !== undefined ? { downscaleStabilizationSeconds: seconds } : {}),
    };
  };

  connection.onHover((params) => {
    const document = deps.documents.get(params.textDocument.uri);
    if (!document) return null;
    return provideHover(cache.get(document), params.position, contextFor(document.uri));
  });

  connection.onCompletion((params) => {
    const document = deps.documents.get(params.textDocument.uri);
    if (!document) return [];
    return provideCompletion(cache.get(document), params.position, contextFor(document.uri), {
      snippets: support().completionSnippets,
    });
  });

  connection.onCodeAction((params) => {
    const document = deps.documents.get(params.textDocument.uri);
    if (!document) return [];
    return provideCodeActions(cache.get(document), params.range, params.context, contextFor(document.uri));
  });
}
