/**
 * Pointer and keyboard handling on the drawn charts: where the pointer is in time (from the
 * `data-t0/t1/x0/x1` the chart model puts on its `<svg>`), a hover line in each chart, and
 * drag-to-zoom. It only reports times; the chart view decides what to draw and show.
 */

export interface ChartInteractionHandlers {
  /** The pointer is over the plots at this second (null: it left). */
  onHover(seconds: number | null): void;
  /** A dragged range, in seconds, to zoom to. */
  onZoom(range: { start: number; end: number }): void;
  /** Double-click: back to the whole run. */
  onResetZoom(): void;
}

/** Smallest drag, in px, that counts as a zoom rather than a click. */
const MIN_DRAG_PX = 6;
const SVG_NS = 'http://www.w3.org/2000/svg';

interface TimeAxis {
  t0: number;
  t1: number;
  x0: number;
  x1: number;
}

function axisOf(svg: SVGSVGElement): TimeAxis | null {
  const read = (name: string) => Number(svg.getAttribute(`data-${name}`));
  const axis = { t0: read('t0'), t1: read('t1'), x0: read('x0'), x1: read('x1') };
  return Object.values(axis).every(Number.isFinite) && axis.x1 > axis.x0 && axis.t1 > axis.t0 ? axis : null;
}

/** The second under a client x coordinate, or null outside the plots. */
export function timeAtClientX(svg: SVGSVGElement, clientX: number): number | null {
  const axis = axisOf(svg);
  if (!axis) return null;
  const box = svg.getBoundingClientRect();
  // The SVG is drawn at its own width (no scaling), so client px and SVG px differ only by the offset.
  const x = clientX - box.left;
  if (x < axis.x0 || x > axis.x1) return null;
  return axis.t0 + ((x - axis.x0) / (axis.x1 - axis.x0)) * (axis.t1 - axis.t0);
}

export function xOfTime(svg: SVGSVGElement, seconds: number): number | null {
  const axis = axisOf(svg);
  if (!axis) return null;
  return axis.x0 + ((seconds - axis.t0) / (axis.t1 - axis.t0)) * (axis.x1 - axis.x0);
}

/** Draws (or moves, or removes) one vertical marker of `cls` in every chart of the SVG. */
export function markTime(svg: SVGSVGElement, cls: string, seconds: number | null, until?: number): void {
  for (const chart of Array.from(svg.querySelectorAll<SVGGElement>('g.hpa-chart'))) {
    chart.querySelector(`:scope > .${cls}`)?.remove();
    if (seconds === null) continue;
    const x = xOfTime(svg, seconds);
    if (x === null) continue;
    const y0 = Number(chart.getAttribute('data-y0'));
    const y1 = Number(chart.getAttribute('data-y1'));
    let mark: SVGElement;
    if (until === undefined) {
      mark = document.createElementNS(SVG_NS, 'line');
      for (const [k, v] of Object.entries({ x1: x, x2: x, y1: y0, y2: y1 })) mark.setAttribute(k, String(v));
    } else {
      const x2 = xOfTime(svg, until) ?? x;
      mark = document.createElementNS(SVG_NS, 'rect');
      const attrs = { x: Math.min(x, x2), width: Math.abs(x2 - x), y: y0, height: y1 - y0 };
      for (const [k, v] of Object.entries(attrs)) mark.setAttribute(k, String(v));
    }
    mark.setAttribute('class', cls);
    mark.setAttribute('pointer-events', 'none');
    chart.append(mark);
  }
}

/** Wires the pointer to `host`, which holds the chart's `<svg>` (replaced on every redraw). */
export function attachChartInteraction(host: HTMLElement, handlers: ChartInteractionHandlers): void {
  let drag: { startX: number; startT: number } | null = null;
  const svgOf = () => host.querySelector<SVGSVGElement>('svg.hpa-charts');
  host.addEventListener('pointermove', (e) => {
    const svg = svgOf();
    if (!svg) return;
    const at = timeAtClientX(svg, e.clientX);
    if (drag) {
      const now = at ?? drag.startT;
      markTime(svg, 'hpa-zoom-band', drag.startT, now);
    }
    handlers.onHover(at);
  });
  host.addEventListener('pointerleave', () => {
    if (!drag) handlers.onHover(null);
  });
  host.addEventListener('pointerdown', (e) => {
    const svg = svgOf();
    if (!svg || e.button !== 0) return;
    const at = timeAtClientX(svg, e.clientX);
    if (at === null) return;
    drag = { startX: e.clientX, startT: at };
    host.setPointerCapture?.(e.pointerId);
    // A selection made earlier would otherwise grow with the drag.
    window.getSelection()?.removeAllRanges();
  });
  // A press on the charts starts a zoom, not a text selection: without this the browser selects the
  // titles, tick labels and legends the pointer sweeps over (and a double-click selects a word).
  host.addEventListener('selectstart', (e) => e.preventDefault());
  const endDrag = (e: PointerEvent) => {
    const svg = svgOf();
    const started = drag;
    drag = null;
    if (!svg || !started) return;
    markTime(svg, 'hpa-zoom-band', null);
    if (Math.abs(e.clientX - started.startX) < MIN_DRAG_PX) return;
    const box = svg.getBoundingClientRect();
    const axis = axisOf(svg);
    if (!axis) return;
    // Past the plot's edge the range ends at the edge.
    const x = Math.max(box.left + axis.x0, Math.min(e.clientX, box.left + axis.x1));
    const end = timeAtClientX(svg, x) ?? started.startT;
    handlers.onZoom({ start: Math.min(started.startT, end), end: Math.max(started.startT, end) });
  };
  host.addEventListener('pointerup', endDrag);
  host.addEventListener('pointercancel', () => {
    drag = null;
    const svg = svgOf();
    if (svg) markTime(svg, 'hpa-zoom-band', null);
  });
  host.addEventListener('dblclick', () => handlers.onResetZoom());
}
