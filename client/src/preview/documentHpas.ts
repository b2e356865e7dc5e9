/**
 * The HPAs of an open document as the server sees them: what it announces after linting the
 * document (hpa/documentHpasChanged), else its answer to hpa/documentHpas, asked once per document
 * version. The editor-title button, the active-editor tracking and the cursor tracking of the
 * preview all read the same answer.
 */
import * as vscode from 'vscode';
import {
  DocumentHpasChangedNotification,
  DocumentHpasRequest,
  type DocumentHpa,
  type DocumentHpasChangedParams,
} from '../../../common/protocol';
import type { ServerLink } from '../serverLink';

/** Only the latest version of a few documents is worth keeping. */
const MAX_CACHED = 32;

export class DocumentHpaCache implements vscode.Disposable {
  private readonly answers = new Map<string, { version: number; hpas: Promise<DocumentHpa[]> }>();
  private readonly announced = new vscode.EventEmitter<string>();
  /** Fires with a document's URI when the server announced its HPAs. */
  readonly onDidAnnounce = this.announced.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly server: ServerLink) {
    this.subscription = server.onNotification(DocumentHpasChangedNotification, (params) => {
      const announcement = validAnnouncement(params);
      if (!announcement) return;
      // The server's word after linting wins over an answer it gave before it had the document.
      this.remember(announcement.uri, announcement.version, Promise.resolve(announcement.hpas));
      this.announced.fire(announcement.uri);
    });
  }

  dispose(): void {
    this.subscription.dispose();
    this.announced.dispose();
  }

  /** The document's HPAs; an empty list for a non-YAML document or while the server cannot answer. */
  get(document: vscode.TextDocument): Promise<DocumentHpa[]> {
    if (document.languageId !== 'yaml') return Promise.resolve([]);
    const key = document.uri.toString();
    const cached = this.answers.get(key);
    if (cached && cached.version === document.version) return cached.hpas;
    if (this.server.status() !== 'running') return Promise.resolve([]);
    const hpas = this.server.request(DocumentHpasRequest, { uri: key }).then(
      (answer) => (Array.isArray(answer) ? answer : []),
      () => {
        // A failed answer is not kept: the next question asks again.
        if (this.answers.get(key)?.hpas === hpas) this.answers.delete(key);
        return [];
      },
    );
    this.remember(key, document.version, hpas);
    return hpas;
  }

  private remember(key: string, version: number, hpas: Promise<DocumentHpa[]>): void {
    this.answers.delete(key);
    this.answers.set(key, { version, hpas });
    if (this.answers.size > MAX_CACHED) this.answers.delete(this.answers.keys().next().value!);
  }
}

function isDocumentHpa(value: unknown): value is DocumentHpa {
  const hpa = value as Partial<DocumentHpa> | null;
  return (
    typeof hpa === 'object' &&
    hpa !== null &&
    typeof hpa.name === 'string' &&
    Number.isInteger(hpa.documentIndex) &&
    Number.isInteger(hpa.line)
  );
}

/** The notification's params when they have the declared shape, else undefined (dropped). */
function validAnnouncement(params: unknown): DocumentHpasChangedParams | undefined {
  const p = params as Partial<DocumentHpasChangedParams> | null;
  if (typeof p !== 'object' || p === null) return undefined;
  if (typeof p.uri !== 'string' || !Number.isInteger(p.version) || !Array.isArray(p.hpas)) return undefined;
  return p.hpas.every(isDocumentHpa) ? (p as DocumentHpasChangedParams) : undefined;
}

/** The HPA whose document holds `line`: the last one starting at or before it, else the first. */
export function hpaAtLine(hpas: readonly DocumentHpa[], line: number): DocumentHpa | undefined {
  let found = hpas[0];
  for (const hpa of hpas) if (hpa.line <= line) found = hpa;
  return found;
}
