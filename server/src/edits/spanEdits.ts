/**
 * Building blocks of minimal edits: replace one node, delete whole lines, insert lines after a
 * node, and wrap them in a WorkspaceEdit (with LSP 3.18 snippet edits when the client takes them).
 */
import type { Node, Pair, YAMLMap } from 'yaml';
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { FileModel } from '../yaml/documents';
import { isMap, isSeq, pairsOf } from '../yaml/yamlNodes';
import { type IndexedDocument, offsetAt, rangeOf, spanOf } from '../workspace/indexedDocument';
import { columnOf, lineStartOf, nextLineStart } from './textLayout';

/** A plain edit plus, optionally, the same text with tab stops for clients that apply snippets. */
export interface PlannedEdit {
  range: Range;
  newText: string;
  snippet?: string;
}

/** LSP 3.18 SnippetTextEdit, declared here because vscode-languageserver 9 speaks LSP 3.17. */
interface SnippetTextEdit {
  range: Range;
  snippet: { kind: 'snippet'; value: string };
}

/**
 * The edits as the client takes them, for the file at `uri`; `snippetEdits` is the client's ability
 * (features/context.ts), so this module needs nothing of the features around it.
 */
export function toWorkspaceEdit(
  ctx: { snippetEdits?: boolean },
  uri: string,
  edits: PlannedEdit[],
): WorkspaceEdit {
  if (ctx.snippetEdits && edits.some((e) => e.snippet !== undefined)) {
    const documentEdits: (TextEdit | SnippetTextEdit)[] = edits.map((e) =>
      e.snippet !== undefined
        ? { range: e.range, snippet: { kind: 'snippet', value: e.snippet } }
        : { range: e.range, newText: e.newText },
    );
    return {
      documentChanges: [{ textDocument: { uri, version: null }, edits: documentEdits as TextEdit[] }],
    };
  }
  return { changes: { [uri]: edits.map((e) => ({ range: e.range, newText: e.newText })) } };
}

/** Applies plain edits to the file's text (for tests and for checking a fix before offering it). */
export function applyEdits(file: FileModel, edits: { range: Range; newText: string }[]): string {
  const offsets = edits
    .map((e) => ({ start: offsetAt(file, e.range.start), end: offsetAt(file, e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = file.text;
  for (const e of offsets) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

export function replaceNode(doc: IndexedDocument, node: Node, newText: string): PlannedEdit | undefined {
  const span = spanOf(doc, node);
  return span ? { range: rangeOf(doc.file, span[0], span[1]), newText } : undefined;
}

/**
 * End of a node's last content character (trailing blank lines excluded). A block map or sequence
 * ends where the text says, not where its tree does: in a workload parsed from its read fields, an
 * unread last field (`env:` and its list) keeps its key but not its lines.
 */
export function contentEnd(doc: IndexedDocument, node: unknown): number | undefined {
  const span = spanOf(doc, node);
  if (!span) return undefined;
  if ((isMap(node) || isSeq(node)) && !node.flow) return blockEnd(doc, span[0], isSeq(node));
  const text = doc.file.text;
  let end = span[1];
  while (end > span[0] && /\s/.test(text[end - 1]!)) end--;
  return end;
}

/**
 * The end of the last line of the block starting at `start`, as YAML's indentation defines it: the
 * block goes on until a line of the document with content left of its column (a map's keys, a
 * sequence's dashes), or at its column but not an item of the sequence (`key:` then `- item` at the
 * key's column). A comment inside the block belongs to it; one left of its column after its last
 * line introduces what follows, so it stays out.
 */
function blockEnd(doc: IndexedDocument, start: number, sequence: boolean): number {
  const text = doc.file.text;
  const column = columnOf(doc.file, start);
  const lineEnd = (at: number): number => {
    let end = Math.min(nextLineStart(text, at), doc.end);
    while (end > at && /\s/.test(text[end - 1]!)) end--;
    return end;
  };
  let end = lineEnd(start);
  for (let at = nextLineStart(text, start); at < doc.end; at = nextLineStart(text, at)) {
    let indent = 0;
    while (text.charCodeAt(at + indent) === 32) indent++;
    const first = text[at + indent];
    if (first === undefined || first === '\n' || first === '\r') continue;
    if (first === '#') {
      if (indent >= column) end = lineEnd(at);
      continue;
    }
    const item = first === '-' && /[ \t\r\n]/.test(text[at + indent + 1] ?? '\n');
    if (indent < column || (sequence && indent === column && !item)) break;
    end = lineEnd(at);
  }
  return end;
}

/**
 * The whole lines [start, end) of a block-style pair, from its key's line to the line break after
 * its value (an end-of-line comment included); undefined when the key does not start its line.
 */
export function pairLineSpan(doc: IndexedDocument, pair: Pair): [number, number] | undefined {
  const text = doc.file.text;
  const keySpan = spanOf(doc, pair.key);
  const end = contentEnd(doc, pair.value) ?? keySpan?.[1];
  if (!keySpan || end === undefined) return undefined;
  const start = lineStartOf(text, keySpan[0]);
  if (text.slice(start, keySpan[0]).trim() !== '') return undefined;
  return [start, nextLineStart(text, end)];
}

/** Offset of the line after the one where `node`'s content ends: where sibling lines go. */
export function lineAfter(doc: IndexedDocument, node: unknown): number | undefined {
  const end = contentEnd(doc, node);
  return end === undefined ? undefined : nextLineStart(doc.file.text, end);
}

/**
 * Where a new key of a block map goes: the line after the map's content, at the column of its first
 * key. One answer for every edit that adds a field (the "write the default behavior" refactor and
 * the preview's Apply), so both put `behavior:` in the same place.
 */
export function newKeyPlace(doc: IndexedDocument, map: YAMLMap): { at: number; column: number } | undefined {
  const firstKey = spanOf(doc, pairsOf(map)[0]?.key);
  const at = lineAfter(doc, map);
  if (!firstKey || at === undefined) return undefined;
  return { at, column: columnOf(doc.file, firstKey[0]) };
}

/** Whole lines as text, each ended by `eol`. */
export function linesText(lines: readonly string[], eol: string): string {
  return lines.map((l) => l + eol).join('');
}

/** The line break to put before lines inserted at `at`: one when that is the end of a file without one. */
function leadingBreak(text: string, at: number, eol: string): string {
  return at === text.length && text.length > 0 && !text.endsWith('\n') ? eol : '';
}

/** Inserts whole lines at a line start, adding a line break first when the file ends without one. */
export function insertLines(
  file: FileModel,
  at: number,
  lines: string[],
  eol: string,
  snippetLines?: string[],
): PlannedEdit {
  const lead = leadingBreak(file.text, at, eol);
  const edit: PlannedEdit = { range: rangeOf(file, at, at), newText: lead + linesText(lines, eol) };
  if (snippetLines) edit.snippet = lead + linesText(snippetLines, eol);
  return edit;
}

/** A replacement of the file's text [start, end) in offsets, before it becomes an LSP range. */
export interface SpanEdit {
  start: number;
  end: number;
  text: string;
}

/** insertLines in offsets: whole lines inserted at the line start `at` of `text`. */
export function insertLinesSpan(text: string, at: number, lines: readonly string[], eol: string): SpanEdit {
  return { start: at, end: at, text: leadingBreak(text, at, eol) + linesText(lines, eol) };
}

/**
 * Several non-overlapping edits of one text as one: from the first edit's start to the last one's
 * end, the text between them kept as it is. For a client that applies one TextEdit, so the change is
 * one undo step. Edits at the same offset keep their order, an insertion before a replacement that
 * starts there; undefined when two edits overlap (a planning error the caller must not apply).
 */
export function mergeSpanEdits(text: string, edits: readonly SpanEdit[]): SpanEdit | undefined {
  const sorted = edits
    .map((edit, order) => ({ edit, order }))
    .sort(
      (a, b) =>
        a.edit.start - b.edit.start ||
        Number(a.edit.end > a.edit.start) - Number(b.edit.end > b.edit.start) ||
        a.order - b.order,
    )
    .map(({ edit }) => edit);
  const first = sorted[0];
  if (!first) return undefined;
  let cursor = first.start;
  let merged = '';
  for (const edit of sorted) {
    if (edit.start < cursor) return undefined;
    merged += text.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return { start: first.start, end: cursor, text: merged };
}
