/** "Preview scaling" above every HPA document of a YAML file, from the cheap text scan. */
import * as vscode from 'vscode';
import { scanHpaDocuments } from './hpaScan';

export class HpaCodeLensProvider implements vscode.CodeLensProvider {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    return scanHpaDocuments(document.getText()).map((hpa) => {
      const range = new vscode.Range(hpa.line, 0, hpa.line, 0);
      return new vscode.CodeLens(range, {
        title: vscode.l10n.t('Preview scaling'),
        tooltip: hpa.name
          ? vscode.l10n.t('Open the scaling preview of {0} to the side', hpa.name)
          : vscode.l10n.t('Open the scaling preview to the side'),
        command: 'hpa.openPreviewToSide',
        arguments: [document.uri, hpa.line],
      });
    });
  }

  dispose(): void {
    this.changed.dispose();
  }
}
