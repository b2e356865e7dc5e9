/**
 * Where a diagnostic may point: inside its document as the editor splits it into lines. The oracle
 * is vscode-languageserver-textdocument, the same line model VS Code uses (LF, CRLF and a lone CR
 * all end a line), not the server's own LineIndex, so a disagreement between the two shows up.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Range } from 'vscode-languageserver-types';

export interface LineModel {
  lineCount: number;
  /** Length of a line without its line break, in UTF-16 code units. */
  lineLength(line: number): number;
}

export function lineModel(text: string): LineModel {
  const document = TextDocument.create('fuzz://range-check', 'yaml', 1, text);
  return {
    lineCount: document.lineCount,
    lineLength(line: number): number {
      const start = document.offsetAt({ line, character: 0 });
      const next =
        line + 1 < document.lineCount ? document.offsetAt({ line: line + 1, character: 0 }) : text.length;
      let end = next;
      // Drop the line break: \n, \r\n or \r.
      if (end > start && text.charCodeAt(end - 1) === 10) end--;
      if (end > start && text.charCodeAt(end - 1) === 13) end--;
      return end - start;
    },
  };
}

/** Why a range is not inside the document, or undefined when it is. */
export function rangeProblem(range: Range, lines: LineModel): string | undefined {
  for (const [name, p] of [
    ['start', range.start],
    ['end', range.end],
  ] as const) {
    if (!Number.isInteger(p.line) || !Number.isInteger(p.character)) return `${name} is not integral`;
    if (p.line < 0 || p.character < 0) return `${name} is negative`;
    if (p.line >= lines.lineCount) return `${name} line ${p.line} >= lineCount ${lines.lineCount}`;
    const length = lines.lineLength(p.line);
    if (p.character > length) return `${name} character ${p.character} > length ${length} of line ${p.line}`;
  }
  if (
    range.start.line > range.end.line ||
    (range.start.line === range.end.line && range.start.character > range.end.character)
  ) {
    return 'start is after end';
  }
  return undefined;
}
