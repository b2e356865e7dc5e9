/**
 * The one place where string offsets (what `yaml` reports) become LSP positions.
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
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
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
    this.lineStarts = starts;
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
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    // An offset inside a line break (between \r and \n) belongs at the end of the line's content.
    const next = low + 1 < this.lineStarts.length ? this.lineStarts[low + 1] : this.text.length;
    let contentEnd = next;
    if (contentEnd > this.lineStarts[low] && this.text.charCodeAt(contentEnd - 1) === 10) contentEnd--;
    if (contentEnd > this.lineStarts[low] && this.text.charCodeAt(contentEnd - 1) === 13) contentEnd--;
    return { line: low, character: Math.min(clamped, contentEnd) - this.lineStarts[low] };
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
