/**
 * The charts in the panel: laid out at the width the panel gives them (and again when it changes),
 * with labels measured in the panel's own font, a zoom window over long runs and the values under
 * the pointer. The app hands over what to draw (`show`); everything about the drawing's size,
 * zoom and hover lives here.
 */
import {
  buildChartSvg,
  clampWindow,
  DEFAULT_CHART_WIDTH,
  MIN_CHART_WIDTH,
  variantLabel,
  type ChartInput,
} from '../../common/preview/chart';
import { metricPercent, seriesOf } from '../../common/preview/series';
import { t } from '../../common/preview/strings';
import type { TextMeasure } from '../../common/preview/textWidth';
import type { SvgNode } from '../../common/preview/svgNode';
import { attachChartInteraction, markTime } from './chartInteraction';
import { clear, h, patchSvg, svgToDom } from './dom';
import { formatClock } from './format';
import { createTextMeasure } from './textMeasure';

type Window = { start: number; end: number };

/** What a drawing was made from: after a change of the cursor alone, the tools are kept as they are. */
interface Drawn {
  input: ChartInput;
  width: number;
  window: Window | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

export class ChartView {
  private readonly tools = h('div', { class: 'chart-tools' });
  private readonly plot = h('div', { class: 'chart-plot' });
  private readonly readout = h('div', { class: 'chart-readout' });
  private readonly measure: TextMeasure;
  private input: ChartInput | null = null;
  private window: Window | null = null;
  private drawn: Drawn | null = null;
  /** The tree the plot's `<svg>` was built from, so the next drawing changes only what differs. */
  private tree: SvgNode | null = null;
  private hoverSeconds: number | null = null;
  private frame = 0;
  /**
   * The container's width as the ResizeObserver last reported it. Reading clientWidth instead
   * forces a layout of the whole page in the middle of a repaint (a long one while a search result is
   * drawn: docs/measurements.md); the observer reports every change, so its figure is never stale.
   */
  private observedWidth: number | null = null;

  constructor(private readonly container: HTMLElement) {
    this.measure = createTextMeasure(container);
    container.append(this.tools, this.plot, this.readout);
    attachChartInteraction(this.plot, {
      onHover: (seconds) => this.hover(seconds),
      onZoom: (range) => this.zoomTo(range),
      onResetZoom: () => this.zoomTo(null),
    });
    container.addEventListener('keydown', (e) => this.onKey(e));
    // A panel dragged wider or narrower gets a chart laid out again at its new width.
    new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) this.observedWidth = Math.floor(box.width);
      cancelAnimationFrame(this.frame);
      this.frame = requestAnimationFrame(() => this.draw());
    }).observe(container);
  }

  /** Draws `input` (null clears); the zoom is kept while the runs stay the same. */
  show(input: ChartInput | null): void {
    if (!input || input.runs.length === 0) {
      this.input = null;
      this.window = null;
      this.drawn = null;
      this.tree = null;
      clear(this.tools);
      clear(this.plot);
      clear(this.readout);
      return;
    }
    if (this.input && this.input.runs !== input.runs) this.window = null;
    this.input = input;
    this.draw();
  }

  /** The width to lay out at: the container's, never below the chart's minimum. */
  private width(): number {
    const w = this.observedWidth ?? Math.floor(this.container.clientWidth);
    return w > 0 ? Math.max(MIN_CHART_WIDTH, w) : DEFAULT_CHART_WIDTH;
  }

  private draw(): void {
    const input = this.input;
    if (!input) return;
    const width = this.width();
    const d = this.drawn;
    // Only the cursor moved: the axes, ticks and legends come out the same, so the patch below
    // touches the line groups alone and the tools stay as they are.
    const cursorOnly =
      d !== null &&
      d.input.runs === input.runs &&
      d.input.locale === input.locale &&
      d.width === width &&
      d.window === this.window;
    if (cursorOnly && d.input.cursorIndex === input.cursorIndex) return;
    const tree = buildChartSvg(this.fullInput(input, width));
    const svg = this.plot.firstElementChild;
    if (this.tree && svg && this.plot.childElementCount === 1) patchSvg(svg, this.tree, tree);
    else {
      clear(this.plot);
      this.plot.append(svgToDom(tree));
    }
    this.tree = tree;
    this.drawn = { input, width, window: this.window };
    if (!cursorOnly) this.renderTools();
    this.showReadout();
  }

  private fullInput(input: ChartInput, width: number): ChartInput {
    return { ...input, width, measure: this.measure, timeWindow: this.window ?? undefined };
  }

  private renderTools(): void {
    const input = this.input!;
    const L = input.locale;
    clear(this.tools);
    const button = (cls: string, label: string, onClick: () => void, disabled: boolean) => {
      const b = h('button', { type: 'button', class: cls, 'data-focus': cls, disabled }, [label]);
      b.addEventListener('click', onClick);
      return b;
    };
    const whole = this.window === null;
    this.tools.append(
      button('zoom-in', t(L, 'zoomIn'), () => this.zoomBy(0.5), false),
      button('zoom-out', t(L, 'zoomOut'), () => this.zoomBy(2), whole),
      button('zoom-reset', t(L, 'zoomReset'), () => this.zoomTo(null), whole),
    );
    this.tools.append(h('p', { class: 'chart-hint' }, [t(L, 'zoomHint')]));
  }

  private syncSeconds(): number {
    return this.input?.runs[0]?.result.syncPeriodSeconds ?? 15;
  }

  /** Zooms to a range of at least four syncs; null (or the whole run) resets. */
  private zoomTo(range: Window | null): void {
    const input = this.input;
    if (!input) return;
    const total = Math.max(1, input.durationSeconds);
    const clamped = range ? clampWindow(range, total, this.syncSeconds() * 4) : null;
    this.window = clamped && clamped.end - clamped.start < total ? clamped : null;
    this.draw();
  }

  /** Scales the shown span around the hovered second, else around the middle. */
  private zoomBy(factor: number): void {
    const input = this.input;
    if (!input) return;
    const current = clampWindow(this.window ?? undefined, input.durationSeconds);
    const span = (current.end - current.start) * factor;
    const centre = this.hoverSeconds ?? (current.start + current.end) / 2;
    this.zoomTo({ start: centre - span / 2, end: centre + span / 2 });
  }

  private onKey(e: KeyboardEvent): void {
    if (e.target instanceof HTMLButtonElement) return;
    if (e.key === '+' || e.key === '=') this.zoomBy(0.5);
    else if (e.key === '-' || e.key === '−') this.zoomBy(2);
    else if (e.key === '0') this.zoomTo(null);
    else return;
    e.preventDefault();
  }

  private hover(seconds: number | null): void {
    this.hoverSeconds = seconds;
    const svg = this.plot.querySelector<SVGSVGElement>('svg.hpa-charts');
    if (!svg) return;
    const index = this.stepIndexAt(seconds);
    const main = this.input?.runs[0]?.result.steps[index ?? -1];
    markTime(svg, 'hpa-hover', seconds === null || !main ? null : main.t);
    this.showReadout();
  }

  /** The sync in force at `seconds` (each holds until the next). */
  private stepIndexAt(seconds: number | null): number | null {
    const input = this.input;
    if (!input || seconds === null) return null;
    const steps = input.runs[0]?.result.steps ?? [];
    const index = Math.floor(seconds / this.syncSeconds());
    const last = input.cursorIndex ?? steps.length - 1;
    return index >= 0 && index <= last && index < steps.length ? index : null;
  }

  /** The values under the pointer, else at the step cursor, as text lines under the charts. */
  private showReadout(): void {
    clear(this.readout);
    const input = this.input;
    if (!input) return;
    const index = this.stepIndexAt(this.hoverSeconds) ?? input.cursorIndex ?? null;
    if (index === null) return;
    const L = input.locale;
    const main = input.runs.find((run) => run.key === 'this') ?? input.runs[0]!;
    const step = main.result.steps[index];
    if (!step) return;
    const lines = [t(L, 'readoutTime', { time: formatClock(step.t) })];
    for (const name of input.metricNames) {
      const percent = metricPercent(step, name);
      const unit = input.loadUnits?.[name];
      const load = step.load[name];
      lines.push(
        t(L, 'readoutMetric', {
          metric: name,
          value: percent === null ? t(L, 'none') : round1(percent),
          load: unit && unit > 0 && load !== undefined ? Math.round((load / unit) * 100) / 100 : t(L, 'none'),
        }),
      );
    }
    for (const run of input.runs) {
      // From the series: a suggestion's overlay has no step objects on the page (variants.ts).
      const value = seriesOf(run, input.metricNames).desiredReplicas[index];
      if (value !== undefined) lines.push(t(L, 'readoutReplicas', { variant: variantLabel(run, L), value }));
    }
    this.readout.append(...lines.map((line) => h('p', {}, [line])));
  }
}
