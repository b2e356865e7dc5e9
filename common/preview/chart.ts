/**
 * The preview's two charts as one SVG tree: (1) each metric against its target with the tolerance
 * band, and the load behind it on its own axis; (2) replicas of every variant with min and max.
 * Laid out at the width it is given (the panel passes its own), so labels keep their size at any
 * width instead of a fixed-width drawing being scaled down. Colours and dash patterns are CSS classes
 * (`hpa-c-*`) so the webview's stylesheet maps them to VS Code theme variables and the exported file
 * carries its own style block; nothing here sets inline styles (the panel's CSP forbids them).
 */
import { linePathOf, r, stepPathOf, xOf, yOf, type Frame } from './chartPaths';
import type { PreviewLocale } from './locale';
import { failureReason } from './requestNotes';
import { seriesOf, type RunSeries } from './series';
import { t } from './strings';
import { el, serializeSvgNode, type SvgNode } from './svgNode';
import { estimateTextWidth, wrapText, type TextMeasure } from './textWidth';
import { uncomputableParts, uncomputableSpans } from './uncomputableSpans';
import type { VariantKey, VariantRun } from './variants';

export { linePath, stepPath, type Frame } from './chartPaths';

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
  /** Layout width in CSS px: the panel passes its own width, the exported file 760. */
  width?: number;
  /** Per metric: the load (milli-units) that 1× stands for, what the starting replicas handle at target. */
  loadUnits?: Record<string, number>;
  /** The starting replicas, named in the load's legend. */
  initialReplicas?: number;
  /** Zoom: the seconds shown (the whole run when absent). */
  timeWindow?: { start: number; end: number };
  /**
   * What the HPA really did, from a Prometheus replay (kube-state-metrics): drawn beside the
   * simulated replicas, with gaps where no sample was recorded.
   */
  actual?: { label: string; points: { t: number; v: number | null }[] };
  /** Real text widths (the webview measures its own font); a conservative estimate otherwise. */
  measure?: TextMeasure;
  /**
   * Utilization metrics the controller cannot compute for want of a request (`PreviewRun.uncomputable`:
   * `cpu`, `app/cpu`): their spans are shaded on the metric chart, labelled and named in its legend.
   */
  uncomputable?: readonly string[];
}

/** Font sizes in px: styles.css and EXPORT_STYLE set the same, and the Chromium tests check them. */
export const CHART_FONT = { tick: 11, legend: 11, title: 13 } as const;
const LEGEND_LINE = 15;
const TITLE_LINE = 17;
const SWATCH = 18;
const LEGEND_GAP = 14;
export const DEFAULT_CHART_WIDTH = 760;
/** Below this the chart would be all labels; a narrower container scrolls the chart, not the page. */
export const MIN_CHART_WIDTH = 200;

export const VARIANT_CLASS: Record<VariantKey, string> = {
  this: 'hpa-c-this',
  defaults: 'hpa-c-defaults',
  formula: 'hpa-c-formula',
  suggested: 'hpa-c-suggested',
};

export function variantLabel(run: Pick<VariantRun, 'key' | 'legacy'>, locale: PreviewLocale): string {
  if (run.key === 'this') return t(locale, run.legacy ? 'variantThisLegacy' : 'variantThis');
  if (run.key === 'suggested') return t(locale, 'variantSuggested');
  // The bare formula says what it ignores: without min/max it can look cheapest by breaking them.
  return t(locale, run.key === 'defaults' ? 'variantDefaults' : 'variantFormulaBare');
}

function niceCeil(v: number): number {
  if (v <= 0) return 1;
  const exp = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * exp >= v) return m * exp;
  return 10 * exp;
}

/**
 * Of the first `count` syncs (times `tAt(i)`, sorted), the range [first, end) at the window's edges
 * and inside it, plus one on each side so lines reach the frame.
 */
function windowRange(
  count: number,
  tAt: (i: number) => number,
  t0: number,
  t1: number,
): { first: number; end: number } {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tAt(mid) < t0) lo = mid + 1;
    else hi = mid;
  }
  const first = Math.max(0, lo - 1);
  let last = first;
  while (last < count && tAt(last) <= t1) last++;
  return { first, end: Math.min(count, last + 1) };
}

/** The steps of `windowRange`. */
function windowSteps<S extends { t: number }>(steps: readonly S[], t0: number, t1: number): readonly S[] {
  const { first, end } = windowRange(steps.length, (i) => steps[i]!.t, t0, t1);
  return steps.slice(first, end);
}

/** How many syncs are drawn: all, or in step mode those up to the cursor. */
function visibleCount(series: RunSeries, cursor: number | undefined): number {
  const n = series.t.length;
  return cursor === undefined ? n : Math.max(0, Math.min(n, cursor + 1));
}

/** The indices of `windowRange` over the first `count` syncs of a series. */
function windowIndices(t: Float64Array, count: number, t0: number, t1: number): number[] {
  const { first, end } = windowRange(count, (i) => t[i]!, t0, t1);
  const out = new Array<number>(end - first);
  for (let i = first; i < end; i++) out[i - first] = i;
  return out;
}

/**
 * The last path drawn from each array, by what else it depends on (the frame, the syncs drawn, the
 * unit). A repaint that changes one line (a suggestion added, the step cursor moved) keeps the
 * strings of the others instead of walking their 5,760 points again.
 */
const pathCache = new WeakMap<Float64Array, { key: string; d: string }>();

function cachedPath(values: Float64Array | undefined, key: string, make: () => string): string {
  if (!values) return make();
  const hit = pathCache.get(values);
  if (hit && hit.key === key) return hit.d;
  const d = make();
  pathCache.set(values, { key, d });
  return d;
}

function frameKey(f: Frame, steps: readonly number[], extra: string | number = ''): string {
  return [f.x0, f.x1, f.y0, f.y1, f.t0, f.tMax, f.vMax, steps[0], steps.length, extra].join(',');
}

/** A series value as a path reads it: NaN (no value) is a gap. */
function valueAt(values: Float64Array | undefined, i: number): number | null {
  const v = values?.[i];
  return v === undefined || Number.isNaN(v) ? null : v;
}

/** The load at one sync in the same unit as the metric axis: 100 = what 1× stands for. */
function loadPercentAt(loads: Float64Array | undefined, i: number, unit: number): number | null {
  const v = valueAt(loads, i);
  return v === null ? null : (v / unit) * 100;
}

/** The highest value of the first `count` entries (NaN, no value, skipped); 0 for none. */
function peakOf(values: Float64Array | undefined, count: number): number {
  let peak = 0;
  if (!values) return peak;
  for (let i = 0; i < Math.min(count, values.length); i++) {
    const v = values[i]!;
    if (v > peak) peak = v;
  }
  return peak;
}

/** Everything both charts share: the width, the time axis, the plot's left and right edges. */
interface Layout {
  width: number;
  x0: number;
  x1: number;
  t0: number;
  t1: number;
  plotHeight: number;
  locale: PreviewLocale;
  measure: TextMeasure;
  /** Geometry uses the estimate, so a plot's pixels do not depend on the machine's fonts. */
  estimate: TextMeasure;
}

const TIME_STEPS_MIN = [0.25, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440];

function timeLabel(minutes: number, stepMin: number, locale: PreviewLocale): string {
  return stepMin >= 60
    ? t(locale, 'hours', { value: Math.round((minutes / 60) * 100) / 100 })
    : t(locale, 'minutes', { value: Math.round(minutes * 100) / 100 });
}

function timeTicks(f: Frame, L: Layout): SvgNode[] {
  const spanMin = (L.t1 - L.t0) / 60;
  // As many ticks as fit with their labels apart: the widest label of the run plus a gap.
  const sample = timeLabel(L.t1 / 60, spanMin > 180 ? 60 : 1, L.locale);
  const fit = Math.max(2, Math.floor((L.x1 - L.x0) / (L.estimate(sample, CHART_FONT.tick) + 16)));
  const stepMin = TIME_STEPS_MIN.find((s) => spanMin / s <= fit) ?? 2880;
  const nodes: SvgNode[] = [];
  for (let m = Math.ceil(L.t0 / 60 / stepMin - 1e-9) * stepMin; m <= L.t1 / 60 + 1e-9; m += stepMin) {
    const x = r(xOf(f, m * 60));
    const label = timeLabel(m, stepMin, L.locale);
    const half = L.estimate(label, CHART_FONT.tick) / 2;
    // The end labels stay inside the drawing instead of being cut at its edge.
    const anchor = x - half < 0 ? 'start' : x + half > L.width ? 'end' : 'middle';
    const tx = anchor === 'start' ? 0 : anchor === 'end' ? L.width : x;
    nodes.push(el('line', { class: 'hpa-grid', x1: x, x2: x, y1: f.y0, y2: f.y1 }));
    nodes.push(
      el('text', { class: 'hpa-tick', x: tx, y: f.y1 + 14, 'text-anchor': anchor }, undefined, label),
    );
  }
  return nodes;
}

function valueStep(vMax: number): number {
  return niceCeil(vMax / 5);
}

function valueTicks(f: Frame, left: (v: number) => string, right?: (v: number) => string): SvgNode[] {
  const nodes: SvgNode[] = [];
  const step = valueStep(f.vMax);
  for (let v = 0; v <= f.vMax + 1e-9; v += step) {
    const y = r(yOf(f, v));
    nodes.push(el('line', { class: 'hpa-grid', x1: f.x0, x2: f.x1, y1: y, y2: y }));
    nodes.push(
      el('text', { class: 'hpa-tick', x: f.x0 - 6, y: y + 4, 'text-anchor': 'end' }, undefined, left(v)),
    );
    if (right)
      nodes.push(
        el('text', { class: 'hpa-tick hpa-tick-right', x: f.x1 + 6, y: y + 4 }, undefined, right(v)),
      );
  }
  return nodes;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const percentLabel = (v: number) => `${round2(v)} %`;
const timesLabel = (v: number) => `${round2(v / 100)}×`;

interface LegendItem {
  cls: string;
  band?: boolean;
  label: string;
}

/**
 * A line that leaves the top of its plot is drawn along the top edge, which alone reads as "at the
 * maximum". The note, at the first sync above the axis, says the line is clipped and where it peaks.
 * `row` stacks the notes of several clipped lines apart.
 */
function clipNote(
  steps: readonly number[],
  tOf: (i: number) => number,
  valueOf: (i: number) => number | null,
  peak: number,
  label: string,
  f: Frame,
  L: Layout,
  row = 0,
): SvgNode | null {
  const over = steps.find((i) => (valueOf(i) ?? 0) > f.vMax && tOf(i) >= L.t0 && tOf(i) <= L.t1);
  if (over === undefined || !(peak > f.vMax)) return null;
  const x = r(xOf(f, tOf(over)));
  const fits = x + L.estimate(label, CHART_FONT.tick) + 4 <= f.x1;
  return el(
    'text',
    {
      class: 'hpa-tick hpa-clip-note',
      x: fits ? x + 4 : x - 4,
      y: f.y0 + 12 + row * LEGEND_LINE,
      'text-anchor': fits ? 'start' : 'end',
    },
    undefined,
    label,
  );
}

/** Text lines as one `<text>`: one `<tspan>` per line, so a wrapped label stays one element. */
function textLines(cls: string, x: number, y: number, lines: string[], lineHeight: number): SvgNode {
  if (lines.length === 1) return el('text', { class: cls, x, y }, undefined, lines[0]);
  return el(
    'text',
    { class: cls, x, y },
    lines.map((line, i) => el('tspan', { x, dy: i === 0 ? 0 : lineHeight }, undefined, line)),
  );
}

/**
 * The legend below a plot, each entry a `g.hpa-legend-item` (swatch and label), flowing left to right
 * and wrapping by measured widths; a label wider than a line wraps itself.
 */
function legend(items: LegendItem[], y: number, L: Layout): { node: SvgNode; height: number } {
  const nodes: SvgNode[] = [];
  const textMax = L.width - SWATCH - 4;
  let cx = 0;
  let cy = y;
  let rowHeight = LEGEND_LINE;
  for (const item of items) {
    const lines = wrapText(item.label, textMax, CHART_FONT.legend, L.measure);
    const textWidth = Math.max(...lines.map((line) => L.measure(line, CHART_FONT.legend)));
    const w = SWATCH + 4 + textWidth;
    if (cx > 0 && cx + w > L.width) {
      cx = 0;
      cy += rowHeight;
      rowHeight = LEGEND_LINE;
    }
    const swatch = item.band
      ? el('rect', { class: `${item.cls} hpa-band`, x: r(cx), y: cy - 8, width: SWATCH, height: 8 })
      : el('line', { class: `${item.cls} hpa-line`, x1: r(cx), x2: r(cx + SWATCH), y1: cy - 4, y2: cy - 4 });
    nodes.push(
      el('g', { class: 'hpa-legend-item' }, [
        swatch,
        textLines('hpa-legend', r(cx + SWATCH + 4), cy, lines, LEGEND_LINE),
      ]),
    );
    rowHeight = Math.max(rowHeight, lines.length * LEGEND_LINE);
    cx += w + LEGEND_GAP;
  }
  return { node: el('g', { class: 'hpa-legend-group' }, nodes), height: cy - y + rowHeight };
}

/**
 * A chart's head: its title (wrapped to the width) and the axis names over the plot's left and right
 * edges (on two rows when one is too narrow). Returns the nodes and where the plot starts.
 */
function chartHead(title: string, leftAxis: string, rightAxis: string | null, top: number, L: Layout) {
  const titleLines = wrapText(title, L.width, CHART_FONT.title, L.measure, true);
  const nodes: SvgNode[] = [textLines('hpa-chart-title', 0, top + 14, titleLines, TITLE_LINE)];
  let y = top + titleLines.length * TITLE_LINE + 12;
  nodes.push(el('text', { class: 'hpa-tick hpa-axis-title', x: 0, y }, undefined, leftAxis));
  if (rightAxis) {
    const both = L.measure(leftAxis, CHART_FONT.tick) + L.measure(rightAxis, CHART_FONT.tick) + 16 <= L.width;
    if (!both) y += LEGEND_LINE;
    nodes.push(
      el(
        'text',
        { class: 'hpa-tick hpa-axis-title', x: L.width, y, 'text-anchor': 'end' },
        undefined,
        rightAxis,
      ),
    );
  }
  return { nodes, plotTop: y + 10 };
}

/** The frame of a plot that starts at `plotTop`: the layout's width and time span, values from 0 to vMax. */
function plotFrame(plotTop: number, vMax: number, L: Layout): Frame {
  return { x0: L.x0, x1: L.x1, y0: plotTop, y1: plotTop + L.plotHeight, t0: L.t0, tMax: L.t1, vMax };
}

/** Closes a chart: its data clipped to the plot, the frame, the legend below, and the height. */
function finishChart(
  kind: string,
  children: SvgNode[],
  data: SvgNode[],
  items: LegendItem[],
  f: Frame,
  top: number,
  L: Layout,
): { node: SvgNode; height: number } {
  const clipId = `hpa-clip-${kind}`;
  const plot = { x: f.x0, y: f.y0, width: r(f.x1 - f.x0), height: r(f.y1 - f.y0) };
  children.push(
    el('clipPath', { id: clipId }, [el('rect', plot)]),
    el('g', { class: 'hpa-data', 'clip-path': `url(#${clipId})` }, data),
    el('rect', { class: 'hpa-frame', ...plot }),
  );
  const lg = legend(items, f.y1 + 34, L);
  children.push(lg.node);
  return {
    node: el(
      'g',
      { class: `hpa-chart ${kind}`, 'data-y0': f.y0, 'data-y1': f.y1, 'data-v-max': f.vMax },
      children,
    ),
    height: f.y1 + 34 - top + lg.height,
  };
}

const METRIC_CLASSES = ['hpa-c-m0', 'hpa-c-m1', 'hpa-c-m2', 'hpa-c-m3', 'hpa-c-m4'];

function mainRun(input: ChartInput): VariantRun | undefined {
  return input.runs.find((run) => run.key === 'this') ?? input.runs[0];
}

function loadUnit(input: ChartInput, name: string): number | null {
  const unit = input.loadUnits?.[name];
  return unit !== undefined && Number.isFinite(unit) && unit > 0 ? unit : null;
}

/** The metric chart's top value: the band, every metric's peak and every load's peak, in percent. */
function metricScale(input: ChartInput): { vMax: number; hasLoad: boolean } {
  let peak = (1 + input.tolerance.up) * 100;
  let hasLoad = false;
  const main = mainRun(input);
  const series = main ? seriesOf(main, input.metricNames) : null;
  if (series && series.t.length > 0) {
    for (const name of input.metricNames) {
      const percents = series.metricPercent[name]!;
      for (let i = 0; i < percents.length; i++) peak = Math.max(peak, valueAt(percents, i) ?? 0);
      const unit = loadUnit(input, name);
      if (unit !== null) {
        hasLoad = true;
        const loads = series.load[name]!;
        for (let i = 0; i < loads.length; i++) peak = Math.max(peak, loadPercentAt(loads, i, unit) ?? 0);
      }
    }
  }
  return { vMax: Math.min(niceCeil(peak * 1.1), 2000), hasLoad };
}

/**
 * The replica axis covers maxReplicas and what the controller variants reach (above max only when
 * they start there), with some room. The bare formula is not allowed to stretch it: a peak of 70
 * against a max of 8 would squash every real line into the bottom tenth. Its line is clipped and
 * its peak labelled where it leaves the plot.
 */
function replicaScale(input: ChartInput): number {
  let peak = Math.max(1, input.maxReplicas, input.minReplicas);
  for (const run of input.runs) {
    if (run.key === 'formula') continue;
    const series = seriesOf(run, input.metricNames);
    for (let i = 0; i < series.t.length; i++)
      peak = Math.max(peak, series.desiredReplicas[i]!, series.replicas[i]!);
  }
  for (const p of input.actual?.points ?? []) if (p.v !== null) peak = Math.max(peak, p.v);
  return niceCeil(Math.max(peak * 1.2, peak + 2));
}

function metricChart(input: ChartInput, scale: { vMax: number; hasLoad: boolean }, top: number, L: Layout) {
  const { locale } = input;
  const main = mainRun(input);
  const series = main ? seriesOf(main, input.metricNames) : null;
  const steps = series ? windowIndices(series.t, visibleCount(series, input.cursorIndex), L.t0, L.t1) : [];
  const head = chartHead(
    t(locale, 'chartLoad'),
    t(locale, 'chartAxisPercent'),
    scale.hasLoad ? t(locale, 'chartAxisLoad') : null,
    top,
    L,
  );
  const f = plotFrame(head.plotTop, scale.vMax, L);
  /** What moves with the step cursor (the lines); the rest of the chart depends on the runs only. */
  const data: SvgNode[] = [];
  const children: SvgNode[] = [
    ...head.nodes,
    ...valueTicks(f, percentLabel, scale.hasLoad ? timesLabel : undefined),
    ...timeTicks(f, L),
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
      class: 'hpa-c-target hpa-line',
      x1: f.x0,
      x2: f.x1,
      y1: r(yOf(f, 100)),
      y2: r(yOf(f, 100)),
    }),
  );
  const items: LegendItem[] = [
    { cls: 'hpa-c-target', label: t(locale, 'legendTarget') },
    {
      cls: 'hpa-c-tolerance',
      band: true,
      label: t(locale, 'legendTolerance', { low: r(low), high: r(high) }),
    },
  ];
  /** Clip notes so far, each on its own row under the plot's top edge. */
  let notes = 0;
  // First, so every line is drawn over the shading.
  for (const what of input.uncomputable ?? []) {
    const { metric, resource } = uncomputableParts(what);
    if (!series || !main || !input.metricNames.includes(metric)) continue;
    const spans = uncomputableSpans(
      series.t,
      series.metricPercent[metric],
      steps,
      main.result.syncPeriodSeconds,
    );
    for (const span of spans) {
      const x = r(Math.max(f.x0, xOf(f, span.from)));
      const width = r(Math.min(f.x1, xOf(f, span.to)) - x);
      if (width <= 0) continue;
      data.push(
        el('rect', {
          class: 'hpa-c-uncomputable hpa-band hpa-uncomputable-span',
          'data-metric': what,
          x,
          y: f.y0,
          width,
          height: r(f.y1 - f.y0),
        }),
      );
    }
    const first = spans[0];
    if (!first) continue;
    data.push(
      el(
        'text',
        {
          class: 'hpa-tick hpa-uncomputable-note',
          x: r(Math.max(f.x0, xOf(f, first.from)) + 4),
          y: f.y0 + 12 + notes * LEGEND_LINE,
        },
        undefined,
        t(locale, 'chartUncomputable', { names: what, resource }),
      ),
    );
    notes++;
    items.push({
      cls: 'hpa-c-uncomputable',
      band: true,
      label: t(locale, 'legendUncomputable', { names: what, resource, reason: failureReason(what) }),
    });
  }
  input.metricNames.forEach((name, i) => {
    const cls = METRIC_CLASSES[i % METRIC_CLASSES.length]!;
    const unit = loadUnit(input, name);
    if (unit !== null) {
      // The load in "× what the starting replicas handle at target": on the same grid, 1× sits at
      // 100 %, so the load line shows where the metric would be had the replicas never changed.
      const loads = series?.load[name];
      const d = cachedPath(loads, frameKey(f, steps, unit), () =>
        linePathOf(
          steps,
          (i) => series!.t[i]!,
          (i) => loadPercentAt(loads, i, unit),
          f,
        ),
      );
      if (d) data.push(el('path', { class: `${cls} hpa-load`, d }));
      const peak = peakOf(loads, steps.length ? visibleCount(series!, input.cursorIndex) : 0);
      const note = clipNote(
        steps,
        (i) => series!.t[i]!,
        (i) => loadPercentAt(loads, i, unit),
        (peak / unit) * 100,
        t(locale, 'clippedLoadPeak', { metric: name, value: round2(peak / unit) }),
        f,
        L,
        notes,
      );
      if (note) {
        data.push(note);
        notes++;
      }
      items.push({
        cls: `${cls} hpa-load`,
        label: t(locale, 'legendLoadTimes', { metric: name, replicas: input.initialReplicas ?? '?' }),
      });
    }
    const percents = series?.metricPercent[name];
    const d = cachedPath(percents, frameKey(f, steps), () =>
      linePathOf(
        steps,
        (i) => series!.t[i]!,
        (i) => valueAt(percents, i),
        f,
      ),
    );
    if (d) data.push(el('path', { class: `${cls} hpa-line hpa-metric`, 'data-metric': name, d }));
    const metricPeak = peakOf(percents, steps.length ? visibleCount(series!, input.cursorIndex) : 0);
    const metricNote = clipNote(
      steps,
      (i) => series!.t[i]!,
      (i) => valueAt(percents, i),
      metricPeak,
      t(locale, 'clippedMetricPeak', { metric: name, value: Math.round(metricPeak) }),
      f,
      L,
      notes,
    );
    if (metricNote) {
      data.push(metricNote);
      notes++;
    }
    items.push({ cls, label: t(locale, 'legendMetric', { metric: name }) });
  });
  return finishChart('hpa-chart-load', children, data, items, f, top, L);
}

function replicaChart(input: ChartInput, vMax: number, top: number, L: Layout) {
  const { locale } = input;
  const head = chartHead(t(locale, 'chartReplicas'), t(locale, 'chartAxisReplicas'), null, top, L);
  const f = plotFrame(head.plotTop, vMax, L);
  /** What moves with the step cursor (the lines); the rest of the chart depends on the runs only. */
  const data: SvgNode[] = [];
  const children: SvgNode[] = [...head.nodes, ...valueTicks(f, (v) => String(round2(v))), ...timeTicks(f, L)];
  const items: LegendItem[] = [];
  for (const [cls, value, key] of [
    ['hpa-c-max', input.maxReplicas, 'legendMax'],
    ['hpa-c-min', input.minReplicas, 'legendMin'],
  ] as const) {
    const y = r(yOf(f, value));
    children.push(el('line', { class: `${cls} hpa-line`, x1: f.x0, x2: f.x1, y1: y, y2: y }));
    children.push(el('text', { class: 'hpa-tick', x: f.x1 + 4, y: y + 4 }, undefined, String(value)));
    items.push({ cls, label: t(locale, key, { value }) });
  }
  // Draw the formula first and this HPA last, so the manifest's own line is on top.
  const order: VariantKey[] = ['formula', 'defaults', 'suggested', 'this'];
  const runs = [...input.runs].sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  for (const run of runs) {
    const series = seriesOf(run, input.metricNames);
    const count = visibleCount(series, input.cursorIndex);
    const steps = windowIndices(series.t, count, L.t0, L.t1);
    const tOf = (i: number) => series.t[i]!;
    const last = steps[steps.length - 1];
    const end = last !== undefined ? series.t[last]! + run.result.syncPeriodSeconds : 0;
    const cls = VARIANT_CLASS[run.key];
    const d = cachedPath(series.desiredReplicas, frameKey(f, steps, end), () =>
      stepPathOf(steps, tOf, (i) => series.desiredReplicas[i]!, f, end),
    );
    if (d) data.push(el('path', { class: `${cls} hpa-line hpa-replicas`, d }));
    if (run.key === 'formula') {
      let peak = 0;
      for (let i = 0; i < count; i++) peak = Math.max(peak, series.desiredReplicas[i]!);
      const note = clipNote(
        steps,
        tOf,
        (i) => series.desiredReplicas[i]!,
        peak,
        t(locale, 'clippedPeak', { value: peak }),
        f,
        L,
      );
      if (note) data.push(note);
    }
    if (run.key === 'this') {
      const ready = cachedPath(series.readyReplicas, frameKey(f, steps, end), () =>
        stepPathOf(steps, tOf, (i) => series.readyReplicas[i]!, f, end),
      );
      if (ready) data.push(el('path', { class: 'hpa-c-ready hpa-line', d: ready }));
    }
  }
  if (input.actual) {
    const cursor = input.cursorIndex;
    const shown = cursor === undefined ? input.actual.points : input.actual.points.slice(0, cursor + 1);
    const d = linePathOf(
      windowSteps(shown, L.t0, L.t1),
      (p) => p.t,
      (p) => p.v,
      f,
    );
    if (d) data.push(el('path', { class: 'hpa-c-actual hpa-line', d }));
    items.push({ cls: 'hpa-c-actual', label: input.actual.label });
  }
  for (const run of input.runs) items.push({ cls: VARIANT_CLASS[run.key], label: variantLabel(run, locale) });
  const main = input.runs.find((run) => run.key === 'this');
  if (main)
    items.push({
      cls: 'hpa-c-ready',
      label: t(locale, 'legendReady', { variant: variantLabel(main, locale) }),
    });
  if (input.cursorIndex !== undefined && main) {
    const at = seriesOf(main, input.metricNames).t[input.cursorIndex];
    if (at !== undefined && at >= L.t0 && at <= L.t1) {
      const x = r(xOf(f, at));
      data.push(el('line', { class: 'hpa-cursor', x1: x, x2: x, y1: f.y0, y2: f.y1 }));
    }
  }
  return finishChart('hpa-chart-replicas', children, data, items, f, top, L);
}

/** The zoom window inside the run, at least one sync wide; the whole run when absent or unusable. */
export function clampWindow(
  window: { start: number; end: number } | undefined,
  durationSeconds: number,
  minSpan = 60,
): { start: number; end: number } {
  const total = Math.max(1, durationSeconds);
  if (!window || !Number.isFinite(window.start) || !Number.isFinite(window.end))
    return { start: 0, end: total };
  const span = Math.min(total, Math.max(minSpan, window.end - window.start));
  const start = Math.max(0, Math.min(window.start, total - span));
  return { start, end: start + span };
}

/** Both charts, stacked, as one `<svg>` tree `width` px wide. */
export function buildChartSvg(input: ChartInput): SvgNode {
  const width = Math.max(MIN_CHART_WIDTH, Math.round(input.width ?? DEFAULT_CHART_WIDTH));
  const estimate: TextMeasure = estimateTextWidth;
  const metric = metricScale(input);
  const replicasMax = replicaScale(input);
  // Margins from the widest tick labels either side, estimated (so the plot is the same everywhere).
  const widest = (labels: string[]) => Math.max(0, ...labels.map((l) => estimate(l, CHART_FONT.tick)));
  const leftLabels: string[] = [];
  const rightLabels: string[] = [String(input.maxReplicas), String(input.minReplicas)];
  for (let v = 0; v <= metric.vMax + 1e-9; v += valueStep(metric.vMax)) {
    leftLabels.push(percentLabel(v));
    if (metric.hasLoad) rightLabels.push(timesLabel(v));
  }
  leftLabels.push(String(replicasMax));
  const window = clampWindow(input.timeWindow, input.durationSeconds);
  const L: Layout = {
    width,
    x0: Math.ceil(widest(leftLabels)) + 8,
    x1: width - Math.max(12, Math.ceil(widest(rightLabels)) + 10),
    t0: window.start,
    t1: window.end,
    plotHeight: width < 420 ? 150 : 200,
    locale: input.locale,
    measure: input.measure ?? estimate,
    estimate,
  };
  const first = metricChart(input, metric, 0, L);
  const second = replicaChart(input, replicasMax, first.height + 12, L);
  const height = Math.ceil(first.height + 12 + second.height + 4);
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
      // Where time sits on screen, for the panel's hover read-out and drag-to-zoom.
      'data-t0': L.t0,
      'data-t1': L.t1,
      'data-x0': L.x0,
      'data-x1': L.x1,
    },
    [el('title', {}, undefined, title), first.node, second.node],
  );
}

/**
 * The colours, dash patterns and font sizes for a file that lives outside VS Code (the same as
 * styles.css: lines that coincide stay apart by their dashes, not only by colour): theme variables when the SVG is shown inside a
 * themed page, fixed fallbacks otherwise.
 */
export const EXPORT_STYLE = `
.hpa-charts{font-family:sans-serif;font-size:11px;background:#fff}
.hpa-chart-title{font-size:13px;font-weight:600;fill:var(--vscode-editor-foreground,#1f1f1f)}
.hpa-tick,.hpa-legend{font-size:11px;fill:var(--vscode-editor-foreground,#1f1f1f)}
.hpa-grid{stroke:var(--vscode-editorWidget-border,#d0d0d0);stroke-width:0.5}
.hpa-frame{fill:none;stroke:var(--vscode-editorWidget-border,#a0a0a0)}
.hpa-line{fill:none;stroke-width:1.6}
.hpa-band{stroke:none;opacity:0.18}
.hpa-load{fill:none;stroke-width:1.2;stroke-dasharray:4 2;opacity:0.6}
.hpa-cursor{stroke:var(--vscode-editor-foreground,#1f1f1f);stroke-width:1}
.hpa-c-this{stroke:var(--vscode-charts-blue,#1a85ff);stroke-width:2.2}
.hpa-c-defaults{stroke:var(--vscode-charts-green,#388a34);stroke-dasharray:8 4}
.hpa-c-formula{stroke:var(--vscode-charts-orange,#d18616);stroke-dasharray:2 3}
.hpa-c-suggested{stroke:var(--vscode-charts-yellow,#b89500);stroke-width:1.8;stroke-dasharray:10 3 2 3}
.hpa-clip-note{fill:var(--vscode-charts-orange,#d18616)}
.hpa-c-ready{stroke:var(--vscode-charts-purple,#652d90);stroke-width:1.4;stroke-dasharray:1 3}
.hpa-c-actual{stroke:var(--vscode-editor-foreground,#1f1f1f);stroke-width:1.8;stroke-dasharray:6 2 1 2}
.hpa-c-max,.hpa-c-min,.hpa-c-target{stroke:var(--vscode-charts-red,#e51400);stroke-dasharray:5 3}
.hpa-c-tolerance{fill:var(--vscode-charts-yellow,#bf8803)}
.hpa-c-uncomputable{fill:var(--vscode-charts-red,#e51400)}
.hpa-uncomputable-note{fill:var(--vscode-charts-red,#e51400)}
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
