/**
 * The preview panel's lifecycle, modelled on VS Code's markdown preview: one panel that follows the
 * active editor (and, in multi-document files, the HPA under the cursor) unless locked; data updates
 * are posted, never a new `webview.html`; the panel survives a window reload through a serializer.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  PreviewModelRequest,
  type HostToWebview,
  type PreviewModel,
  type PreviewModelParams,
  type PreviewModelResult,
  type WebviewToHost,
} from '../../../common/protocol';
import { isPreviewModel, isWebviewToHost } from '../../../common/preview/validate';
import { buildFallbackModel } from './fallbackModel';
import { hpaAtLine, scanHpaDocuments } from './hpaScan';
import { previewHtml } from './previewHtml';

export const PREVIEW_VIEW_TYPE = 'hpa.preview';
/** Typing pauses shorter than this do not trigger an update; keeps the update within ~100 ms of the pause. */
const DEBOUNCE_MS = 50;
const MAX_CSV_BYTES = 20_000_000;

interface Source {
  uri: vscode.Uri;
  line: number;
}

/** What the host keeps in the webview state besides the webview's own fields (read on restore). */
interface RestoredState {
  model?: { uri?: unknown; documentIndex?: unknown } | null;
  locked?: unknown;
}

export class PreviewManager implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;
  private source: Source | undefined;
  private locked = false;
  private documentIndex = -1;
  private hpaName = '';
  private timer: ReturnType<typeof setTimeout> | undefined;
  private generation = 0;
  private readonly disposables: vscode.Disposable[] = [];
  private panelDisposables: vscode.Disposable[] = [];

  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly client: LanguageClient | undefined,
  ) {
    this.disposables.push(
      vscode.window.onDidChangeActiveTextEditor((editor) => this.onActiveEditor(editor)),
      vscode.window.onDidChangeTextEditorSelection((e) => this.onSelection(e)),
      vscode.workspace.onDidChangeTextDocument((e) => this.onDocumentChange(e)),
    );
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }

  /** Opens (or reveals) the preview for the given document, or the active editor's. */
  async open(toSide: boolean, uri?: vscode.Uri, line?: number): Promise<void> {
    const editor = vscode.window.activeTextEditor;
    const target = uri ?? editor?.document.uri;
    if (!target) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('No HorizontalPodAutoscaler in the active editor.'),
      );
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
        vscode.l10n.t('HPA Preview'),
        { viewColumn: column, preserveFocus: true },
        this.webviewOptions(),
      );
      this.attach(panel);
    }
    await this.refresh();
  }

  /** Re-attaches a panel VS Code restored after a reload. */
  async restore(panel: vscode.WebviewPanel, state: unknown): Promise<void> {
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
      const parsed = vscode.Uri.parse(uri);
      let line = 0;
      try {
        const doc = await vscode.workspace.openTextDocument(parsed);
        line = scanHpaDocuments(doc.getText()).find((h) => h.documentIndex === index)?.line ?? 0;
      } catch {
        // The file may be gone; refresh() then reports that there is no model.
      }
      this.source = { uri: parsed, line };
    }
    panel.webview.options = this.webviewOptions();
    this.attach(panel);
    await this.refresh();
  }

  toggleLock(): void {
    this.locked = !this.locked;
    void this.post({ type: 'lockChanged', locked: this.locked });
    this.updateTitle();
    if (!this.locked) this.onActiveEditor(vscode.window.activeTextEditor);
  }

  private webviewOptions(): vscode.WebviewOptions & vscode.WebviewPanelOptions {
    return {
      enableScripts: true,
      localResourceRoots: [vscode.Uri.joinPath(this.extensionUri, 'dist')],
    };
  }

  private attach(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    const dist = vscode.Uri.joinPath(this.extensionUri, 'dist');
    panel.webview.html = previewHtml(
      panel.webview,
      panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.js')),
      panel.webview.asWebviewUri(vscode.Uri.joinPath(dist, 'webview.css')),
      vscode.env.language,
    );
    this.panelDisposables.push(
      panel.webview.onDidReceiveMessage((message: unknown) => {
        // Anything that is not one of our messages, in the shape we expect, is dropped.
        if (isWebviewToHost(message)) void this.onMessage(message);
      }),
      panel.onDidChangeViewState((e) => this.setVisibleContext(e.webviewPanel.visible)),
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.locked = false;
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
    if (!this.panel || this.hpaName === '') return;
    this.panel.title = this.locked
      ? vscode.l10n.t('HPA Preview (locked): {0}', this.hpaName)
      : vscode.l10n.t('HPA Preview: {0}', this.hpaName);
  }

  private onActiveEditor(editor: vscode.TextEditor | undefined): void {
    if (!this.panel || this.locked || !editor) return;
    if (editor.document.languageId !== 'yaml') return;
    if (scanHpaDocuments(editor.document.getText()).length === 0) return;
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
    const hpa = hpaAtLine(scanHpaDocuments(e.textEditor.document.getText()), line);
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

  /** Fetches the model of the source and posts it; a newer refresh makes an older answer stale. */
  private async refresh(): Promise<void> {
    if (!this.panel || !this.source) return;
    const generation = ++this.generation;
    const source = this.source;
    const model = await this.fetchModel(source);
    if (generation !== this.generation || !this.panel) return;
    const locale = vscode.env.language;
    if (!model) {
      await this.post({
        type: 'noModel',
        reason: vscode.l10n.t(
          'No HorizontalPodAutoscaler with a usable spec in {0}.',
          vscode.workspace.asRelativePath(source.uri),
        ),
        locale,
      });
      return;
    }
    this.documentIndex = model.documentIndex;
    this.hpaName = model.name || vscode.workspace.asRelativePath(source.uri);
    this.updateTitle();
    await this.post({ type: 'model', model, locale, locked: this.locked });
  }

  private async fetchModel(source: Source): Promise<PreviewModel | null> {
    if (this.client) {
      try {
        const params: PreviewModelParams = { uri: source.uri.toString(), line: source.line };
        const result = await this.client.sendRequest<PreviewModelResult>(PreviewModelRequest, params);
        if (result === null || isPreviewModel(result)) return result;
      } catch {
        // Server not running or the request unknown to it: build the model here instead.
      }
    }
    try {
      const doc = await vscode.workspace.openTextDocument(source.uri);
      const model = buildFallbackModel(doc.getText(), source.uri.toString(), source.line, {
        targetNotInFile: (kind, name) =>
          vscode.l10n.t(
            'The scale target {0} {1} is not in this file: Pod requests are unknown.',
            kind,
            name,
          ),
        requestUnreadable: (container, resource) =>
          vscode.l10n.t(
            'The {0} request of container {1} is not a quantity; it is left out.',
            resource,
            container,
          ),
      });
      return model && isPreviewModel(model) ? model : null;
    } catch {
      return null;
    }
  }

  private post(message: HostToWebview): Thenable<boolean> {
    return this.panel ? this.panel.webview.postMessage(message) : Promise.resolve(false);
  }

  private async onMessage(message: WebviewToHost): Promise<void> {
    switch (message.type) {
      case 'ready':
        await this.refresh();
        return;
      case 'toggleLock':
        this.toggleLock();
        return;
      case 'pickCsv':
        await this.pickCsv();
        return;
      case 'exportCsv':
        await this.save(message.text, 'csv', vscode.l10n.t('CSV files'));
        return;
      case 'exportSvg':
        await this.save(message.text, 'svg', vscode.l10n.t('SVG images'));
        return;
      case 'settingsChanged':
        // The webview keeps its own settings in its state; nothing to do here yet.
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
      filters: { [vscode.l10n.t('CSV files')]: ['csv'] },
      openLabel: vscode.l10n.t('Load'),
    });
    const file = picked?.[0];
    if (!file) return;
    try {
      const stat = await vscode.workspace.fs.stat(file);
      if (stat.size > MAX_CSV_BYTES) {
        void vscode.window.showErrorMessage(
          vscode.l10n.t('{0} is too large to load ({1} bytes).', file.fsPath, stat.size),
        );
        return;
      }
      const bytes = await vscode.workspace.fs.readFile(file);
      const name = file.path.split('/').pop() ?? 'load.csv';
      await this.post({ type: 'csvLoad', name, text: new TextDecoder('utf-8').decode(bytes) });
    } catch (err) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'The preview could not read {0}: {1}',
          file.fsPath,
          err instanceof Error ? err.message : String(err),
        ),
      );
    }
  }

  private async save(text: string, ext: 'csv' | 'svg', label: string): Promise<void> {
    const folder = this.defaultFolder();
    const uri = await vscode.window.showSaveDialog({
      defaultUri: folder ? vscode.Uri.joinPath(folder, `hpa-preview.${ext}`) : undefined,
      filters: { [label]: [ext] },
    });
    if (!uri) return;
    try {
      await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    } catch (err) {
      void vscode.window.showErrorMessage(
        vscode.l10n.t(
          'The preview could not write {0}: {1}',
          uri.fsPath,
          err instanceof Error ? err.message : String(err),
        ),
      );
    }
  }
}
