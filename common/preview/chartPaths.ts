/**
 * Chart lines as SVG path strings: step functions (replicas) and polylines (metrics, load), with the
 * pixel arithmetic of a plot frame. Kept apart from the chart layout because these run on every
 * repaint of a 24 h run and are tested on their own.
 */

/** Rounds to 0.1 px: enough for the eye, and keeps a 24 h path string short. */
export function r(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Where a plot sits (px) and what it shows: seconds t0..tMax across, 0..vMax up. */
export interface Frame {
  x0: number;
  x1: number;
  y0: number; // pixel of the top of the plot
  y1: number; // pixel of the bottom of the plot
  /** The first second shown (0 unless zoomed). */
  t0?: number;
  /** The last second shown. */
  tMax: number;
  vMax: number;
}

/**
 * Not clamped: a zoomed plot draws one sample beyond each edge so its lines run to the frame, and
 * the chart clips them there.
 */
export function xOf(f: Frame, tSec: number): number {
  const t0 = f.t0 ?? 0;
  return f.x0 + ((tSec - t0) / Math.max(1e-9, f.tMax - t0)) * (f.x1 - f.x0);
}
/** Clamped to the plot: a value above the axis is drawn at its top (and marked by the caller). */
export function yOf(f: Frame, v: number): number {
  const clamped = Math.max(0, Math.min(v, f.vMax));
  return f.y1 - (clamped / f.vMax) * (f.y1 - f.y0);
}

/** A step-function path (value holds until the next point), emitting only the changes. */
export function stepPath(points: { t: number; v: number }[], f: Frame, tEnd: number): string {
  return stepPathOf(
    points,
    (p) => p.t,
    (p) => p.v,
    f,
    tEnd,
  );
}

/** stepPath over any items, read through accessors: no intermediate arrays on a repaint. */
export function stepPathOf<T>(
  items: readonly T[],
  tOf: (item: T) => number,
  vOf: (item: T) => number,
  f: Frame,
  tEnd: number,
): string {
  if (items.length === 0) return '';
  const parts: string[] = [];
  let prevV = vOf(items[0]!);
  let prevY = r(yOf(f, prevV));
  parts.push(`M${r(xOf(f, tOf(items[0]!)))} ${prevY}`);
  for (let i = 1; i < items.length; i++) {
    // Replicas hold for many syncs: an unchanged value cannot move the line, so skip its arithmetic.
    const v = vOf(items[i]!);
    if (v === prevV) continue;
    prevV = v;
    const y = r(yOf(f, v));
    if (y === prevY) continue;
    parts.push(`H${r(xOf(f, tOf(items[i]!)))}V${y}`);
    prevY = y;
  }
  parts.push(`H${r(xOf(f, tEnd))}`);
  return parts.join('');
}

/**
 * A polyline through the samples, reduced to the first, lowest, highest and last sample of each
 * pixel column: 5,760 syncs on a 640 px plot become at most ~2,600 vertices with the same outline.
 * Non-finite values break the line (a metric that failed has no value to draw). No per-point
 * objects are allocated: this runs on every repaint.
 */
export function linePath(points: { t: number; v: number | null }[], f: Frame): string {
  return linePathOf(
    points,
    (p) => p.t,
    (p) => p.v,
    f,
  );
}

/** linePath over any items, read through accessors. */
export function linePathOf<T>(
  items: readonly T[],
  tOf: (item: T) => number,
  vOf: (item: T) => number | null,
  f: Frame,
): string {
  const parts: string[] = [];
  let penDown = false;
  let column = NaN;
  let count = 0;
  // first, lowest on screen (largest y), highest on screen (smallest y), last: x and y of each
  let fx = 0,
    fy = 0,
    lox = 0,
    loy = 0,
    hix = 0,
    hiy = 0,
    lx = 0,
    ly = 0;
  let loFirst = false;
  const vertex = (x: number, y: number) => {
    parts.push(`${penDown ? 'L' : 'M'}${r(x)} ${r(y)}`);
    penDown = true;
  };
  const flush = () => {
    if (count === 0) return;
    vertex(fx, fy);
    if (count > 1) {
      // Keep the extremes in time order so the outline does not zig-zag backwards (plain numbers,
      // no pairs allocated: this runs once per pixel column of every line).
      const ax = loFirst ? lox : hix;
      const ay = loFirst ? loy : hiy;
      const bx = loFirst ? hix : lox;
      const by = loFirst ? hiy : loy;
      if (ax !== fx || ay !== fy) vertex(ax, ay);
      if (bx !== ax || by !== ay) vertex(bx, by);
      if (lx !== bx || ly !== by) vertex(lx, ly);
    }
    count = 0;
  };
  for (const item of items) {
    const v = vOf(item);
    if (v === null || !Number.isFinite(v)) {
      flush();
      penDown = false;
      continue;
    }
    const x = xOf(f, tOf(item));
    const y = yOf(f, v);
    const col = Math.floor(x);
    if (col !== column) {
      flush();
      column = col;
    }
    if (count === 0) {
      fx = lox = hix = lx = x;
      fy = loy = hiy = ly = y;
      loFirst = true;
    } else {
      if (y > loy) {
        lox = x;
        loy = y;
        loFirst = lox <= hix;
      }
      if (y < hiy) {
        hix = x;
        hiy = y;
        loFirst = lox <= hix;
      }
      lx = x;
      ly = y;
    }
    count++;
  }
  flush();
  return parts.join('');
}
