/**
 * The field path at a cursor, read from the text's indentation rather than from the parse tree:
 * while the user types, the document is often incomplete (`polic|`, `- `), and the tree then has no
 * node there. Sequence items appear in the path as '[]'.
 */

interface LineInfo {
  blank: boolean;
  marker: boolean;
  indent: number;
  dash: boolean;
  /** Column where the content after any "- " starts. */
  contentCol: number;
  key?: string;
  /** The key has a value on the same line. */
  hasValue: boolean;
}

const KEY = /^([^\s:#'"[\]{},][^:#]*?|"[^"]*"|'[^']*'):(?:\s+(.*))?$/;

export function lineInfo(line: string): LineInfo {
  const text = line.replace(/\r$/, '');
  if (/^\s*(#.*)?$/.test(text))
    return { blank: true, marker: false, indent: 0, dash: false, contentCol: 0, hasValue: false };
  if (/^(---|\.\.\.)(\s|$)/.test(text)) {
    return { blank: false, marker: true, indent: 0, dash: false, contentCol: 0, hasValue: false };
  }
  const indent = text.length - text.trimStart().length;
  let i = indent;
  let dash = false;
  if (text[i] === '-' && (text[i + 1] === ' ' || i + 1 === text.length)) {
    dash = true;
    i += 1;
    while (text[i] === ' ') i++;
  }
  const content = text.slice(i);
  const m = KEY.exec(content.replace(/\s+#.*$/, ''));
  const key = m ? m[1]!.replace(/^["']|["']$/g, '') : undefined;
  const rest = m?.[2]?.trim() ?? '';
  return {
    blank: false,
    marker: false,
    indent,
    dash,
    contentCol: i,
    ...(key !== undefined ? { key } : {}),
    hasValue: rest !== '',
  };
}

/**
 * Path of the mapping whose keys start at `column` on line `line` (0-based). `itemStart` is true
 * when that line begins a sequence item ("- key"), whose dash sits at `dashColumn`.
 */
export function containerPath(
  lines: string[],
  line: number,
  column: number,
  itemStart = false,
  dashColumn = 0,
): string[] {
  const path: string[] = [];
  let target = column;
  let mode: 'map' | 'seq' = 'map';
  if (itemStart) {
    path.unshift('[]');
    target = dashColumn;
    mode = 'seq';
  }
  for (let i = line - 1; i >= 0 && target > 0; i--) {
    const info = lineInfo(lines[i] ?? '');
    if (info.blank) continue;
    if (info.marker) break;
    const owns = (): boolean => {
      if (info.key === undefined || info.hasValue) return false;
      path.unshift(info.key);
      if (info.dash) {
        path.unshift('[]');
        target = info.indent;
        mode = 'seq';
      } else {
        target = info.indent;
        mode = 'map';
      }
      return true;
    };
    if (mode === 'map') {
      if (info.dash && info.contentCol === target) {
        // A sibling key inside this item: we are in the item that starts here.
        path.unshift('[]');
        target = info.indent;
        mode = 'seq';
        continue;
      }
      if (info.contentCol < target) {
        if (!owns()) break;
      }
      continue;
    }
    // mode 'seq': find the key that owns the sequence whose dashes are at `target`.
    if (info.dash && info.indent === target) continue;
    if (!info.dash && info.indent === target) {
      if (!owns()) break;
      continue;
    }
    if (info.indent < target) {
      if (!owns()) break;
    }
  }
  return path;
}

/** First and last line (inclusive) of the `---`-delimited document around a line, markers excluded. */
export function documentLines(lines: string[], line: number): { start: number; end: number } {
  let start = line;
  while (start > 0 && !lineInfo(lines[start - 1] ?? '').marker) start--;
  let end = line;
  while (end + 1 < lines.length && !lineInfo(lines[end + 1] ?? '').marker) end++;
  if (lineInfo(lines[start] ?? '').marker && start < line) start++;
  return { start, end };
}
