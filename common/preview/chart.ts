/**
 * The preview's two charts as one SVG tree: (1) each metric against its target with the tolerance
 * band, and the load behind it; (2) replicas of every variant with min and max. Colours are CSS classes
 * (`hpa-c-*`) so the webview's stylesheet maps them to VS Code theme variables and the exported file
 * carries its own style block; nothing here sets inline styles (the panel's CSP forbids them).
 */
import type { SimulationResult } from '../engine/simulationTypes';
import type { PreviewLocale } from './locale';
import { t } from './strings';
import { metricRatio } from './summary';
import { el, serializeSvgNode, type SvgNode } from './svgNode';
import type { VariantKey, VariantRun } from './variants';

export interface ChartInput {
  runs: VariantRun[];
  metricNames: string[];
  locale: PreviewLocale;
  minReplicas: number;
  maxReplicas: number;
  /** Tolerance fractions below and above the target (0.1 = 10 %). */
  tolerance: { down: number; up: number };
  durationSeconds: number;
  /** Step mode: draw only the syncs up to this index. */
  cursorIndex?: number;
  width?: number;
}

const PLOT_HEIGHT = 200;
const MARGIN = { left: 52, right: 64, top: 30, bottom: 34 };
const LEGEND_LINE = 16;

export const VARIANT_CLASS: Record<VariantKey, string> = {
  this: 'hpa-c-this',
  defaults: 'hpa-c-defaults',
  formula: 'hpa-c-formula',
};

export function variantLabel(run: Pick<VariantRun, 'key' | 'legacy'>, locale: PreviewLocale): string {
  if (run.key === 'this') return t(locale, run.legacy ? 'variantThisLegacy' : 'variantThis');
  return t(locale, run.key === 'defaults' ? 'variantDefaults' : 'variantFormula');
}

/** Rounds to 0.1 px: enough for the eye, and keeps a 24 h path string short. */
function r(v: number): number {
  return Math.round(v * 10) / 10;
}

interface Frame {
  x0: number;
  x1: number;
  y0: number; // pixel of the top of the plot
  y1: number; // pixel of the bottom of the plot
  tMax: number;
  vMax: number;
}

function xOf(f: Frame, tSec: number): number {
  return f.x0 + (Math.min(tSec, f.tMax) / f.tMax) * (f.x1 - f.x0);
}
function yOf(f: Frame, v: number): number {
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
  let prevY = r(yOf(f, vOf(items[0]!)));
  parts.push(`M${r(xOf(f, tOf(items[0]!)))} ${prevY}`);
  for (let i = 1; i < items.length; i++) {
    const y = r(yOf(f, vOf(items[i]!)));
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
      // Keep the extremes in time order so the outline does not zig-zag backwards.
      const a = loFirst ? [lox, loy] : [hix, hiy];
      const b = loFirst ? [hix, hiy] : [lox, loy];
      if (a[0] !== fx || a[1] !== fy) vertex(a[0]!, a[1]!);
      if (b[0] !== a[0] || b[1] !== a[1]) vertex(b[0]!, b[1]!);
      if (lx !== b[0] || ly !== b[1]) vertex(lx, ly);
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

function niceCeil(v: number): number {
  if (v <= 0) return 1;
  const exp = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= v) return m * exp;
  return 10 * exp;
}

const TIME_STEPS_MIN = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720];

function timeTicks(f: Frame, locale: PreviewLocale): SvgNode[] {
  const totalMin = f.tMax / 60;
  const stepMin = TIME_STEPS_MIN.find((s) => totalMin / s <= 8) ?? 1440;
  const nodes: SvgNode[] = [];
  for (let m = 0; m <= totalMin + 1e-9; m += stepMin) {
    const x = r(xOf(f, m * 60));
    const label = stepMin >= 60 ? t(locale, 'hours', { value: m / 60 }) : t(locale, 'minutes', { value: m });
    nodes.push(el('line', { class: 'hpa-grid', x1: x, x2: x, y1: f.y0, y2: f.y1 }));
    nodes.push(el('text', { class: 'hpa-tick', x, y: f.y1 + 14, 'text-anchor': 'middle' }, undefined, label));
  }
  return nodes;
}

function valueTicks(f: Frame, count: number, suffix: string): SvgNode[] {
  const nodes: SvgNode[] = [];
  const step = niceCeil(f.vMax / count);
  for (let v = 0; v <= f.vMax + 1e-9; v += step) {
    const y = r(yOf(f, v));
    nodes.push(el('line', { class: 'hpa-grid', x1: f.x0, x2: f.x1, y1: y, y2: y }));
    const label = `${Math.round(v * 100) / 100}${suffix}`;
    nodes.push(
      el('text', { class: 'hpa-tick', x: f.x0 - 6, y: y + 4, 'text-anchor': 'end' }, undefined, label),
    );
  }
  return nodes;
}

interface LegendItem {
  cls: string;
  dashed?: boolean;
  band?: boolean;
  label: string;
}

/** Closes a chart: its data over the frame, the legend below, and the height both take. */
function finishChart(
  kind: string,
  children: SvgNode[],
  data: SvgNode[],
  items: LegendItem[],
  f: Frame,
  top: number,
): { node: SvgNode; height: number } {
  children.push(
    el('g', { class: 'hpa-data' }, data),
    el('rect', { class: 'hpa-frame', x: f.x0, y: f.y0, width: r(f.x1 - f.x0), height: PLOT_HEIGHT }),
  );
  const lg = legend(items, f.x0, f.y1 + MARGIN.bottom, f.x1 - f.x0);
  children.push(lg.node);
  return {
    node: el('g', { class: `hpa-chart ${kind}` }, children),
    height: f.y1 - top + MARGIN.bottom + lg.height,
  };
}

function legend(items: LegendItem[], x: number, y: number, width: number): { node: SvgNode; height: number } {
  const nodes: SvgNode[] = [];
  let cx = x;
  let cy = y;
  for (const item of items) {
    // A rough text width: legends wrap instead of overflowing the chart.
    const w = 28 + item.label.length * 6.5;
    if (cx + w > x + width && cx > x) {
      cx = x;
      cy += LEGEND_LINE;
    }
    const swatch = item.band
      ? el('rect', { class: `${item.cls} hpa-band`, x: cx, y: cy - 8, width: 18, height: 8 })
      : el('line', {
          class: `${item.cls} hpa-line${item.dashed ? ' hpa-dashed' : ''}`,
          x1: cx,
          x2: cx + 18,
          y1: cy - 4,
          y2: cy - 4,
        });
    nodes.push(swatch, el('text', { class: 'hpa-legend', x: cx + 22, y: cy }, undefined, item.label));
    cx += w + 10;
  }
  return { node: el('g', { class: 'hpa-legend-group' }, nodes), height: cy - y + LEGEND_LINE };
}

function visibleSteps(result: SimulationResult, cursor: number | undefined) {
  return cursor === undefined ? result.steps : result.steps.slice(0, cursor + 1);
}

const METRIC_CLASSES = ['hpa-c-m0', 'hpa-c-m1', 'hpa-c-m2', 'hpa-c-m3', 'hpa-c-m4'];

function metricChart(input: ChartInput, top: number, width: number): { node: SvgNode; height: number } {
  const { locale } = input;
  const main = input.runs.find((run) => run.key === 'this') ?? input.runs[0];
  const steps = main ? visibleSteps(main.result, input.cursorIndex) : [];
  let maxRatio = 1 + input.tolerance.up;
  for (const s of main?.result.steps ?? []) {
    for (const m of s.metrics) maxRatio = Math.max(maxRatio, metricRatio(m) ?? 0);
  }
  const vMax = Math.min(niceCeil(maxRatio * 100 * 1.1), 2000);
  const f: Frame = {
    x0: MARGIN.left,
    x1: width - MARGIN.right,
    y0: top + MARGIN.top,
    y1: top + MARGIN.top + PLOT_HEIGHT,
    tMax: Math.max(1, input.durationSeconds),
    vMax,
  };
  /** What moves with the step cursor (the lines); the rest of the chart depends on the runs only. */
  const data: SvgNode[] = [];
  const children: SvgNode[] = [
    el('text', { class: 'hpa-chart-title', x: f.x0, y: top + 16 }, undefined, t(locale, 'chartLoad')),
    ...valueTicks(f, 5, ' %'),
    ...timeTicks(f, locale),
  ];
  const low = (1 - input.tolerance.down) * 100;
  const high = (1 + input.tolerance.up) * 100;
  const bandTop = r(yOf(f, high));
  children.push(
    el('rect', {
      class: 'hpa-c-tolerance hpa-band',
      x: f.x0,
      y: bandTop,
      width: r(f.x1 - f.x0),
      height: Math.max(0, r(yOf(f, low)) - bandTop),
    }),
    el('line', {
      class: 'hpa-c-target hpa-line hpa-dashed',
      x1: f.x0,
      x2: f.x1,
      y1: r(yOf(f, 100)),
      y2: r(yOf(f, 100)),
    }),
  );
  const items: LegendItem[] = [
    { cls: 'hpa-c-target', dashed: true, label: t(locale, 'legendTarget') },
    {
      cls: 'hpa-c-tolerance',
      band: true,
      label: t(locale, 'legendTolerance', { low: r(low), high: r(high) }),
    },
  ];
  input.metricNames.forEach((name, i) => {
    const cls = METRIC_CLASSES[i % METRIC_CLASSES.length]!;
    // The load behind the metric, scaled so its peak reaches the top: its shape, not its unit.
    let peak = 0;
    for (const s of main?.result.steps ?? []) peak = Math.max(peak, s.load[name] ?? 0);
    if (peak > 0) {
      const loadFrame: Frame = { ...f, vMax: peak };
      const d = linePathOf(
        steps,
        (s) => s.t,
        (s) => s.load[name] ?? null,
        loadFrame,
      );
      if (d) data.push(el('path', { class: `${cls} hpa-load`, d }));
      items.push({ cls: `${cls} hpa-load-swatch`, label: t(locale, 'legendLoad', { metric: name }) });
    }
    const d = linePathOf(
      steps,
      (s) => s.t,
      (s) => {
        const sample = s.metrics.find((m) => m.name === name);
        const ratio = sample ? metricRatio(sample) : null;
        return ratio === null ? null : ratio * 100;
      },
      f,
    );
    if (d) data.push(el('path', { class: `${cls} hpa-line`, d }));
    items.push({ cls, label: t(locale, 'legendMetric', { metric: name }) });
  });
  return finishChart('hpa-chart-load', children, data, items, f, top);
}

function replicaChart(input: ChartInput, top: number, width: number): { node: SvgNode; height: number } {
  const { locale } = input;
  let peak = input.maxReplicas;
  for (const run of input.runs)
    for (const s of run.result.steps) peak = Math.max(peak, s.desiredReplicas, s.replicas);
  const f: Frame = {
    x0: MARGIN.left,
    x1: width - MARGIN.right,
    y0: top + MARGIN.top,
    y1: top + MARGIN.top + PLOT_HEIGHT,
    tMax: Math.max(1, input.durationSeconds),
    vMax: niceCeil(peak * 1.1 + 1),
  };
  /** What moves with the step cursor (the lines); the rest of the chart depends on the runs only. */
  const data: SvgNode[] = [];
  const children: SvgNode[] = [
    el('text', { class: 'hpa-chart-title', x: f.x0, y: top + 16 }, undefined, t(locale, 'chartReplicas')),
    ...valueTicks(f, 5, ''),
    ...timeTicks(f, locale),
  ];
  const items: LegendItem[] = [];
  for (const [cls, value, key] of [
    ['hpa-c-max', input.maxReplicas, 'legendMax'],
    ['hpa-c-min', input.minReplicas, 'legendMin'],
  ] as const) {
    const y = r(yOf(f, value));
    children.push(el('line', { class: `${cls} hpa-line hpa-dashed`, x1: f.x0, x2: f.x1, y1: y, y2: y }));
    children.push(el('text', { class: `hpa-tick`, x: f.x1 + 4, y: y + 4 }, undefined, String(value)));
    items.push({ cls, dashed: true, label: t(locale, key, { value }) });
  }
  // Draw the formula first and this HPA last, so the manifest's own line is on top.
  const order: VariantKey[] = ['formula', 'defaults', 'this'];
  const runs = [...input.runs].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  for (const run of runs) {
    const steps = visibleSteps(run.result, input.cursorIndex);
    const last = steps[steps.length - 1];
    const end = last ? last.t + run.result.syncPeriodSeconds : 0;
    const cls = VARIANT_CLASS[run.key];
    const d = stepPathOf(
      steps,
      (s) => s.t,
      (s) => s.desiredReplicas,
      f,
      end,
    );
    if (d) data.push(el('path', { class: `${cls} hpa-line hpa-replicas`, d }));
    if (run.key === 'this') {
      const ready = stepPathOf(
        steps,
        (s) => s.t,
        (s) => s.readyReplicas,
        f,
        end,
      );
      if (ready) data.push(el('path', { class: `hpa-c-ready hpa-line hpa-dashed`, d: ready }));
    }
  }
  for (const run of input.runs) items.push({ cls: VARIANT_CLASS[run.key], label: variantLabel(run, locale) });
  const main = input.runs.find((run) => run.key === 'this');
  if (main)
    items.push({
      cls: 'hpa-c-ready',
      dashed: true,
      label: t(locale, 'legendReady', { variant: variantLabel(main, locale) }),
    });
  if (input.cursorIndex !== undefined && main) {
    const step = main.result.steps[input.cursorIndex];
    if (step) {
      const x = r(xOf(f, step.t));
      data.push(el('line', { class: 'hpa-cursor', x1: x, x2: x, y1: f.y0, y2: f.y1 }));
    }
  }
  return finishChart('hpa-chart-replicas', children, data, items, f, top);
}

/** Both charts, stacked, as one `<svg>` tree. */
export function buildChartSvg(input: ChartInput): SvgNode {
  const width = input.width ?? 760;
  const first = metricChart(input, 0, width);
  const second = replicaChart(input, first.height + 8, width);
  const height = Math.ceil(first.height + 8 + second.height);
  const title = `${t(input.locale, 'chartLoad')} / ${t(input.locale, 'chartReplicas')}`;
  return el(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      class: 'hpa-charts',
      viewBox: `0 0 ${width} ${height}`,
      width,
      height,
      role: 'img',
      'aria-label': title,
    },
    [el('title', {}, undefined, title), first.node, second.node],
  );
}

/**
 * The colours for a file that lives outside VS Code: theme variables when the SVG is shown inside a
 * themed page, fixed fallbacks otherwise.
 */
export const EXPORT_STYLE = `
.hpa-charts{font-family:sans-serif;font-size:11px;background:#fff}
.hpa-chart-title{font-size:13px;font-weight:600;fill:var(--vscode-editor-foreground,#1f1f1f)}
.hpa-tick,.hpa-legend{fill:var(--vscode-editor-foreground,#1f1f1f)}
.hpa-grid{stroke:var(--vscode-editorWidget-border,#d0d0d0);stroke-width:0.5}
.hpa-frame{fill:none;stroke:var(--vscode-editorWidget-border,#a0a0a0)}
.hpa-line{fill:none;stroke-width:1.6}
.hpa-dashed{stroke-dasharray:5 3}
.hpa-band{stroke:none;opacity:0.18}
.hpa-load{fill:none;stroke-width:1;opacity:0.35}
.hpa-cursor{stroke:var(--vscode-editor-foreground,#1f1f1f);stroke-width:1}
.hpa-c-this{stroke:var(--vscode-charts-blue,#1a85ff)}
.hpa-c-defaults{stroke:var(--vscode-charts-green,#388a34)}
.hpa-c-formula{stroke:var(--vscode-charts-orange,#d18616)}
.hpa-c-ready{stroke:var(--vscode-charts-purple,#652d90)}
.hpa-c-max,.hpa-c-min{stroke:var(--vscode-charts-red,#e51400)}
.hpa-c-target{stroke:var(--vscode-charts-red,#e51400)}
.hpa-c-tolerance{fill:var(--vscode-charts-yellow,#bf8803)}
.hpa-c-m0{stroke:var(--vscode-charts-blue,#1a85ff)}
.hpa-c-m1{stroke:var(--vscode-charts-orange,#d18616)}
.hpa-c-m2{stroke:var(--vscode-charts-green,#388a34)}
.hpa-c-m3{stroke:var(--vscode-charts-purple,#652d90)}
.hpa-c-m4{stroke:var(--vscode-charts-yellow,#bf8803)}
`;

/** The chart as a standalone SVG file: the same tree plus its own style block. */
export function chartToSvgFile(chart: SvgNode): string {
  const style = el('style', {}, undefined, EXPORT_STYLE);
  const withStyle: SvgNode = { ...chart, children: [style, ...(chart.children ?? [])] };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${serializeSvgNode(withStyle)}\n`;
}
