/**
 * Offsets in the value of a literal block scalar (`|`, `|-`, `|+`, `|2`...) as offsets in the file
 * that holds it. Kustomize reads an inline patch as that value: the lines after the scalar's header
 * line, each with the block's indentation removed and its line break (CRLF, LF or a lone CR) made
 * one `\n`. So line i of the value is line i after the header, shifted right by the indentation,
 * and a finding in the patch can be shown at its own line and columns of the kustomization.
 */
import type { Span } from '../yaml/ranges';

const LINE_BREAK = /\r\n|\r|\n/g;

interface RawLine {
  start: number;
  /** Length without the line break. */
  length: number;
}

/**
 * A function from value offsets to file offsets, or undefined when the value is not the scalar's
 * lines with one indentation removed (a folded `>` scalar, a quoted or plain string): such a patch
 * is not shown by line.
 *
 * `scalar` is the scalar's span in `fileText`, from its `|` header to its last content line;
 * `value` is what the YAML parser read from it.
 */
export function literalBlockOffsets(
  fileText: string,
  scalar: Span,
  value: string,
): ((offset: number) => number) | undefined {
  if (fileText[scalar.start] !== '|') return undefined;
  const lines = rawLinesAfterHeader(fileText, scalar);
  if (lines === undefined) return undefined;
  const valueLines = value.split('\n');
  // Every non-empty value line is its raw line minus the same indentation; blank lines may carry
  // fewer spaces than that (or none), which is why the first line with content decides it.
  let indent: number | undefined;
  for (let i = 0; i < valueLines.length && i < lines.length; i++) {
    const text = valueLines[i]!;
    if (text.length === 0) continue;
    const raw = lines[i]!;
    indent ??= raw.length - text.length;
    if (indent < 0 || fileText.slice(raw.start + indent, raw.start + raw.length) !== text) return undefined;
  }
  if (indent === undefined) return undefined;
  const valueLineStarts: number[] = [];
  let at = 0;
  for (const text of valueLines) {
    valueLineStarts.push(at);
    at += text.length + 1;
  }
  const shift = indent;
  return (offset) => {
    let line = 0;
    while (line + 1 < valueLineStarts.length && valueLineStarts[line + 1]! <= offset) line++;
    const raw = lines[line];
    if (!raw) return scalar.end;
    const column = offset - valueLineStarts[line]!;
    return raw.start + Math.min(shift + column, raw.length);
  };
}

/** The lines between the header line and the scalar's end, or undefined when the header ends the text. */
function rawLinesAfterHeader(fileText: string, scalar: Span): RawLine[] | undefined {
  LINE_BREAK.lastIndex = scalar.start;
  const header = LINE_BREAK.exec(fileText);
  if (!header || header.index >= scalar.end) return undefined;
  const lines: RawLine[] = [];
  let start = header.index + header[0].length;
  while (start < scalar.end) {
    LINE_BREAK.lastIndex = start;
    const lineBreak = LINE_BREAK.exec(fileText);
    const end = lineBreak ? lineBreak.index : fileText.length;
    lines.push({ start, length: end - start });
    if (!lineBreak) break;
    start = lineBreak.index + lineBreak[0].length;
  }
  return lines;
}
