/**
 * The preview's registrations: commands, the serializer that restores the panel after a reload, and
 * the `hpa.activeEditorHasHpa` context key behind the editor-title button. The CodeLens comes from
 * the server (textDocument/codeLens), which runs `hpa.openPreviewToSide` with `[uri, line]`.
 */
import * as vscode from 'vscode';
import type { ServerLink } from '../serverLink';
import { DocumentHpaCache } from './documentHpas';
import { type ActiveEditorHpaContext, trackActiveEditorHasHpa } from './hasHpaContext';
import { registerPrometheusCommands } from '../prometheus/commands';
import { PREVIEW_VIEW_TYPE, PreviewManager } from './previewManager';

/** Arguments come from the editor title (a Uri), a CodeLens (a URI string and a line) or the palette (none). */
export function previewArgs(args: readonly unknown[]): [vscode.Uri | undefined, number | undefined] {
  const first = args[0];
  let uri: vscode.Uri | undefined;
  if (first instanceof vscode.Uri) uri = first;
  else if (typeof first === 'string' && first.length > 0) {
    try {
      uri = vscode.Uri.parse(first, true);
    } catch {
      uri = undefined;
    }
  }
  const line = typeof args[1] === 'number' && Number.isInteger(args[1]) && args[1] >= 0 ? args[1] : undefined;
  return [uri, line];
}

/**
 * Registers the preview commands, the serializer and the editor tracking; returns the manager and
 * the editor-title button's context key.
 */
export function registerPreview(
  context: vscode.ExtensionContext,
  server: ServerLink,
): { manager: PreviewManager; titleButton: ActiveEditorHpaContext } {
  const hpas = new DocumentHpaCache(server);
  const manager = new PreviewManager(context.extensionUri, server, hpas);
  const titleButton = trackActiveEditorHasHpa(server, hpas);
  context.subscriptions.push(
    hpas,
    manager,
    vscode.commands.registerCommand('hpa.openPreviewToSide', (...args: unknown[]) =>
      manager.open(true, ...previewArgs(args)),
    ),
    vscode.commands.registerCommand('hpa.openPreview', (...args: unknown[]) =>
      manager.open(false, ...previewArgs(args)),
    ),
    vscode.commands.registerCommand('hpa.togglePreviewLock', () => manager.toggleLock()),
    vscode.window.registerWebviewPanelSerializer(PREVIEW_VIEW_TYPE, {
      // Must not wait for anything the restored page sends (see PreviewManager.restore).
      deserializeWebviewPanel: (panel, state: unknown) => {
        manager.restore(panel, state);
        return Promise.resolve();
      },
    }),
    titleButton,
    registerPrometheusCommands(context, manager),
  );
  return { manager, titleButton };
}
