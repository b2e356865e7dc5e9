/**
 * The preview panel's lifecycle, modelled on VS Code's markdown preview: one panel that follows the
 * active editor (and, in multi-document files, the HPA under the cursor) unless locked; data updates
 * are posted, never a new `webview.html`; the panel survives a window reload through a serializer.
 * Every model comes from the language server; while it is starting, the panel says so and fills in
 * once it answers.
 */
import * as vscode from 'vscode';
import {
  PreviewModelRequest,
  type DocumentHpa,
  type HostToWebview,
  type PreviewModel,
  type WebviewToHost,
} from '../../../common/protocol';
import { isPreviewModel, isWebviewToHost } from '../../../common/preview/validate';
import { t } from '../localize';
import type { ServerLink, ServerStatus } from '../serverLink';
import { hpaAtLine, type DocumentHpaCache } from './documentHpas';
import { exportFileName } from './exportFileName';
import { applyBehavior } from './applyBehavior';
import { previewHtml } from './previewHtml';
import type { PrometheusReplay } from '../../../common/prometheus/replay';
import { LOAD_FROM_PROMETHEUS_COMMAND } from '../prometheus/commands';

export const PREVIEW_VIEW_TYPE = 'hpa.preview';
/** Typing pauses shorter than this do not trigger an update; keeps the update within ~100 ms of the pause. */
const DEBOUNCE_MS = 50;
const MAX_CSV_BYTES = 20_000_000;

/** What the preview shows: a line of a document, or (after a reload) a document of a file. */
type Source = { uri: vscode.Uri; line: number } | { uri: vscode.Uri; documentIndex: number };

/** What the host keeps in the webview state besides the webview's own fields (read on restore). */
interface RestoredState {
  model?: { uri?: unknown; documentIndex?: unknown; name?: unknown } | null;
  locked?: unknown;
}

/** What the panel was last told, for the integration tests (through the extension's API). */
export interface PreviewInspection {
  open: boolean;
  /** True when the panel was handed back by the serializer after a reload. */
  restored: boolean;
  /** True when the restored panel's saved state named the HPA it showed. */
  restoredWithState: boolean;
  /** How many `ready` messages the current page sent (one per page load). */
  pageLoads: number;
  /** The last message posted to the page, by type, whether or not it was accepted. */
  posted: HostToWebview['type'] | null;
  /** The last message the page accepted (postMessage resolved true), by type. */
  delivered: { type: HostToWebview['type']; hpa?: string } | null;
  /** Whether the language server can answer. */
  server: ServerStatus;
  /** The lines of the problems the page's warning banner lists (the page reports them). */
  problemsShown: number[];
  /** The panel's tab title. */
  title: string;
}

export class PreviewManager implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private source: Source | undefined;
  /** The kustomize overlay picked in the panel (its kustomization's URI), until the HPA has none of that name. */
  private overlay: string | undefined;
  private locked = false;
  private documentIndex = -1;
  /** The HPAs of the source document when its model was fetched: a cursor move within one needs no request. */
  private sourceHpas: DocumentHpa[] = [];
  private hpaName = '';
  /** The model the panel was last sent, for "Load from Prometheus…". */
  private model: PreviewModel | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private inspection: Omit<PreviewInspection, 'open' | 'server' | 'title'> = {
    restored: false,
    restoredWithState: false,
    pageLoads: 0,
    posted: null,
    delivered: null,
    problemsShown: [],
  };
  private readonly inspectionChanged = new vscode.EventEmitter<void>();
  /** Fires when `inspect()` would answer differently (a page load, a delivered message). */
  readonly onDidChangeInspection = this.inspectionChanged.event;
  private readonly disposables: vscode.Disposable[] = [this.inspectionChanged];
  private panelDisposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly server: ServerLink,
    private readonly hpas: DocumentHpaCache,
  ) {
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => void this.onActiveEditor(editor)),
      vscode.window.onDidChangeTextEditorSelection((e) => this.onSelection(e)),
      vscode.workspace.onDidChangeTextDocument((e) => this.onDocumentChange(e)),
      // The server became able to answer (or stopped): the panel shows the model or says why not.
      server.onDidChangeStatus(() => this.schedule()),
    );
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  inspect(): PreviewInspection {
    return {
      ...this.inspection,
      open: this.panel !== undefined,
      server: this.server.status(),
      title: this.panel?.title ?? '',
    };
  }

  /** Opens (or reveals) the preview for the given document, or the active editor's. */
  async open(toSide: boolean, uri?: vscode.Uri, line?: number): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const target = uri ?? editor?.document.uri;
    if (!target) {
      void vscode.window.showInformationMessage(t('preview.noHpa'));
      return;
    }
    const cursor =
      line ??
      (editor && editor.document.uri.toString() === target.toString() ? editor.selection.active.line : 0);
    this.source = { uri: target, line: cursor };
    this.documentIndex = -1;
    if (this.panel) {
      this.panel.reveal(undefined, true);
    } else {
      const column = toSide ? vscode.ViewColumn.Beside : (editor?.viewColumn ?? vscode.ViewColumn.Active);
      const panel = vscode.window.createWebviewPanel(
        PREVIEW_VIEW_TYPE,
        t('preview.title'),
        { viewColumn: column, preserveFocus: true },
        this.webviewOptions(),
      );
      this.attach(panel, false);
    }
    await this.refresh();
  }

  /**
   * Re-attaches a panel VS Code restored after a reload. Nothing here waits: VS Code shows the
   * restored page only once the serializer returns, so waiting for the page (a postMessage, its
   * `ready`) or for the language server would leave the tab loading forever. The page repaints its
   * saved state by itself; the fresh model follows when the server answers.
   */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    // One preview at a time: a second restored panel (e.g. from an older window layout) is closed.
    if (this.panel) {
      panel.dispose();
      return;
    }
    const saved = (typeof state === 'object' && state !== null ? state : {}) as RestoredState;
    this.locked = saved.locked === true;
    const uri = typeof saved.model?.uri === 'string' ? saved.model.uri : undefined;
    const index = typeof saved.model?.documentIndex === 'number' ? saved.model.documentIndex : 0;
    if (uri) {
      try {
        this.source = { uri: vscode.Uri.parse(uri, true), documentIndex: index };
      } catch {
        // A state that names no valid URI: the panel follows the next HPA editor instead.
        this.source = undefined;
      }
    }
    panel.webview.options = this.webviewOptions();
    this.attach(panel, true);
    // The restored tab keeps the title it had; it must name what the restored page shows (its saved
    // HPA, or none) until the server's answer updates both.
    this.hpaName = typeof saved.model?.name === 'string' ? saved.model.name : '';
    this.updateTitle();
    void this.refresh();
  }

  toggleLock(): void {
    this.locked = !this.locked;
    this.post({ type: 'lockChanged', locked: this.locked });
    this.updateTitle();
    if (!this.locked) void this.onActiveEditor(vscode.window.activeTextEditor);
  }

  private webviewOptions(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
    };
  }

  private attach(panel: vscode.WebviewPanel, restored: boolean): void {
    this.panel = panel;
    this.inspection = {
      restored,
      restoredWithState: restored && this.source !== undefined,
      pageLoads: 0,
      posted: null,
      delivered: null,
      problemsShown: [],
    };
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    panel.webview.html = previewHtml(
      panel.webview,
      panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')),
      panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')),
      vscode.env.language,
    );
    this.panelDisposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => {
        void this.receive(message);
      }),
      panel.onDidChangeViewState((e) => this.setVisibleContext(e.webviewPanel.visible)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.locked = false;
        this.hpaName = '';
        for (const d of this.panelDisposables) d.dispose();
        this.panelDisposables = [];
        this.setVisibleContext(false);
      }),
    );
    this.setVisibleContext(true);
  }

  private setVisibleContext(visible: boolean): void {
    void vscode.commands.executeCommand('setContext', 'hpa.previewVisible', visible);
  }

  private updateTitle(): void {
    if (!this.panel) return;
    const title =
      this.hpaName === ''
        ? t('preview.title')
        : this.locked
          ? t('preview.titleLocked', { hpa: this.hpaName })
          : t('preview.titleOf', { hpa: this.hpaName });
    if (title === this.panel.title) return;
    this.panel.title = title;
    this.inspectionChanged.fire();
  }

  private async onActiveEditor(editor: vscode.TextEditor | undefined): Promise<void> {
    if (!this.panel || this.locked || !editor) return;
    if (editor.document.languageId !== 'yaml') return;
    const hpas = await this.hpas.get(editor.document);
    // Only an editor with an HPA takes the preview, and only if it is still the active one.
    if (hpas.length === 0 || editor !== vscode.window.activeTextEditor || this.locked) return;
    this.source = { uri: editor.document.uri, line: editor.selection.active.line };
    this.documentIndex = -1;
    this.schedule();
  }

  private onSelection(e: vscode.TextEditorSelectionChangeEvent): void {
    if (!this.panel || this.locked || !this.source) return;
    if (e.textEditor.document.uri.toString() !== this.source.uri.toString()) return;
    const line = e.selections[0]?.active.line ?? 0;
    this.source = { uri: this.source.uri, line };
    // Only a move into another HPA document needs a new model.
    const hpa = hpaAtLine(this.sourceHpas, line);
    if (hpa && hpa.documentIndex !== this.documentIndex) this.schedule();
  }

  private onDocumentChange(e: vscode.TextDocumentChangeEvent): void {
    if (!this.panel || !this.source || e.contentChanges.length === 0) return;
    if (e.document.uri.toString() !== this.source.uri.toString()) return;
    this.schedule();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.refresh(), DEBOUNCE_MS);
  }

  /** The host's words for why there is no model yet, or undefined when the server can answer. */
  private waitingReason(status: ServerStatus): string | undefined {
    if (status === 'starting') return t('preview.serverStarting');
    if (status === 'stopped') return t('preview.serverStopped');
    return undefined;
  }

  /** The HPA the panel shows (null without a panel or a model). */
  currentModel(): PreviewModel | null {
    return this.panel ? this.model : null;
  }

  /** Hands a Prometheus replay to the panel. */
  showReplay(replay: PrometheusReplay): void {
    this.post({ type: 'prometheusLoad', replay });
  }

  /** Fetches the model of the source and posts it; a newer refresh makes an older answer stale. */
  private async refresh(): Promise<void> {
    if (!this.panel) return;
    const locale = vscode.env.language;
    // A panel restored without a saved model (VS Code kept the layout but not yet the page's state)
    // shows the active editor rather than nothing.
    const editor = vscode.window.activeTextEditor;
    if (!this.source && editor?.document.languageId === 'yaml')
      this.source = { uri: editor.document.uri, line: editor.selection.active.line };
    if (!this.source) {
      // The tab says what the panel says: no HPA (a restored tab keeps its old title otherwise).
      this.hpaName = '';
      this.updateTitle();
      this.post({
        type: 'noModel',
        reason: t('preview.noHpa'),
        locale,
      });
      return;
    }
    const generation = ++this.generation;
    const source = this.source;
    const waiting = this.waitingReason(this.server.status());
    if (waiting !== undefined) {
      // The panel keeps what it shows (e.g. its saved state after a reload) and says why it waits.
      this.post({ type: 'waiting', reason: waiting, locale });
      return;
    }
    let answer: { model: PreviewModel | null; hpas: DocumentHpa[] };
    try {
      answer = await this.fetchModel(source);
    } catch {
      // The server stopped while answering: its status change schedules the next refresh.
      if (generation === this.generation && this.panel)
        this.post({ type: 'waiting', reason: this.waitingReason('stopped')!, locale });
      return;
    }
    if (generation !== this.generation || !this.panel) return;
    this.sourceHpas = answer.hpas;
    const model = answer.model;
    this.model = model;
    if (!model) {
      this.documentIndex = -1;
      this.hpaName = '';
      this.updateTitle();
      this.post({
        type: 'noModel',
        reason: t('preview.noUsableSpec', { file: vscode.workspace.asRelativePath(source.uri) }),
        locale,
      });
      return;
    }
    this.documentIndex = model.documentIndex;
    this.hpaName = model.name || vscode.workspace.asRelativePath(source.uri);
    this.updateTitle();
    this.post({ type: 'model', model, locale, locked: this.locked });
  }

  /** The model of the HPA at the source, and the document's HPAs (to follow the cursor without asking). */
  private async fetchModel(source: Source): Promise<{ model: PreviewModel | null; hpas: DocumentHpa[] }> {
    const document = await vscode.workspace.openTextDocument(source.uri).then(
      (d) => d,
      () => undefined,
    );
    // The file may be gone; the server then answers from the index (or with null).
    const hpas = document ? await this.hpas.get(document) : [];
    const line =
      'line' in source
        ? source.line
        : (hpas.find((h) => h.documentIndex === source.documentIndex)?.line ?? 0);
    const result = await this.server.request(PreviewModelRequest, {
      uri: source.uri.toString(),
      line,
      ...(this.overlay !== undefined ? { overlay: this.overlay } : {}),
    });
    const model = result !== null && isPreviewModel(result) ? result : null;
    // Another HPA whose file no such overlay includes: back to the file's own values.
    if (model && !model.overlays?.some((o) => o.uri === this.overlay)) this.overlay = undefined;
    return { model, hpas };
  }

  /** Posts without waiting: a page that is not shown yet delivers later, and nothing here depends on when. */
  private post(message: HostToWebview): void {
    const panel = this.panel;
    if (!panel) return;
    this.inspection.posted = message.type;
    void panel.webview.postMessage(message).then((delivered) => {
      if (!delivered || panel !== this.panel) return;
      this.inspection.delivered = {
        type: message.type,
        ...(message.type === 'model' ? { hpa: message.model.name } : {}),
      };
      this.inspectionChanged.fire();
    });
  }

  /** A message from the page; anything that is not one of ours, in the shape we expect, is dropped. */
  async receive(message: unknown): Promise<void> {
    if (isWebviewToHost(message)) await this.onMessage(message);
  }

  private async onMessage(message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'ready':
        this.inspection.pageLoads += 1;
        this.inspectionChanged.fire();
        await this.refresh();
        return;
      case 'toggleLock':
        this.toggleLock();
        return;
      case 'problemsShown':
        this.inspection.problemsShown = message.lines;
        this.inspectionChanged.fire();
        return;
      case 'pickCsv':
        await this.pickCsv();
        return;
      case 'loadFromPrometheus':
        await vscode.commands.executeCommand(LOAD_FROM_PROMETHEUS_COMMAND);
        return;
      case 'pickOverlay':
        this.overlay = message.overlay ?? undefined;
        await this.refresh();
        return;
      case 'exportCsv':
        await this.save(message.text, exportFileName(this.hpaName, 'csv'), t('preview.csvFiles'));
        return;
      case 'exportSvg':
        await this.save(message.text, exportFileName(this.hpaName, 'svg'), t('preview.svgImages'));
        return;
      case 'applyBehavior':
        await applyBehavior(this.server, message.uri, message.documentIndex, message.behavior);
        return;
    }
  }

  private defaultFolder(): vscode.Uri | undefined {
    return this.source
      ? vscode.Uri.joinPath(this.source.uri, '..')
      : vscode.workspace.workspaceFolders?.[0]?.uri;
  }

  private async pickCsv(): Promise<void> {
    const picked = await vscode.window.showOpenDialog({
      canSelectMany: false,
      defaultUri: this.defaultFolder(),
      filters: { [t('preview.csvFiles')]: ['csv'] },
      openLabel: t('preview.load'),
    });
    const file = picked?.[0];
    if (!file) return;
    try {
      const stat = await vscode.workspace.fs.stat(file);
      if (stat.size > MAX_CSV_BYTES) {
        void vscode.window.showErrorMessage(t('preview.tooLarge', { file: file.fsPath, bytes: stat.size }));
        return;
      }
      const bytes = await vscode.workspace.fs.readFile(file);
      const name = file.path.split('/').pop() ?? 'load.csv';
      this.post({ type: 'csvLoad', name, text: new TextDecoder('utf-8').decode(bytes) });
    } catch (err) {
      void vscode.window.showErrorMessage(
        t('preview.readFailed', {
          file: file.fsPath,
          error: err instanceof Error ? err.message : String(err),
        }),
      );
    }
  }

  /** Saves an export where the user picks, then says so with an "Open" action (as VS Code's own exports do). */
  private async save(text: string, fileName: string, label: string): Promise<void> {
    const folder = this.defaultFolder();
    const ext = fileName.slice(fileName.lastIndexOf('.') + 1);
    const uri = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
      filters: { [label]: [ext] },
    });
    if (!uri) return;
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
      const open = t('preview.open');
      const choice = await vscode.window.showInformationMessage(
        t('preview.saved', { file: vscode.workspace.asRelativePath(uri) }),
        open,
      );
      // The CSV opens as text; the SVG with whatever VS Code opens an image with.
      if (choice === open) await vscode.commands.executeCommand('vscode.open', uri);
    } catch (err) {
      void vscode.window.showErrorMessage(
        t('preview.writeFailed', {
          file: uri.fsPath,
          error: err instanceof Error ? err.message : String(err),
        }),
      );
    }
  }
}
