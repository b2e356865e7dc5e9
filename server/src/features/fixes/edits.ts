/**
 * Building blocks of minimal edits: replace one node, delete whole lines, insert lines after a
 * node, and wrap them in a WorkspaceEdit (with LSP 3.18 snippet edits when the client takes them).
 */
import type { Node, Pair } from 'yaml';
import type { Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import type { FeatureContext } from '../context';
import { lineStartOf, nextLineStart } from '../textLayout';
import type { YamlFile } from '../yamlFile';
import { rangeOf, spanOf } from '../yamlFile';

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

export function toWorkspaceEdit(ctx: FeatureContext, edits: PlannedEdit[]): WorkspaceEdit {
  if (ctx.snippetEdits && edits.some((e) => e.snippet !== undefined)) {
    const documentEdits: (TextEdit | SnippetTextEdit)[] = edits.map((e) =>
      e.snippet !== undefined
        ? { range: e.range, snippet: { kind: 'snippet', value: e.snippet } }
        : { range: e.range, newText: e.newText },
    );
    return {
      documentChanges: [
        { textDocument: { uri: ctx.uri, version: null }, edits: documentEdits as TextEdit[] },
      ],
    };
  }
  return { changes: { [ctx.uri]: edits.map((e) => ({ range: e.range, newText: e.newText })) } };
}

/** Applies plain edits to a text (for tests and for checking a fix before offering it). */
export function applyEdits(text: string, edits: { range: Range; newText: string }[], file: YamlFile): string {
  const offsets = edits
    .map((e) => ({ start: offsetOf(file, e.range.start), end: offsetOf(file, e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of offsets) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

function offsetOf(file: YamlFile, pos: { line: number; character: number }): number {
  const start = file.lineCounter.lineStarts[pos.line];
  return start === undefined ? file.text.length : start + pos.character;
}

export function replaceNode(file: YamlFile, node: Node, newText: string): PlannedEdit | undefined {
  const span = spanOf(node);
  return span ? { range: rangeOf(file, span[0], span[1]), newText } : undefined;
}

/** End of a node's last content character (trailing blank lines and comments excluded). */
export function contentEnd(file: YamlFile, node: unknown): number | undefined {
  const span = spanOf(node);
  if (!span) return undefined;
  let end = span[1];
  while (end > span[0] && /\s/.test(file.text[end - 1]!)) end--;
  return end;
}

/**
 * The whole lines [start, end) of a block-style pair, from its key's line to the line break after
 * its value (an end-of-line comment included); undefined when the key does not start its line.
 */
export function pairLineSpan(file: YamlFile, pair: Pair): [number, number] | undefined {
  const keySpan = spanOf(pair.key);
  const end = contentEnd(file, pair.value) ?? keySpan?.[1];
  if (!keySpan || end === undefined) return undefined;
  const start = lineStartOf(file.text, keySpan[0]);
  if (file.text.slice(start, keySpan[0]).trim() !== '') return undefined;
  return [start, nextLineStart(file.text, end)];
}

/** Offset of the line after the one where `node`'s content ends: where sibling lines go. */
export function lineAfter(file: YamlFile, node: unknown): number | undefined {
  const end = contentEnd(file, node);
  return end === undefined ? undefined : nextLineStart(file.text, end);
}

/** Inserts whole lines at a line start, adding a line break first when the file ends without one. */
export function insertLines(
  file: YamlFile,
  at: number,
  lines: string[],
  eol: string,
  snippetLines?: string[],
): PlannedEdit {
  const lead = at === file.text.length && file.text.length > 0 && !file.text.endsWith('\n') ? eol : '';
  const body = (ls: string[]): string => lead + ls.map((l) => l + eol).join('');
  const edit: PlannedEdit = { range: rangeOf(file, at, at), newText: body(lines) };
  if (snippetLines) edit.snippet = body(snippetLines);
  return edit;
}
