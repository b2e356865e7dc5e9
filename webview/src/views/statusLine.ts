/** One line for what just happened: a CSV loaded or refused, or a simulation that failed. */
import { t } from '../../../common/preview/strings';
import { h } from '../dom';
import type { View, ViewContext } from './view';

export class StatusLineView implements View {
  readonly element = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });

  render({ state, run }: ViewContext): void {
    const error = run?.error;
    this.element.textContent = error
      ? t(state.locale, 'simulationFailed', { message: error })
      : (state.status?.text ?? '');
    this.element.classList.toggle('error', Boolean(error) || state.status?.error === true);
  }
}
