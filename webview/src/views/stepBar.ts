/**
 * Step mode: the toggle, back and forward, and where the cursor is. Built once and updated in
 * place, so a focused button stays the same node.
 */
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import { formatClock } from '../format';
import { clampCursor } from '../state';
import { shownRun, stepCount, stepOnKey, type StepKeys, type View, type ViewContext } from './view';

/**
 * Keys that move the step cursor from anywhere in the panel. Page Up/Down and Home/End move it too,
 * but only on the charts: elsewhere they keep scrolling the page.
 */
const STEP_KEYS: StepKeys = {
  ArrowRight: () => 1,
  ArrowLeft: () => -1,
};

export class StepBarView implements View {
  readonly element = h('div', { class: 'step-bar' });
  private readonly toggle = h('input', { type: 'checkbox', id: 'hpa-step-mode', 'data-focus': 'step-mode' });
  private readonly label = h('label', { for: 'hpa-step-mode' });
  private readonly back = h('button', { type: 'button', class: 'step-back', 'data-focus': 'step-back' });
  private readonly forward = h('button', {
    type: 'button',
    class: 'step-forward',
    'data-focus': 'step-forward',
  });
  private readonly position = h('span', { class: 'step-position', role: 'status', 'aria-live': 'polite' });
  /** The keys, as visible text while step mode is on (not only in the charts' aria-label). */
  private readonly hint = h('p', { class: 'step-keys' });
  private context: ViewContext | null = null;

  constructor() {
    this.toggle.addEventListener('change', () =>
      this.context?.dispatch({ type: 'stepMode', on: this.toggle.checked }),
    );
    const step = (delta: number) => {
      if (this.context) this.context.dispatch({ type: 'step', delta, stepCount: stepCount(this.context) });
    };
    this.back.addEventListener('click', () => step(-1));
    this.forward.addEventListener('click', () => step(1));
    // The arrow keys step wherever the focus is, except where they edit or choose something (a
    // field, a list). The charts' own handler runs first for keys pressed on them and marks the
    // event handled, so a key never steps twice.
    window.addEventListener('keydown', (e) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.target instanceof HTMLInputElement && e.target.type !== 'checkbox') return;
      if (e.target instanceof HTMLSelectElement || e.target instanceof HTMLTextAreaElement) return;
      stepOnKey(e, STEP_KEYS, this.context);
    });
  }

  render(context: ViewContext): void {
    this.context = context;
    const { state, run } = context;
    const L = state.locale;
    if (!run || run.runs.length === 0) {
      clear(this.element);
      return;
    }
    if (this.element.childElementCount === 0) {
      this.element.append(
        h('span', { class: 'field-inline' }, [this.toggle, this.label]),
        this.back,
        this.forward,
        this.position,
        this.hint,
      );
    }
    const count = stepCount(context);
    const cursor = clampCursor(state.cursor, count);
    this.toggle.checked = state.stepMode;
    this.label.textContent = t(L, 'stepMode');
    this.back.textContent = t(L, 'stepBack');
    this.forward.textContent = t(L, 'stepForward');
    this.back.disabled = !state.stepMode || cursor === 0;
    this.forward.disabled = !state.stepMode || cursor >= count - 1;
    this.hint.textContent = state.stepMode ? t(L, 'stepKeys') : '';
    this.hint.hidden = !state.stepMode;
    const current = shownRun(context)?.result.steps[cursor];
    this.position.textContent =
      state.stepMode && current
        ? t(L, 'stepPosition', { n: cursor + 1, total: count, time: formatClock(current.t) })
        : '';
  }
}
