/**
 * The one place where string offsets (what `yaml` reports) become LSP positions, and back.
 * Offsets and LSP characters are both UTF-16 code units, so only the line split is needed.
 * `yaml`'s own LineCounter is 1-based and per document; this index is 0-based and per file, so
 * a document parsed on its own (see documents.ts) only has to add its offset in the file.
 */
import type { Position, Range } from 'vscode-languageserver-types';

/** A half-open span of a file's text, as string offsets. */
export interface Span {
  start: number;
  end: number;
}

export class LineIndex {
  /** Offset of the first character of each line. */
  private readonly lineStarts: ArrayLike<number>;

  /** `lineStarts` when the caller already has them (FileModel joins its documents' own). */
  constructor(
    private readonly text: string,
    lineStarts?: ArrayLike<number>,
  ) {
    this.lineStarts = lineStarts ?? lineStartsOf(text);
  }

  /**
   * The index of a text made of pieces whose line starts are known, each piece given with its
   * offset (in order, covering the text). Why: an edit re-uses every unchanged document's model,
   * so joining their cached starts avoids scanning the whole file for line breaks again. The starts
   * go into one typed array sized up front: a 40,000-line file is joined on every edit, and growing
   * a plain array push by push cost more than the rest of the join.
   */
  static joined(
    text: string,
    pieces: readonly { offset: number; lineStarts: readonly number[] }[],
  ): LineIndex {
    let total = 0;
    for (const piece of pieces) total += piece.lineStarts.length;
    // Offsets are string indices, far below 2^31 (V8 strings are shorter than 2^30 characters).
    const starts = new Int32Array(total);
    let count = 0;
    for (const piece of pieces) {
      const first = piece.offset;
      const lineStarts = piece.lineStarts;
      // A piece begins a line unless what precedes it is not a line break (a split after U+2028, say).
      const beginsLine = first === 0 || isLineBreak(text.charCodeAt(first - 1));
      let k = 0;
      if (lineStarts.length > 0) {
        const at = first + (lineStarts[0] as number);
        if (beginsLine && (count === 0 || starts[count - 1] !== at)) starts[count++] = at;
        k = 1;
      }
      for (; k < lineStarts.length; k++) starts[count++] = first + (lineStarts[k] as number);
    }
    return new LineIndex(text, count === total ? starts : starts.subarray(0, count));
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.lineStarts[mid] as number) <= clamped) low = mid;
      else high = mid - 1;
    }
    // An offset inside a line break (between \r and \n) belongs at the end of the line's content.
    return { line: low, character: Math.min(clamped, this.contentEnd(low)) - this.lineStarts[low] };
  }

  /** Offset just past a line's last character, before its line break. */
  private contentEnd(line: number): number {
    const start = this.lineStarts[line];
    let end = line + 1 < this.lineStarts.length ? this.lineStarts[line + 1] : this.text.length;
    if (end > start && this.text.charCodeAt(end - 1) === 10) end--;
    if (end > start && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  /**
   * The offset of an LSP position. A character past the line's content means the line's end (as
   * LSP says), a line past the last means the end of the text, and negative numbers mean the start.
   */
  offset(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const start = this.lineStarts[position.line];
    return Math.min(start + Math.max(0, position.character), this.contentEnd(position.line));
  }

  range(span: Span): Range {
    return { start: this.position(span.start), end: this.position(span.end) };
  }

  /** Offset of a 0-based line's start (the end of the text past the last line). */
  offsetOfLine(line: number): number {
    if (line < 0) return 0;
    return line < this.lineStarts.length ? this.lineStarts[line] : this.text.length;
  }
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

/** Offsets of the first character of each line: after LF, CRLF, and a lone CR (as LSP and VS Code count them). */
export function lineStartsOf(text: string): number[] {
  const starts = [0];
  if (text.includes('\r')) {
    // LSP and VS Code also end a line at a lone \r (old Mac files): count it, or every position lands on line 0.
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (c === 10 || c === 13) starts.push(i + 1);
    }
  } else {
    let at = text.indexOf('\n');
    while (at !== -1) {
      starts.push(at + 1);
      at = text.indexOf('\n', at + 1);
    }
  }
  return starts;
}
