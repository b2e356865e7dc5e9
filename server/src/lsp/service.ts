/**
 * The language service: keeps the workspace index current from open documents (which win) and disk
 * (scanned at start-up, updated on watched-file events), lints what changed and what depends on it,
 * pushes diagnostics, and answers the custom preview requests. Everything arrives through the
 * connection it is given, so tests can drive it over streams like any LSP client.
 *
 * `LanguageService` holds the server's state and has one method per thing the client can tell or
 * ask it; `startHpaService` is the one place that maps the connection's events to those methods.
 */
import {
  type Connection,
  DidChangeConfigurationNotification,
  type DidChangeWatchedFilesParams,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isIndexedPath } from '../workspace/filePaths';
import type { WorkspaceFiles } from '../workspace/workspaceFiles';
import { type FileModel, type ParseOptions, warmUpYamlParser } from '../yaml/documents';
import { locate } from '../lint/findingsOutput';
import { lintFile } from '../lint/lint';
import { warmUpLint } from '../lint/warmUp';
import { warmUpEdits } from './editWarmUp';
import { setLocale } from '../localize';
import { setDocsBase } from '../rules/types';
import { PREVIEW_CAPABILITIES, registerPreviewRequests } from './previewRequests';
import { registerBehaviorEdit } from './behaviorEditRequest';
import { warmUpSchemas } from '../schema/schemaValidation';
import { DEFAULT_SETTINGS, type HpaSettings, normalizeSettings, SETTINGS_SECTION } from '../settings';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { type LanguageFeatures, registerLanguageFeatures } from '../features/register';
import { fileTooLargeDiagnostics, toDiagnostic } from './diagnostics';
import { FullTextCheck } from './fullTextCheck';
import { ClusterSettings } from './clusterSettings';
import {
  type KubernetesVersionInfo,
  KubernetesVersionChangedNotification,
  KubernetesVersionRequest,
  type PreviewModel,
  type PreviewModelParams,
} from '../../../common/protocol';
import { WorkspaceSync } from './workspaceSync';
import { OverlayService, overlayOptions } from '../overlays/overlayService';
import type { ServerHost } from './serverHost';
import { registerOverlayHandlers } from './overlayRequests';
import { withOverlays } from '../preview/overlayPreview';
import { documentHpas } from '../preview/previewModel';
import { DocumentHpasAnnouncer } from './documentHpasNotification';

/** The server answers from the read fields first and checks the rest for YAML errors when idle. */
const PARSE_OPTIONS: ParseOptions = { blankUnreadFields: true };

/** What the client is asked to watch on disk: the files the index holds (isIndexedPath). */
const WATCHED_FILES = [{ globPattern: '**/*.{yaml,yml}' }, { globPattern: '**/Kustomization' }];

/** The `initializationOptions` read here (client/src/languageClient.ts sends the first two); any may be absent. */
interface InitializationOptions {
  locale?: string;
  docsBase?: unknown;
  settings?: unknown;
}

/** The language server's state and what it does on each message (wired by startHpaService). */
export class LanguageService {
  /** The documents the editor holds, at the version it sent last. */
  readonly documents: TextDocuments<TextDocument>;
  /** Open documents over disk files in one index; says which files a change touches. */
  private readonly sync: WorkspaceSync;
  /** The objects of every indexed file (the sync's index): what lint, preview and features read. */
  readonly workspace: WorkspaceIndex;
  /** How the files the editor does not hold are found and read: the disk, or the client's file system. */
  private readonly workspaceFiles: WorkspaceFiles;
  /** `.hpa-lint.yaml`: the settings each file is linted with, the file's own diagnostics. */
  private readonly clusterSettings: ClusterSettings;
  /** Hover, completion and code actions (server/src/features): they read the same documents and index. */
  private readonly features: LanguageFeatures;
  /** YAML errors in the fields no rule reads, checked when the user pauses. */
  private readonly fullTextCheck: FullTextCheck;
  /** The HPAs of each open document, for the client's editor-title button. */
  private readonly hpaAnnouncer: DocumentHpasAnnouncer;

  /** The editor's `hpa.*` settings: from the initialize options, then pulled from the client. */
  private userSettings: HpaSettings = { ...DEFAULT_SETTINGS };
  /** The client answers workspace/configuration: settings are pulled from it, and their changes registered for. */
  private canPullConfiguration = false;
  /** The client takes file watchers registered by the server (VS Code's client also has watchers of its own). */
  private canWatchFiles = false;
  /** URIs of the workspace folders, scanned at start-up; the first one names overlays and config files. */
  private workspaceFolders: string[] = [];
  /** Linting waits for the user's settings, so a disabled rule never flashes up on open. */
  private settingsLoaded = false;
  /** Kustomize overlays rendered in the background; created at initialize, whose options it reads. */
  private overlays: OverlayService | undefined;
  /** Documents to lint on the next tick: a burst of changes is linted once, without a fixed delay. */
  private readonly lintPending = new Set<string>();
  /** A lint of `lintPending` is queued for the next tick, so an edit waits to be linted. */
  private lintScheduled = false;

  /** `host` is where the server runs: Node (nodeHost.ts) or a Web Worker (browserHost.ts). */
  constructor(
    private readonly connection: Connection,
    private readonly host: ServerHost,
  ) {
    this.documents = new TextDocuments(TextDocument);
    this.workspaceFiles = host.workspaceFiles(connection);
    this.sync = new WorkspaceSync(PARSE_OPTIONS, (uri) => this.documents.get(uri) !== undefined);
    this.workspace = this.sync.workspace;
    // Before the features, the overlays and the preview, which all ask it for a file's release.
    this.clusterSettings = new ClusterSettings(
      this.documents,
      () => this.userSettings,
      host.configFiles(connection),
      () => this.configInForceChanged(),
    );
    // The features register their own hover, completion and code-action handlers on the connection.
    this.features = registerLanguageFeatures(connection, {
      documents: this.documents,
      workspace: this.workspace,
      indexedFile: (uri) => this.indexedFile(uri),
      cluster: (uri) => this.settingsOf(uri).cluster,
    });
    this.fullTextCheck = new FullTextCheck({
      sync: this.sync,
      openUris: () => this.documents.keys(),
      editPending: () => this.lintScheduled,
      relint: (uris) => this.relintIfOpen(uris),
    });
    this.hpaAnnouncer = new DocumentHpasAnnouncer(connection);
  }

  /** `initialize`: what the client is and supports, its folders and settings; the server's capabilities. */
  initialize(params: InitializeParams): InitializeResult {
    const options = params.initializationOptions as InitializationOptions | undefined;
    setLocale(params.locale ?? options?.locale);
    setDocsBase(options?.docsBase);
    this.canPullConfiguration = params.capabilities.workspace?.configuration === true;
    this.canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    this.workspaceFolders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (this.workspaceFolders.length === 0 && params.rootUri) this.workspaceFolders = [params.rootUri];
    this.userSettings = normalizeSettings(options?.settings);
    warmUpSchemas();
    warmUpYamlParser();
    warmUpLint(PARSE_OPTIONS);
    warmUpEdits(PARSE_OPTIONS);
    this.overlays = new OverlayService({
      workspace: this.workspace,
      renderer: this.host.overlayRenderer(this.workspace),
      settings: () => this.userSettings,
      overlaySettings: (uri) => this.settingsOf(uri),
      root: this.workspaceFolders[0],
      republish: (uris) => this.relintIfOpen(uris),
      editPending: () => this.lintScheduled,
      ...overlayOptions(params),
    });
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...this.features.initialize(params.capabilities),
        ...PREVIEW_CAPABILITIES,
      },
      serverInfo: { name: 'hpa-language-server', version: '0.1.0' },
    };
  }

  /** `initialized`: registers for setting and file changes, then loads the settings, scans and lints. */
  initialized(): void {
    if (this.canPullConfiguration) {
      void this.connection.client.register(DidChangeConfigurationNotification.type, {
        section: SETTINGS_SECTION,
      });
    }
    if (this.canWatchFiles) {
      void this.connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: WATCHED_FILES,
      });
    }
    void this.pullSettings()
      .then(() => {
        this.settingsLoaded = true;
        // Documents opened before the settings arrived are linted now, ahead of the workspace scan.
        if (this.lintPending.size > 0) this.lintPendingDocuments();
      })
      .then(() => this.scanWorkspace())
      .then(() => this.relintOpenDocuments());
  }

  /** `workspace/didChangeConfiguration`: every open file and overlay may lint differently now. */
  settingsChanged(): void {
    void this.pullSettings().then(() => {
      this.overlays?.settingsChanged();
      this.relintOpenDocuments();
      this.announceReleaseChange();
    });
  }

  /** `workspace/didChangeWatchedFiles`: files created, changed or deleted on disk. */
  async watchedFilesChanged(params: DidChangeWatchedFilesParams): Promise<void> {
    for (const change of params.changes) {
      // An open config file is read from the editor; its disk copy changes nothing until it is closed.
      if (this.clusterSettings.isConfig(change.uri) && !this.documents.get(change.uri)) {
        this.configFileChanged(change.uri);
      }
      if (!isIndexedPath(change.uri)) continue;
      const text =
        change.type === FileChangeType.Deleted
          ? undefined
          : await this.workspaceFiles.read(change.uri, this.userSettings.maxFileSizeBytes);
      this.relintIfOpen(this.sync.diskChanged(change.uri, text));
    }
  }

  /** `textDocument/didOpen`. */
  documentOpened(uri: string): void {
    this.scheduleLint(uri);
  }

  /** `textDocument/didChange`, once the document holds the new text. */
  documentChanged(document: TextDocument): void {
    const uri = document.uri;
    // The open config file's text is the one in force (read by ClusterSettings): opening it changes nothing.
    if (this.clusterSettings.isConfig(uri) && document.version > 1) this.configFileChanged(uri);
    this.scheduleLint(uri);
  }

  /** `textDocument/didClose`: the file falls back to its disk copy, and its diagnostics are cleared. */
  documentClosed(uri: string): void {
    if (this.clusterSettings.isConfig(uri)) this.configFileChanged(uri);
    const related = this.sync.closed(uri);
    this.hpaAnnouncer.forget(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
    // The closed document is no longer open, so relintIfOpen leaves it out.
    this.relintIfOpen(related);
  }

  /** `hpa/workspaceTrust`: overlays render only in a trusted workspace. */
  workspaceTrustChanged(trusted: boolean): void {
    // Before initialize there are no overlays yet; they then start with the initialize options' trust.
    this.overlays?.setTrusted(trusted);
  }

  /** `hpa/kubernetesVersion`: what the status item shows for a file (null without a URI). */
  kubernetesVersion(params: unknown): KubernetesVersionInfo | null {
    const uri = (params as { uri?: unknown } | null)?.uri;
    return typeof uri === 'string' ? this.clusterSettings.versionInfo(uri) : null;
  }

  /**
   * `hpa/previewModel`, the part the file alone cannot say: the kustomize overlays that include it,
   * and where its release came from (the panel says it in words).
   */
  completePreviewModel(model: PreviewModel, params: PreviewModelParams): PreviewModel {
    return this.withReleaseSource(withOverlays(model, params, this.overlays), params.uri);
  }

  /** The file as the index holds it, brought up to date first when an edit is still pending. */
  indexedFile(uri: string): FileModel | undefined {
    if (this.lintPending.has(uri)) this.lintPendingDocuments();
    return this.workspace.getFile(uri);
  }

  /** The settings a file is linted with: its `.hpa-lint.yaml` and release over the user's settings. */
  settingsOf(uri: string): HpaSettings {
    return this.clusterSettings.forUri(uri).settings;
  }

  /** The preview's model with where its release came from. */
  private withReleaseSource(model: PreviewModel, uri: string): PreviewModel {
    const source = this.clusterSettings.previewSource(uri, this.workspaceFolders[0]);
    return model.cluster && source ? { ...model, cluster: { ...model.cluster, source } } : model;
  }

  private async pullSettings(): Promise<void> {
    if (!this.canPullConfiguration) return;
    try {
      this.userSettings = normalizeSettings(
        await this.connection.workspace.getConfiguration({ section: SETTINGS_SECTION }),
      );
    } catch {
      // A client that fails the request keeps the defaults.
    }
  }

  private async scanWorkspace(): Promise<void> {
    for (const folder of this.workspaceFolders) {
      for (const uri of await this.workspaceFiles.find(folder)) {
        if (this.documents.get(uri)) continue;
        const text = await this.workspaceFiles.read(uri, this.userSettings.maxFileSizeBytes);
        if (text !== undefined) this.sync.diskChanged(uri, text);
      }
    }
  }

  /** The release in force may have changed for any file: tell the status item. */
  private announceReleaseChange(): void {
    void this.connection
      .sendNotification(KubernetesVersionChangedNotification.method, {})
      .catch(() => undefined);
  }

  /** A `.hpa-lint.yaml` changed: every open file may now be linted against another release. */
  private configFileChanged(uri: string): void {
    this.clusterSettings.changed(uri);
    this.configInForceChanged();
  }

  /** The config file in force may differ for any file (one changed, or came from the client). */
  private configInForceChanged(): void {
    // Rendered overlays are checked against their own folder's release too.
    this.overlays?.settingsChanged();
    this.relintOpenDocuments();
    this.announceReleaseChange();
  }

  /** Lints the document on the next tick, with every other document changed until then. */
  private scheduleLint(uri: string): void {
    this.lintPending.add(uri);
    if (this.lintScheduled || !this.settingsLoaded) return;
    this.lintScheduled = true;
    setImmediate(() => this.lintPendingDocuments());
  }

  /** Re-lints those of these files that are open (only open files get diagnostics). */
  private relintIfOpen(uris: Iterable<string>): void {
    for (const uri of uris) if (this.documents.get(uri)) this.scheduleLint(uri);
  }

  private relintOpenDocuments(): void {
    for (const document of this.documents.all()) this.scheduleLint(document.uri);
  }

  /**
   * Indexes the pending documents' new text, then publishes their diagnostics and those of every
   * open file that depends on what changed, and pushes the background YAML check back.
   */
  private lintPendingDocuments(): void {
    this.lintScheduled = false;
    const changed = [...this.lintPending];
    this.lintPending.clear();
    const toLint = new Set<string>();
    for (const uri of changed) {
      const document = this.documents.get(uri);
      // A client that sent a non-string `text` gets nothing linted, rather than a dead server.
      if (!document || typeof document.getText() !== 'string') continue;
      toLint.add(uri);
      const previous = this.workspace.getFile(uri);
      if (
        previous &&
        previous.version === document.version &&
        previous.text.length === document.getText().length
      ) {
        continue; // already indexed at this version (a re-lint for a related file's sake)
      }
      const text = document.getText();
      const related =
        text.length > this.userSettings.maxFileSizeBytes
          ? this.sync.tooLarge(uri)
          : this.sync.edited(uri, text, document.version);
      for (const uri of related) toLint.add(uri);
    }
    for (const uri of toLint) {
      if (!this.documents.get(uri)) continue;
      this.publishDiagnostics(uri);
      this.announceHpas(uri);
    }
    this.fullTextCheck.schedule();
  }

  private publishDiagnostics(uri: string): void {
    const document = this.documents.get(uri);
    if (!document) return;
    const file = this.workspace.getFile(uri);
    if (!file) {
      const size = document.getText().length;
      if (size > this.userSettings.maxFileSizeBytes) {
        const diagnostics = fileTooLargeDiagnostics(size, this.userSettings);
        void this.connection.sendDiagnostics({ uri, version: document.version, diagnostics });
      }
      return;
    }
    const forFile = this.clusterSettings.forUri(uri);
    if (this.clusterSettings.isConfig(uri)) {
      void this.connection.sendDiagnostics({
        uri,
        version: file.version,
        diagnostics: this.clusterSettings.diagnosticsOf(uri),
      });
      return;
    }
    // The browser reads config files through the client: a file is linted once the one in force
    // is known (its arrival re-lints), not against the wrong release first.
    if (this.clusterSettings.loading()) return;
    if (forFile.ignored) {
      // Listed under `ignore` in the .hpa-lint.yaml that applies: CI does not lint it either.
      void this.connection.sendDiagnostics({ uri, version: file.version, diagnostics: [] });
      return;
    }
    let findings;
    try {
      findings = lintFile(file, this.workspace, forFile.settings).filter((f) => f.uri === uri);
    } catch (err) {
      // A rule bug must not take the server down: log it (stderr-bound console) and publish nothing new.
      this.connection.console.error(
        `hpa: linting ${uri} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return;
    }
    findings = findings.concat(this.overlays?.findingsFor(uri, findings) ?? []);
    const diagnostics = locate(file, findings, (other) => this.workspace.getFile(other)).map(toDiagnostic);
    void this.connection.sendDiagnostics({ uri, version: file.version, diagnostics });
  }

  private announceHpas(uri: string): void {
    const document = this.documents.get(uri);
    if (!document) return;
    const file = this.workspace.getFile(uri);
    this.hpaAnnouncer.announce(uri, document.version, file ? documentHpas(file, this.workspace) : []);
  }
}

/**
 * Starts the service on a connection: the one place that says which LSP message reaches which
 * method (besides the features' own handlers, registered when the service builds them).
 */
export function startHpaService(connection: Connection, host: ServerHost): LanguageService {
  const service = new LanguageService(connection, host);
  const documents = service.documents;
  connection.onInitialize((params) => service.initialize(params));
  connection.onInitialized(() => service.initialized());
  connection.onDidChangeConfiguration(() => service.settingsChanged());
  connection.onDidChangeWatchedFiles((params) => service.watchedFilesChanged(params));
  documents.onDidOpen((e) => service.documentOpened(e.document.uri));
  documents.onDidChangeContent((e) => service.documentChanged(e.document));
  documents.onDidClose((e) => service.documentClosed(e.document.uri));
  registerPreviewRequests(
    connection,
    service.workspace,
    (uri) => service.indexedFile(uri),
    (uri) => service.settingsOf(uri),
    (model, params) => service.completePreviewModel(model, params),
  );
  registerOverlayHandlers(connection, (trusted) => service.workspaceTrustChanged(trusted));
  registerBehaviorEdit(connection, (uri) => service.indexedFile(uri));
  connection.onRequest(KubernetesVersionRequest.method, (params: unknown) =>
    service.kubernetesVersion(params),
  );
  documents.listen(connection);
  return service;
}
