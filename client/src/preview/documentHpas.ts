/**
 * The HPAs of an open document as the server sees them (hpa/documentHpas), asked once per document
 * version: the editor-title button, the active-editor tracking and the cursor tracking of the
 * preview all read the same answer.
 */
import type * as vscode from 'vscode';
import { DocumentHpasRequest, type DocumentHpa } from '../../../common/protocol';
import type { ServerLink } from '../serverLink';

/** Only the latest version of a few documents is worth keeping. */
const MAX_CACHED = 32;

export class DocumentHpaCache {
  private readonly answers = new Map<string, { version: number; hpas: Promise<DocumentHpa[]> }>();

  constructor(private readonly server: ServerLink) {}

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
    this.answers.delete(key);
    this.answers.set(key, { version: document.version, hpas });
    if (this.answers.size > MAX_CACHED) this.answers.delete(this.answers.keys().next().value!);
    return hpas;
  }
}

/** The HPA whose document holds `line`: the last one starting at or before it, else the first. */
export function hpaAtLine(hpas: readonly DocumentHpa[], line: number): DocumentHpa | undefined {
  let found = hpas[0];
  for (const hpa of hpas) if (hpa.line <= line) found = hpa;
  return found;
}
