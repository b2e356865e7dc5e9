/**
 * Step mode: the toggle, back and forward, and where the cursor is. Built once and updated in
 * place, so a focused button stays the same node.
 */
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import { formatClock } from '../format';
import { clampCursor } from '../state';
import { shownRun, stepCount, type View, type ViewContext } from './view';

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
    const current = shownRun(context)?.result.steps[cursor];
    this.position.textContent =
      state.stepMode && current
        ? t(L, 'stepPosition', { n: cursor + 1, total: count, time: formatClock(current.t) })
        : '';
  }
}
