/**
 * The decision log: one row per sync with the numbers the controller used and the reason as a
 * sentence. By default only the syncs that changed the replicas are listed (most of a run says "no
 * change"); long runs are shown a page at a time (a 24 h run has 5,760 syncs; a table that size
 * would make every repaint slow). The reason comes right after the replica counts, so a side panel
 * shows it without scrolling sideways.
 */
import type { SimulationResult, SimulationStep } from '../../common/engine/simulationTypes';
import type { PreviewLocale } from '../../common/preview/locale';
import { describeDecision } from '../../common/preview/reasons';
import { t } from '../../common/preview/strings';
import { h } from './dom';
import { formatClock, formatQuantity, formatSample } from './format';
import type { LogFilter } from './state';

export const LOG_PAGE_SIZE = 40;

export interface LogOptions {
  locale: PreviewLocale;
  result: SimulationResult;
  metricNames: string[];
  bounds: { min: number; max: number };
  filter: LogFilter;
  /** Position of the first row shown, among the listed rows. */
  start: number;
  /** Step mode: the row of the current sync. */
  cursor: number | null;
  /** Metrics whose target has no value the controller can use: a failed sync says so. */
  noTarget: string[];
  /** The id of the heading that names the table. */
  labelledBy: string;
  onPage(start: number): void;
}

/** A sync that changed the replicas: what "scale events only" lists (the summary counts the same). */
export function isScaleEvent(step: SimulationStep): boolean {
  return step.desiredReplicas !== step.replicas;
}

/**
 * The syncs the log lists, in order. In step mode those after the cursor are left out, like the
 * charts that stop there, and the current sync is listed even when it changed nothing.
 */
export function listedSyncs(result: SimulationResult, filter: LogFilter, cursor: number | null): number[] {
  const out: number[] = [];
  const last = cursor ?? result.steps.length - 1;
  for (let i = 0; i <= last && i < result.steps.length; i++) {
    if (filter === 'all' || i === cursor || isScaleEvent(result.steps[i]!)) out.push(i);
  }
  return out;
}

/** The first listed position of the page to show: the cursor's page in step mode, else `start`. */
export function pageStart(listed: number[], start: number, cursor: number | null): number {
  if (cursor !== null) {
    const at = Math.max(0, listed.indexOf(cursor));
    return Math.floor(at / LOG_PAGE_SIZE) * LOG_PAGE_SIZE;
  }
  return Math.max(0, Math.min(start, Math.max(0, listed.length - 1)));
}

/** Step mode: the current sync's row is marked (and outlined by the style sheet). */
export function markStepRow(row: HTMLElement, index: number, cursor: number | null): void {
  const current = cursor === index;
  row.classList.toggle('current', current);
  if (current) row.setAttribute('aria-current', 'step');
  else row.removeAttribute('aria-current');
}

function reasonText(step: SimulationStep, o: LogOptions): string {
  // Every metric failed and none has a target: the cause is the manifest, not the Pods.
  if (step.reason === 'noMetrics' && o.noTarget.length > 0 && o.noTarget.length >= o.metricNames.length) {
    return t(o.locale, 'logNoTarget', { names: o.noTarget.join(', '), current: step.replicas });
  }
  return describeDecision(step, o.locale, o.bounds);
}

export function buildLog(o: LogOptions): HTMLElement {
  const { locale, result } = o;
  const listed = listedSyncs(result, o.filter, o.cursor);
  const total = listed.length;
  const start = pageStart(listed, o.start, o.cursor);
  const end = Math.min(total, start + LOG_PAGE_SIZE);
  const headers = [
    'logTime',
    'logReplicas',
    'logDesired',
    'logReason',
    'logMetrics',
    'logLoad',
    'logProposed',
    'logStabilized',
  ] as const;
  const thead = h('thead', {}, [
    h(
      'tr',
      {},
      headers.map((k) => h('th', { scope: 'col' }, [t(locale, k)])),
    ),
  ]);
  const tbody = h('tbody');
  const none = t(locale, 'none');
  for (let p = start; p < end; p++) {
    const i = listed[p]!;
    const step = result.steps[i]!;
    const load = o.metricNames
      .filter((m) => step.load[m] !== undefined)
      .map((m) => `${m} ${formatQuantity(step.load[m]!, m)}`)
      .join(', ');
    const row = h('tr', { 'data-index': i }, [
      h('td', {}, [formatClock(step.t)]),
      h('td', {}, [`${step.replicas} (${step.readyReplicas})`]),
      h('td', { class: 'desired' }, [String(step.desiredReplicas)]),
      h('td', { class: 'reason', 'data-reason': step.reason }, [reasonText(step, o)]),
      h('td', { class: 'metrics' }, [step.metrics.map((m) => formatSample(m, locale)).join('; ') || none]),
      h('td', {}, [load || none]),
      h('td', {}, [step.proposedReplicas === null ? none : String(step.proposedReplicas)]),
      h('td', {}, [step.stabilizedReplicas === null ? none : String(step.stabilizedReplicas)]),
    ]);
    markStepRow(row, i, o.cursor);
    tbody.append(row);
  }
  const syncs = result.steps.length;
  let range: string;
  if (o.filter === 'events' && o.cursor !== null) {
    // Step mode lists the current sync with the scale events before it: the header counts only the
    // events, and says when the current row is an ordinary sync shown for the step.
    const events = listed.filter((i) => isScaleEvent(result.steps[i]!)).length;
    const current = result.steps[o.cursor];
    const args = { events, n: o.cursor + 1, syncs };
    range =
      current && !isScaleEvent(current)
        ? t(locale, 'logStepEventsAndCurrent', args)
        : t(locale, 'logStepEvents', args);
  } else if (o.filter === 'events') {
    range =
      total === 0
        ? t(locale, 'logNoEvents')
        : t(locale, 'logRangeEvents', { from: start + 1, to: end, total, syncs });
  } else range = t(locale, 'logRange', { from: total === 0 ? 0 : start + 1, to: end, total });
  // In step mode the page follows the cursor.
  const paging = o.cursor === null;
  const prev = h(
    'button',
    { type: 'button', class: 'log-prev', 'data-focus': 'log-prev', disabled: !paging || start === 0 },
    [t(locale, 'logPrev')],
  );
  const next = h(
    'button',
    { type: 'button', class: 'log-next', 'data-focus': 'log-next', disabled: !paging || end >= total },
    [t(locale, 'logNext')],
  );
  prev.addEventListener('click', () => o.onPage(Math.max(0, start - LOG_PAGE_SIZE)));
  next.addEventListener('click', () => o.onPage(start + LOG_PAGE_SIZE));
  return h('div', { class: 'log' }, [
    h('div', { class: 'log-paging' }, [prev, h('span', { class: 'log-range' }, [range]), next]),
    h('div', { class: 'table-scroll' }, [
      // Named by the section's heading: "Decision log" is said once, not again as a caption.
      h('table', { class: 'log-table', 'aria-labelledby': o.labelledBy }, [thead, tbody]),
    ]),
  ]);
}
