/**
 * The language service: keeps the workspace index current from open documents (which win) and disk
 * (scanned at start-up, updated on watched-file events), lints what changed and what depends on it,
 * pushes diagnostics, and answers the custom preview requests. Everything arrives through the
 * connection it is given, so tests can drive it over streams like any LSP client.
 */
import {
  type Connection,
  type Diagnostic,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type InitializeParams,
  type InitializeResult,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import {
  DocumentHpasRequest,
  type DocumentHpa,
  PreviewModelRequest,
  type PreviewModelParams,
  type PreviewModelResult,
} from '../../../common/protocol';
import { findYamlFiles, isYamlPath, readYamlFile } from '../workspace/diskWorkspace';
import { FileModel, type ParseOptions, warmUpYamlParser, type YamlDocumentModel } from '../yaml/documents';
import { locate } from '../lint/findingsOutput';
import type { K8sObject } from '../workspace/objects';
import { lintFile } from '../lint/lint';
import { setLocale, t } from '../localize';
import { documentHpas, previewModelAt } from './previewModel';
import { relatedUris } from '../workspace/relatedFiles';
import { FILE_TOO_LARGE_RULE } from '../rules/index';
import { docsUrl, type Severity } from '../rules/types';
import { warmUpSchemas } from '../lint/schemaValidation';
import { DEFAULT_SETTINGS, type HpaSettings, normalizeSettings, SETTINGS_SECTION } from '../lint/settings';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import { registerLanguageFeatures, workspaceTargetResolver } from '../features/register';

/** How long one slice of the background YAML check may hold the event loop. */
const FULL_TEXT_CHECK_SLICE_MS = 8;
/** The pause after the last change before the background YAML check starts. */
const FULL_TEXT_CHECK_IDLE_MS = 250;

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The server answers from the read fields first and checks the rest for YAML errors when idle. */
const PARSE_OPTIONS: ParseOptions = { blankUnreadFields: true };

export interface HpaService {
  readonly workspace: WorkspaceIndex;
  readonly documents: TextDocuments<TextDocument>;
  settings(): HpaSettings;
}

/** Objects of documents whose text changed between two versions of a file (only they can affect other files). */
function changedObjects(before: readonly K8sObject[], after: readonly K8sObject[]): K8sObject[] {
  const beforeModels = new Set(before.map((o) => o.fileDocument.model));
  const afterModels = new Set(after.map((o) => o.fileDocument.model));
  return [
    ...before.filter((o) => !afterModels.has(o.fileDocument.model)),
    ...after.filter((o) => !beforeModels.has(o.fileDocument.model)),
  ];
}

export function startHpaService(connection: Connection): HpaService {
  const documents = new TextDocuments(TextDocument);
  const workspace = new WorkspaceIndex();
  // Hover, completion and code actions (server/src/features): they read the same documents and index.
  const features = registerLanguageFeatures(connection, {
    documents,
    resolveTarget: workspaceTargetResolver(workspace),
    maxFileSizeBytes: () => settings.maxFileSizeBytes,
  });
  /** Disk text of files that are not open, so closing a document falls back to what is saved. */
  const diskText = new Map<string, string>();
  let settings: HpaSettings = { ...DEFAULT_SETTINGS };
  let canPullConfiguration = false;
  let canWatchFiles = false;
  let workspaceFolders: string[] = [];
  /** Linting waits for the user's settings, so a disabled rule never flashes up on open. */
  let settingsLoaded = false;

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    setLocale(params.locale ?? (params.initializationOptions as { locale?: string } | undefined)?.locale);
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    workspaceFolders = (params.workspaceFolders ?? []).map((f) => f.uri);
    if (workspaceFolders.length === 0 && params.rootUri) workspaceFolders = [params.rootUri];
    settings = normalizeSettings(
      (params.initializationOptions as { settings?: unknown } | undefined)?.settings,
    );
    warmUpSchemas();
    warmUpYamlParser();
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
        ...features.initialize(params.capabilities),
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
        watchers: [{ globPattern: '**/*.{yaml,yml}' }],
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
      for (const uri of await findYamlFiles(folder)) {
        if (documents.get(uri)) continue;
        const text = await readYamlFile(uri, settings.maxFileSizeBytes);
        if (text === undefined) continue;
        diskText.set(uri, text);
        if (!documents.get(uri))
          workspace.setFile(new FileModel(uri, text, undefined, workspace.getFile(uri), PARSE_OPTIONS));
      }
    }
  }

  connection.onDidChangeConfiguration(() => {
    void pullSettings().then(() => lintOpenDocuments());
  });

  connection.onDidChangeWatchedFiles(async (params) => {
    const affected = new Set<string>();
    for (const change of params.changes) {
      if (!isYamlPath(change.uri) || documents.get(change.uri)) continue; // open documents win over disk
      const before = workspace.objectsIn(change.uri);
      const text =
        change.type === FileChangeType.Deleted
          ? undefined
          : await readYamlFile(change.uri, settings.maxFileSizeBytes);
      if (text === undefined) {
        diskText.delete(change.uri);
        workspace.deleteFile(change.uri);
      } else {
        diskText.set(change.uri, text);
        workspace.setFile(
          new FileModel(change.uri, text, undefined, workspace.getFile(change.uri), PARSE_OPTIONS),
        );
      }
      for (const uri of relatedUris([...before, ...workspace.objectsIn(change.uri)], workspace))
        affected.add(uri);
    }
    for (const uri of affected) if (documents.get(uri)) schedule(uri);
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
      if (text.length > settings.maxFileSizeBytes) {
        const before = workspace.deleteFile(uri);
        for (const related of relatedUris(before, workspace)) toLint.add(related);
        continue;
      }
      const before = workspace.setFile(new FileModel(uri, text, document.version, previous, PARSE_OPTIONS));
      for (const related of relatedUris(changedObjects(before, workspace.objectsIn(uri)), workspace))
        toLint.add(related);
    }
    for (const uri of toLint) if (documents.get(uri)) publish(uri);
    scheduleFullTextChecks();
  }

  /*
   * YAML errors in the fields no rule reads (documents.ts parses workloads from their read fields):
   * checked once the diagnostics are out and the user has paused (every flush pushes the check
   * back, so typing never waits for it), in slices of a few milliseconds so that an edit arriving
   * meanwhile is answered first. Open documents go first. A document found broken is re-indexed
   * and everything that depends on it re-linted, exactly as after an edit.
   */
  let fullTextCheckTimer: ReturnType<typeof setTimeout> | undefined;
  function scheduleFullTextChecks(delayMs = FULL_TEXT_CHECK_IDLE_MS): void {
    if (fullTextCheckTimer !== undefined) clearTimeout(fullTextCheckTimer);
    fullTextCheckTimer = setTimeout(checkFullTexts, delayMs);
  }

  function checkFullTexts(): void {
    fullTextCheckTimer = undefined;
    if (flushScheduled) {
      scheduleFullTextChecks(); // an edit is waiting: it goes first, and the check waits for the next pause
      return;
    }
    const deadline = performance.now() + FULL_TEXT_CHECK_SLICE_MS;
    const open = documents.keys();
    const uris = [...open, ...workspace.uris().filter((uri) => !documents.get(uri))];
    for (const uri of uris) {
      const file = workspace.getFile(uri);
      if (!file) continue;
      const broken = new Set<YamlDocumentModel>();
      let unfinished = false;
      for (const doc of file.documents) {
        if (!doc.model.awaitingFullCheck) continue;
        if (performance.now() > deadline) {
          unfinished = true;
          break;
        }
        if (doc.model.checkFullText()) broken.add(doc.model);
      }
      if (broken.size > 0) {
        const ofBroken = (objects: K8sObject[]) => objects.filter((o) => broken.has(o.fileDocument.model));
        const before = ofBroken(workspace.setFile(file));
        if (documents.get(uri)) schedule(uri);
        for (const related of relatedUris([...before, ...ofBroken(workspace.objectsIn(uri))], workspace))
          if (documents.get(related)) schedule(related);
      }
      if (unfinished) {
        scheduleFullTextChecks(0);
        return;
      }
    }
  }

  function publish(uri: string): void {
    const document = documents.get(uri);
    if (!document) return;
    const file = workspace.getFile(uri);
    if (!file) {
      const size = document.getText().length;
      if (size <= settings.maxFileSizeBytes) return;
      const severity = settings.rules[FILE_TOO_LARGE_RULE.id] ?? FILE_TOO_LARGE_RULE.defaultSeverity;
      const diagnostics: Diagnostic[] =
        severity === 'off'
          ? []
          : [
              {
                range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
                severity: LSP_SEVERITY[severity],
                source: 'hpa',
                code: FILE_TOO_LARGE_RULE.id,
                codeDescription: { href: docsUrl(FILE_TOO_LARGE_RULE.id) },
                message: t(
                  'File skipped: {0} bytes is more than hpa.maxFileSizeBytes ({1})',
                  size,
                  settings.maxFileSizeBytes,
                ),
              },
            ];
      void connection.sendDiagnostics({ uri, version: document.version, diagnostics });
      return;
    }
    let diagnostics: Diagnostic[];
    try {
      const findings = lintFile(file, workspace, settings).filter((f) => f.uri === uri);
      diagnostics = locate(file, findings).map((f) => ({
        range: f.range,
        severity: LSP_SEVERITY[f.severity],
        source: 'hpa',
        code: f.rule,
        codeDescription: { href: docsUrl(f.rule) },
        message: f.message,
      }));
    } catch (err) {
      // A rule bug must not take the server down: log it (stderr-bound console) and publish nothing new.
      connection.console.error(
        `hpa: linting ${uri} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
      );
      return;
    }
    void connection.sendDiagnostics({ uri, version: file.version, diagnostics });
  }

  function lintOpenDocuments(): void {
    for (const document of documents.all()) schedule(document.uri);
  }

  documents.onDidOpen((e) => schedule(e.document.uri));
  documents.onDidChangeContent((e) => schedule(e.document.uri));
  documents.onDidClose((e) => {
    const uri = e.document.uri;
    const before = workspace.objectsIn(uri);
    const disk = diskText.get(uri);
    if (disk !== undefined)
      workspace.setFile(new FileModel(uri, disk, undefined, workspace.getFile(uri), PARSE_OPTIONS));
    else workspace.deleteFile(uri);
    void connection.sendDiagnostics({ uri, diagnostics: [] });
    for (const related of relatedUris([...before, ...workspace.objectsIn(uri)], workspace))
      if (documents.get(related)) schedule(related);
  });

  connection.onRequest(PreviewModelRequest, (params: PreviewModelParams): PreviewModelResult => {
    const file = indexedFile(params.uri);
    return file ? previewModelAt(file, workspace, params.line) : null;
  });

  connection.onRequest(DocumentHpasRequest, (params: { uri: string }): DocumentHpa[] => {
    const file = indexedFile(params.uri);
    return file ? documentHpas(file, workspace) : [];
  });

  /** The file as the index holds it, brought up to date first when an edit is still pending. */
  function indexedFile(uri: string): FileModel | undefined {
    if (pending.has(uri)) flush();
    return workspace.getFile(uri);
  }

  documents.listen(connection);
  return { workspace, documents, settings: () => settings };
}
