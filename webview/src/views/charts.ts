/**
 * The charts (load and replicas over time) and, in step mode, the keyboard that moves the cursor.
 * ChartView (chartView.ts) lays them out at the panel's width, zooms, reads values out and redraws
 * only what changed; this view feeds it and turns arrow keys into steps.
 */
import { t } from '../../../common/preview/strings';
import { ChartView } from '../chartView';
import { h } from '../dom';
import { chartInput } from './chartInput';
import { stepOnKey, type StepKeys, type View, type ViewContext } from './view';

/** Keys that move the step cursor, and by how many syncs. */
const STEP_KEYS: StepKeys = {
  ArrowRight: () => 1,
  ArrowLeft: () => -1,
  PageDown: () => 10,
  PageUp: () => -10,
  Home: (count) => -count,
  End: (count) => count,
};

export class ChartsView implements View {
  readonly element = h('div', { class: 'charts', tabindex: 0, role: 'group' });
  private readonly chart = new ChartView(this.element);
  private context: ViewContext | null = null;

  constructor() {
    this.element.addEventListener('keydown', (e) => stepOnKey(e, STEP_KEYS, this.context));
  }

  render(context: ViewContext): void {
    this.context = context;
    const { state, run } = context;
    if (!run || run.runs.length === 0) {
      this.chart.show(null);
      return;
    }
    const L = state.locale;
    this.element.setAttribute(
      'aria-label',
      `${t(L, 'chartLoad')} / ${t(L, 'chartReplicas')}. ${t(L, 'chartKeys')}`,
    );
    this.chart.show(chartInput(state, run, true));
  }
}
