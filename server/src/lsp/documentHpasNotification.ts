/**
 * Tells the client which previewable HPAs an open document holds (hpa/documentHpasChanged): once
 * after the document's first lint, then only when the list changes, so the editor-title button is
 * right from the moment a file opens without the client asking on every keystroke.
 */
import type { Connection } from 'vscode-languageserver';
import {
  type DocumentHpa,
  DocumentHpasChangedNotification,
  type DocumentHpasChangedParams,
} from '../../../common/protocol';

export class DocumentHpasAnnouncer {
  /** What the client was last told for each open document, as compared text. */
  private readonly told = new Map<string, string>();

  constructor(private readonly connection: Connection) {}

  /** Sends the list when the client has not been told it yet for this document. */
  announce(uri: string, version: number, hpas: DocumentHpa[]): void {
    const said = JSON.stringify(hpas);
    if (this.told.get(uri) === said) return;
    this.told.set(uri, said);
    const params: DocumentHpasChangedParams = { uri, version, hpas };
    void this.connection
      .sendNotification(DocumentHpasChangedNotification.method, params)
      .catch(() => undefined);
  }

  /** The document was closed: if it opens again, the client is told afresh. */
  forget(uri: string): void {
    this.told.delete(uri);
  }
}
