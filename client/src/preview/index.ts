/**
 * The preview's registrations: commands, CodeLens, the serializer that restores the panel after a
 * reload, and the `hpa.activeEditorHasHpa` context key behind the editor-title button.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { HpaCodeLensProvider } from './codeLens';
import { scanHpaDocuments } from './hpaScan';
import { PREVIEW_VIEW_TYPE, PreviewManager } from './previewManager';

function updateHasHpaContext(editor: vscode.TextEditor | undefined): void {
  const has =
    editor !== undefined &&
    editor.document.languageId === 'yaml' &&
    scanHpaDocuments(editor.document.getText()).length > 0;
  void vscode.commands.executeCommand('setContext', 'hpa.activeEditorHasHpa', has);
}

/** Arguments come from the editor title (a Uri), a CodeLens (Uri and line) or the palette (none). */
function previewArgs(args: unknown[]): [vscode.Uri | undefined, number | undefined] {
  const uri = args[0] instanceof vscode.Uri ? args[0] : undefined;
  const line = typeof args[1] === 'number' && Number.isInteger(args[1]) && args[1] >= 0 ? args[1] : undefined;
  return [uri, line];
}

/** Registers the preview commands, the serializer and the editor-tracking. */
export function registerPreview(context: vscode.ExtensionContext, client: LanguageClient | undefined): void {
  const manager = new PreviewManager(context.extensionUri, client);
  const codeLens = new HpaCodeLensProvider();
  context.subscriptions.push(
    manager,
    codeLens,
    vscode.commands.registerCommand('hpa.openPreviewToSide', (...args: unknown[]) =>
      manager.open(true, ...previewArgs(args)),
    ),
    vscode.commands.registerCommand('hpa.openPreview', (...args: unknown[]) =>
      manager.open(false, ...previewArgs(args)),
    ),
    vscode.commands.registerCommand('hpa.togglePreviewLock', () => manager.toggleLock()),
    vscode.languages.registerCodeLensProvider({ language: 'yaml' }, codeLens),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      deserializeWebviewPanel: (panel, state: unknown) => manager.restore(panel, state),
    }),
    vscode.window.onDidChangeActiveTextEditor(updateHasHpaContext),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document === vscode.window.activeTextEditor?.document)
        updateHasHpaContext(vscode.window.activeTextEditor);
    }),
  );
  updateHasHpaContext(vscode.window.activeTextEditor);
}
