/**
 * The language service: keeps the workspace index current from open documents (which win) and disk
 * (scanned at start-up, updated on watched-file events), lints what changed and what depends on it,
 * pushes diagnostics, and answers the custom preview requests. Everything arrives through the
 * connection it is given, so tests can drive it over streams like any LSP client.
 */
import {
  type Connection,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isIndexedPath } from '../workspace/filePaths';
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
import { registerLanguageFeatures } from '../features/register';
import { fileTooLargeDiagnostics, toDiagnostic } from './diagnostics';
import { FullTextCheck } from './fullTextCheck';
import { ClusterSettings } from './clusterSettings';
import {
  KubernetesVersionChangedNotification,
  KubernetesVersionRequest,
  type PreviewModel,
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

export interface HpaService {
  readonly workspace: WorkspaceIndex;
  readonly documents: TextDocuments<TextDocument>;
  settings(): HpaSettings;
}

/** `host` is where the server runs: Node (nodeHost.ts) or a Web Worker (browserHost.ts). */
export function startHpaService(connection: Connection, host: ServerHost): HpaService {
  const documents = new TextDocuments(TextDocument);
  const files = host.workspaceFiles(connection);
  const sync = new WorkspaceSync(PARSE_OPTIONS, (uri) => documents.get(uri) !== undefined);
  const workspace = sync.workspace;
  // Hover, completion and code actions (server/src/features): they read the same documents and index.
  const features = registerLanguageFeatures(connection, {
    documents,
    workspace,
    indexedFile,
    cluster: (uri) => clusters.forUri(uri).settings.cluster,
  });
  const fullTextCheck = new FullTextCheck({
    sync,
    openUris: () => documents.keys(),
    editPending: () => flushScheduled,
    relint: scheduleOpen,
  });
  let settings: HpaSettings = { ...DEFAULT_SETTINGS };
  /** `.hpa-lint.yaml`: the settings each file is linted with, the file's own diagnostics. */
  const clusters = new ClusterSettings(documents, () => settings, host.configFiles);
  let canPullConfiguration = false;
  let canWatchFiles = false;
  let workspaceFolders: string[] = [];
  /** Linting waits for the user's settings, so a disabled rule never flashes up on open. */
  let settingsLoaded = false;
  /** Kustomize overlays rendered in the background (server/src/overlays/overlayService.ts). */
  let overlays: OverlayService | undefined;
  /** The HPAs of each open document, for the client's editor-title button. */
  const hpaAnnouncer = new DocumentHpasAnnouncer(connection);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    setLocale(params.locale ?? (params.initializationOptions as { locale?: string } | undefined)?.locale);
    setDocsBase((params.initializationOptions as { docsBase?: unknown } | undefined)?.docsBase);
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    workspaceFolders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
    settings = normalizeSettings(
      (params.initializationOptions as { settings?: unknown } | undefined)?.settings,
    );
    warmUpSchemas();
    warmUpYamlParser();
    warmUpLint(PARSE_OPTIONS);
    warmUpEdits(PARSE_OPTIONS);
    overlays = new OverlayService({
      workspace,
      renderer: host.overlayRenderer(workspace),
      settings: () => settings,
      overlaySettings: (uri) => clusters.forUri(uri).settings,
      root: workspaceFolders[0],
      republish: scheduleOpen,
      editPending: () => flushScheduled,
      ...overlayOptions(params),
    });
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...features.initialize(params.capabilities),
        ...PREVIEW_CAPABILITIES,
      },
      serverInfo: { name: 'hpa-language-server', version: '0.1.0' },
    };
  });

  connection.onInitialized(() => {
    if (canPullConfiguration) {
      void connection.client.register(DidChangeConfigurationNotification.type, { section: SETTINGS_SECTION });
    }
    if (canWatchFiles) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: [{ globPattern: '**/*.{yaml,yml}' }, { globPattern: '**/Kustomization' }],
      });
    }
    void pullSettings()
      .then(() => {
        settingsLoaded = true;
        if (pending.size > 0) flush();
      })
      .then(scanWorkspace)
      .then(() => lintOpenDocuments());
  });

  async function pullSettings(): Promise<void> {
    if (!canPullConfiguration) return;
    try {
      settings = normalizeSettings(
        await connection.workspace.getConfiguration({ section: SETTINGS_SECTION }),
      );
    } catch {
      // A client that fails the request keeps the defaults.
    }
  }

  async function scanWorkspace(): Promise<void> {
    for (const folder of workspaceFolders) {
      for (const uri of await files.find(folder)) {
        if (documents.get(uri)) continue;
        const text = await files.read(uri, settings.maxFileSizeBytes);
        if (text !== undefined) sync.diskChanged(uri, text);
      }
    }
  }

  connection.onDidChangeConfiguration(() => {
    void pullSettings().then(() => (overlays?.settingsChanged(), lintOpenDocuments(), clusterChanged()));
  });

  /** The release in force may have changed for any file: re-lint, and tell the status item. */
  function clusterChanged(): void {
    void connection.sendNotification(KubernetesVersionChangedNotification.method, {}).catch(() => undefined);
  }

  /** A `.hpa-lint.yaml` changed: every open file may now be linted against another release. */
  function configChanged(uri: string): void {
    clusters.changed(uri);
    // Rendered overlays are checked against their own folder's release too.
    overlays?.settingsChanged();
    lintOpenDocuments();
    clusterChanged();
  }

  connection.onDidChangeWatchedFiles(async (params) => {
    for (const change of params.changes) {
      // An open config file is read from the editor; its disk copy changes nothing until it is closed.
      if (clusters.isConfig(change.uri) && !documents.get(change.uri)) configChanged(change.uri);
      if (!isIndexedPath(change.uri)) continue;
      const text =
        change.type === FileChangeType.Deleted
          ? undefined
          : await files.read(change.uri, settings.maxFileSizeBytes);
      scheduleOpen(sync.diskChanged(change.uri, text));
    }
  });

  // Coalesce bursts of changes: lint once per tick for every document touched, without a fixed delay.
  const pending = new Set<string>();
  let flushScheduled = false;
  function schedule(uri: string): void {
    pending.add(uri);
    if (flushScheduled || !settingsLoaded) return;
    flushScheduled = true;
    setImmediate(flush);
  }

  /** Re-lints those of these files that are open (only open files get diagnostics). */
  function scheduleOpen(uris: Iterable<string>): void {
    for (const uri of uris) if (documents.get(uri)) schedule(uri);
  }

  function flush(): void {
    flushScheduled = false;
    const changed = [...pending];
    pending.clear();
    const toLint = new Set<string>();
    for (const uri of changed) {
      const document = documents.get(uri);
      // A client that sent a non-string `text` gets nothing linted, rather than a dead server.
      if (!document || typeof document.getText() !== 'string') continue;
      toLint.add(uri);
      const previous = workspace.getFile(uri);
      if (
        previous &&
        previous.version === document.version &&
        previous.text.length === document.getText().length
      ) {
        continue; // already indexed at this version (a re-lint for a related file's sake)
      }
      const text = document.getText();
      const related =
        text.length > settings.maxFileSizeBytes
          ? sync.tooLarge(uri)
          : sync.edited(uri, text, document.version);
      for (const uri of related) toLint.add(uri);
    }
    for (const uri of toLint) {
      if (!documents.get(uri)) continue;
      publish(uri);
      announceHpas(uri);
    }
    fullTextCheck.schedule();
  }

  function publish(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const file = workspace.getFile(uri);
    if (!file) {
      const size = document.getText().length;
      if (size > settings.maxFileSizeBytes) {
        const diagnostics = fileTooLargeDiagnostics(size, settings);
        void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
      }
      return;
    }
    const forFile = clusters.forUri(uri);
    if (clusters.isConfig(uri)) {
      void connection.sendDiagnostics({
        uri,
        version: file.version,
        diagnostics: clusters.diagnosticsOf(uri),
      });
      return;
    }
    if (forFile.ignored) {
      // Listed under `ignore` in the .hpa-lint.yaml that applies: CI does not lint it either.
      void connection.sendDiagnostics({ uri, version: file.version, diagnostics: [] });
      return;
    }
    let findings;
    try {
      findings = lintFile(file, workspace, forFile.settings).filter((f) => f.uri === uri);
    } catch (err) {
      // A rule bug must not take the server down: log it (stderr-bound console) and publish nothing new.
      connection.console.error(
        `hpa: linting ${uri} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return;
    }
    findings = findings.concat(overlays?.findingsFor(uri, findings) ?? []);
    const diagnostics = locate(file, findings, (other) => workspace.getFile(other)).map(toDiagnostic);
    void connection.sendDiagnostics({ uri, version: file.version, diagnostics });
  }

  function announceHpas(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const file = workspace.getFile(uri);
    hpaAnnouncer.announce(uri, document.version, file ? documentHpas(file, workspace) : []);
  }

  function lintOpenDocuments(): void {
    for (const document of documents.all()) schedule(document.uri);
  }

  documents.onDidOpen((e) => schedule(e.document.uri));
  documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    // The open config file's text is the one in force (read by ClusterSettings): opening it changes nothing.
    if (clusters.isConfig(uri) && e.document.version > 1) configChanged(uri);
    schedule(uri);
  });
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    if (clusters.isConfig(uri)) configChanged(uri);
    const related = sync.closed(uri);
    hpaAnnouncer.forget(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    // The closed document is no longer open, so scheduleOpen leaves it out.
    scheduleOpen(related);
  });

  registerPreviewRequests(
    connection,
    workspace,
    indexedFile,
    (uri) => clusters.forUri(uri).settings,
    (m, p) => withReleaseSource(withOverlays(m, p, overlays), p.uri),
  );
  registerOverlayHandlers(connection, () => overlays);
  registerBehaviorEdit(connection, indexedFile);
  connection.onRequest(KubernetesVersionRequest.method, (params: unknown) => {
    const uri = (params as { uri?: unknown } | null)?.uri;
    return typeof uri === 'string' ? clusters.versionInfo(uri) : null;
  });

  /** The preview's model with where its release came from (the panel says it in words). */
  function withReleaseSource(model: PreviewModel, uri: string): PreviewModel {
    const source = clusters.previewSource(uri, workspaceFolders[0]);
    return model.cluster && source ? { ...model, cluster: { ...model.cluster, source } } : model;
  }

  /** The file as the index holds it, brought up to date first when an edit is still pending. */
  function indexedFile(uri: string): FileModel | undefined {
    if (pending.has(uri)) flush();
    return workspace.getFile(uri);
  }

  documents.listen(connection);
  return { workspace, documents, settings: () => settings };
}
