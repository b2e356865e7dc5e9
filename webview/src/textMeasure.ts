/**
 * Real text widths for the chart's layout: a canvas measures each label in the font the SVG text is
 * drawn with (the panel's font family, whatever VS Code's settings make it), so Japanese and Chinese
 * labels are spaced by what they really take, not by a Latin per-character average.
 */
import type { TextMeasure } from '../../common/preview/textWidth';
import { estimateTextWidth } from '../../common/preview/textWidth';

export function createTextMeasure(fontSource: Element): TextMeasure {
  const context = document.createElement('canvas').getContext('2d');
  const cache = new Map<string, number>();
  let family = '';
  return (text, fontSize, bold = false) => {
    // No canvas (a locked-down browser): the conservative estimate still keeps labels apart.
    if (!context) return estimateTextWidth(text, fontSize, bold);
    const current = getComputedStyle(fontSource).fontFamily || 'sans-serif';
    if (current !== family) {
      family = current;
      cache.clear();
    }
    const key = `${bold ? 'b' : ''}${fontSize}\u0000${text}`;
    let width = cache.get(key);
    if (width === undefined) {
      context.font = `${bold ? '600 ' : ''}${fontSize}px ${family}`;
      // Rounded up by a pixel: subpixel widths differ slightly between canvas and SVG text.
      width = Math.ceil(context.measureText(text).width) + 1;
      cache.set(key, width);
    }
    return width;
  };
}
