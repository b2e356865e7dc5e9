/**
 * The decision log: one row per sync with the numbers the controller used and the reason as a
 * sentence. Long runs are shown a page at a time (a 24 h run has 5,760 syncs; a table that size
 * would make every repaint slow).
 */
import type { SimulationResult } from '../../common/engine/simulationTypes';
import type { PreviewLocale } from '../../common/preview/locale';
import { describeDecision } from '../../common/preview/reasons';
import { t } from '../../common/preview/strings';
import { h } from './dom';
import { formatClock, formatQuantity, formatSample } from './format';

export const LOG_PAGE_SIZE = 40;

export interface LogOptions {
  locale: PreviewLocale;
  result: SimulationResult;
  metricNames: string[];
  bounds: { min: number; max: number };
  /** Index of the first row shown. */
  start: number;
  /** Step mode: the row of the current sync. */
  cursor: number | null;
  onPage(start: number): void;
}

/**
 * Step mode: the current sync is highlighted and the syncs after it are hidden, like the charts
 * that stop at the cursor. Outside step mode (`cursor` null) every row shows.
 */
export function markStepRow(row: HTMLElement, index: number, cursor: number | null): void {
  const current = cursor === index;
  row.classList.toggle('current', current);
  if (current) row.setAttribute('aria-current', 'step');
  else row.removeAttribute('aria-current');
  row.hidden = cursor !== null && index > cursor;
}

export function buildLog(o: LogOptions): HTMLElement {
  const { locale, result } = o;
  const total = result.steps.length;
  const start = Math.max(0, Math.min(o.start, Math.max(0, total - 1)));
  const end = Math.min(total, start + LOG_PAGE_SIZE);
  const headers = [
    'logTime',
    'logLoad',
    'logReplicas',
    'logMetrics',
    'logProposed',
    'logStabilized',
    'logDesired',
    'logReason',
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
  for (let i = start; i < end; i++) {
    const step = result.steps[i]!;
    const load = o.metricNames
      .filter((m) => step.load[m] !== undefined)
      .map((m) => `${m} ${formatQuantity(step.load[m]!, m)}`)
      .join(', ');
    const row = h('tr', { 'data-index': i }, [
      h('td', {}, [formatClock(step.t)]),
      h('td', {}, [load || none]),
      h('td', {}, [`${step.replicas} (${step.readyReplicas})`]),
      h('td', {}, [step.metrics.map(formatSample).join('; ') || none]),
      h('td', {}, [step.proposedReplicas === null ? none : String(step.proposedReplicas)]),
      h('td', {}, [step.stabilizedReplicas === null ? none : String(step.stabilizedReplicas)]),
      h('td', { class: 'desired' }, [String(step.desiredReplicas)]),
      h('td', { class: 'reason', 'data-reason': step.reason }, [describeDecision(step, locale, o.bounds)]),
    ]);
    markStepRow(row, i, o.cursor);
    tbody.append(row);
  }
  const range = t(locale, 'logRange', { from: total === 0 ? 0 : start + 1, to: end, total });
  const prev = h(
    'button',
    { type: 'button', class: 'log-prev', 'data-focus': 'log-prev', disabled: start === 0 },
    [t(locale, 'logPrev')],
  );
  const next = h(
    'button',
    { type: 'button', class: 'log-next', 'data-focus': 'log-next', disabled: end >= total },
    [t(locale, 'logNext')],
  );
  prev.addEventListener('click', () => o.onPage(Math.max(0, start - LOG_PAGE_SIZE)));
  next.addEventListener('click', () => o.onPage(start + LOG_PAGE_SIZE));
  return h('div', { class: 'log' }, [
    h('div', { class: 'log-paging' }, [prev, h('span', { class: 'log-range' }, [range]), next]),
    h('div', { class: 'table-scroll' }, [
      h('table', { class: 'log-table' }, [h('caption', {}, [t(locale, 'log')]), thead, tbody]),
    ]),
  ]);
}
