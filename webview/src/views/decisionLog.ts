/**
 * The decision log section: which variant and which syncs to show (scale events only, or every
 * sync) and a page of them (logView.ts builds the table). In step mode the log stops at the current
 * sync, which is outlined and scrolled into view as the cursor moves.
 */
import { effectiveMetrics } from '../../../common/engine/defaults';
import { metricDisplayName } from '../../../common/engine/metricEvaluation';
import { metricTargetOf } from '../../../common/engine/metricTarget';
import type { HPASpec } from '../../../common/engine/types';
import { variantLabel } from '../../../common/preview/chart';
import type { PreviewLocale } from '../../../common/preview/locale';
import type { PreviewRun } from '../../../common/preview/run';
import { t } from '../../../common/preview/strings';
import type { VariantKey } from '../../../common/preview/variants';
import { clear, h } from '../dom';
import { buildLog } from '../logView';
import { clampCursor, type LogFilter } from '../state';
import { shownRun, stepCount, type View, type ViewContext } from './view';

const HEADING_ID = 'hpa-log-heading';

/** Metrics whose target sets none of the values the controller reads (e.g. `averageUtilisation`). */
export function metricsWithoutTarget(spec: HPASpec): string[] {
  try {
    return effectiveMetrics(spec)
      .filter((m) => {
        const target = metricTargetOf(m) as Record<string, unknown> | undefined;
        const set = (key: string) => target?.[key] !== undefined && target?.[key] !== null;
        return !set('averageUtilization') && !set('averageValue') && !set('value');
      })
      .map(metricDisplayName);
  } catch {
    return [];
  }
}

export class DecisionLogView implements View {
  readonly element = h('section', { class: 'log-section', 'aria-labelledby': HEADING_ID });
  private drawn: {
    run: PreviewRun | null;
    locale: PreviewLocale;
    variant: VariantKey;
    filter: LogFilter;
    start: number;
    cursor: number | null;
  } | null = null;

  render(context: ViewContext): void {
    const { state, run } = context;
    const L = state.locale;
    const cursor = state.stepMode ? clampCursor(state.cursor, stepCount(context)) : null;
    const drawn = this.drawn;
    if (
      drawn &&
      drawn.run === run &&
      drawn.locale === L &&
      drawn.variant === state.logVariant &&
      drawn.filter === state.logFilter &&
      drawn.start === state.logStart &&
      drawn.cursor === cursor
    )
      return;
    const cursorMoved = drawn !== null && drawn.cursor !== cursor;
    this.drawn = {
      run,
      locale: L,
      variant: state.logVariant,
      filter: state.logFilter,
      start: state.logStart,
      cursor,
    };
    clear(this.element);
    const shown = shownRun(context);
    if (!run || !shown || !state.model) return;
    const variantId = 'hpa-log-variant';
    const variant = h('select', { id: variantId, 'data-focus': 'log-variant' });
    for (const v of run.runs) {
      const option = h('option', { value: v.key }, [variantLabel(v, L)]);
      if (v.key === state.logVariant) option.selected = true;
      variant.append(option);
    }
    variant.addEventListener('change', () =>
      context.dispatch({ type: 'logVariant', variant: variant.value }),
    );
    const filterId = 'hpa-log-filter';
    const filter = h('select', { id: filterId, 'data-focus': 'log-filter' }, [
      h('option', { value: 'events', selected: state.logFilter === 'events' }, [t(L, 'logFilterEvents')]),
      h('option', { value: 'all', selected: state.logFilter === 'all' }, [t(L, 'logFilterAll')]),
    ]);
    filter.addEventListener('change', () => context.dispatch({ type: 'logFilter', filter: filter.value }));
    this.element.append(
      h('h2', { id: HEADING_ID }, [t(L, 'log')]),
      h('div', { class: 'log-options' }, [
        h('div', { class: 'field' }, [h('label', { for: variantId }, [t(L, 'logVariant')]), variant]),
        h('div', { class: 'field' }, [h('label', { for: filterId }, [t(L, 'logFilter')]), filter]),
      ]),
      buildLog({
        locale: L,
        result: shown.result,
        metricNames: run.metricNames,
        bounds: { min: run.minReplicas, max: run.maxReplicas },
        filter: state.logFilter,
        start: state.logStart,
        cursor,
        noTarget: metricsWithoutTarget(state.model.spec),
        labelledBy: HEADING_ID,
        onPage: (start) => context.dispatch({ type: 'logPage', start }),
      }),
    );
    // A step moved the cursor: bring its row into view (only then, so typing elsewhere never scrolls).
    if (cursorMoved && cursor !== null) {
      const row = this.element.querySelector<HTMLElement>('tr[aria-current="step"]');
      row?.scrollIntoView({ block: 'nearest' });
    }
  }
}
