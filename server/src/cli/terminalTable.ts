/**
 * Text tables for the terminal (`simulate` and `tune` print them): columns padded to the widest
 * cell as a terminal draws it, so Japanese and Chinese headers and sentences still line up.
 */

/**
 * East Asian Wide and Fullwidth ranges (Unicode's EastAsianWidth W and F), which a terminal draws
 * two columns wide: Hangul Jamo, CJK punctuation, kana, CJK ideographs and their extensions, Yi,
 * Hangul syllables, compatibility ideographs, vertical and small forms, fullwidth forms, and the
 * emoji blocks terminals draw wide.
 */
const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

/** Terminal columns a text takes: wide and full-width characters take two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    const c = char.codePointAt(0) ?? 0;
    width += WIDE_RANGES.some(([from, to]) => c >= from && c <= to) ? 2 : 1;
  }
  return width;
}

/** Rows as lines, each column padded to its widest cell, two spaces between columns, `indent` first. */
export function padColumns(rows: readonly (readonly string[])[], indent = ''): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => displayWidth(r[i] ?? '')))) ?? [];
  return rows
    .map((r) =>
      `${indent}${r
        .map((c, i) =>
          i === r.length - 1 ? c : c + ' '.repeat(Math.max(0, (widths[i] ?? 0) - displayWidth(c))),
        )
        .join('  ')}`.trimEnd(),
    )
    .join('\n');
}
