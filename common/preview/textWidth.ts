/**
 * How wide a label is, for laying out the charts' legends and axes. The webview passes a real
 * measurement (canvas `measureText` in the panel's font); everything else (the exported SVG, Node)
 * uses `estimateTextWidth`, which errs wide so a label never runs into its neighbour: an East Asian
 * wide character takes a full em, which a per-character Latin average badly undercounts.
 */

/** Width in px of `text` set at `fontSize` px, semi-bold (600) when `bold`. */
export type TextMeasure = (text: string, fontSize: number, bold?: boolean) => number;

/** East Asian Wide and Fullwidth ranges (UAX #11): CJK, kana, Hangul, fullwidth forms. */
export function isWideCodePoint(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0x303e) ||
    (cp >= 0x3041 && cp <= 0x33ff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0xa000 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    (cp >= 0xffe0 && cp <= 0xffe6) ||
    (cp >= 0x20000 && cp <= 0x3fffd)
  );
}

// Em fractions at or above what common sans-serif faces use, so the estimate is an upper bound.
const NARROW = new Set([..." .,:;!|il'()[]{}"]);
const BROAD = new Set([...'mwMW%@']);

/** A conservative width: wide characters 1 em, capitals and m/w 0.85 em, other Latin 0.6 em. */
export function estimateTextWidth(text: string, fontSize: number, bold = false): number {
  let em = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (isWideCodePoint(cp)) em += 1;
    else if (NARROW.has(ch)) em += 0.34;
    else if (BROAD.has(ch) || (ch >= 'A' && ch <= 'Z')) em += 0.85;
    else if (cp < 0x80) em += 0.6;
    else em += 0.8; // other scripts and symbols (–, ×, ↑): wider than a Latin average
  }
  // Semi-bold faces run about 5-8 % wider; 10 % keeps the estimate an upper bound.
  return em * fontSize * (bold ? 1.1 : 1);
}

/**
 * Breaks `text` into lines no wider than `maxWidth`: between words, and between any two wide
 * characters (Japanese and Chinese have no spaces to break at). A single word wider than the line
 * stays whole on its own line rather than being cut mid-word.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  fontSize: number,
  measure: TextMeasure,
  bold = false,
): string[] {
  if (measure(text, fontSize, bold) <= maxWidth) return [text];
  // Units to break between: a run of narrow characters with its trailing spaces, or one wide character.
  const units =
    text.match(
      /[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffe6]+\s*|\s+|./gu,
    ) ?? [];
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    const candidate = line + unit;
    if (line !== '' && measure(candidate.trimEnd(), fontSize, bold) > maxWidth) {
      lines.push(line.trimEnd());
      line = unit.trimStart();
    } else line = candidate;
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}
