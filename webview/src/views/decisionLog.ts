/**
 * The decision log section: which variant to show and a page of its syncs (logView.ts builds the
 * table). In step mode only the highlighted row and the hidden future rows change between steps.
 */
import { variantLabel } from '../../../common/preview/chart';
import type { PreviewLocale } from '../../../common/preview/locale';
import type { PreviewRun } from '../../../common/preview/run';
import { t } from '../../../common/preview/strings';
import type { VariantKey } from '../../../common/preview/variants';
import { clear, h } from '../dom';
import { buildLog, markStepRow } from '../logView';
import { clampCursor } from '../state';
import { shownRun, stepCount, type View, type ViewContext } from './view';

export class DecisionLogView implements View {
  readonly element = h('section', { class: 'log-section' });
  private drawn: {
    run: PreviewRun | null;
    locale: PreviewLocale;
    variant: VariantKey;
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
      drawn.start === state.logStart
    ) {
      if (drawn.cursor !== cursor) {
        for (const row of Array.from(this.element.querySelectorAll<HTMLElement>('tr[data-index]'))) {
          markStepRow(row, Number(row.dataset.index), cursor);
        }
        drawn.cursor = cursor;
      }
      return;
    }
    this.drawn = { run, locale: L, variant: state.logVariant, start: state.logStart, cursor };
    clear(this.element);
    const shown = shownRun(context);
    if (!run || !shown) return;
    const selectId = 'hpa-log-variant';
    const select = h('select', { id: selectId, 'data-focus': 'log-variant' });
    for (const v of run.runs) {
      const option = h('option', { value: v.key }, [variantLabel(v, L)]);
      if (v.key === state.logVariant) option.selected = true;
      select.append(option);
    }
    select.addEventListener('change', () => context.dispatch({ type: 'logVariant', variant: select.value }));
    this.element.append(
      h('h2', {}, [t(L, 'log')]),
      h('div', { class: 'field' }, [h('label', { for: selectId }, [t(L, 'logVariant')]), select]),
      buildLog({
        locale: L,
        result: shown.result,
        metricNames: run.metricNames,
        bounds: { min: run.minReplicas, max: run.maxReplicas },
        start: state.logStart,
        cursor,
        onPage: (start) => context.dispatch({ type: 'logPage', start }),
      }),
    );
  }
}
