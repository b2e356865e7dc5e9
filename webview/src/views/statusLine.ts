/** One line for what just happened: a CSV loaded or refused, a simulation under way or one that failed. */
import { t } from '../../../common/preview/strings';
import { h } from '../dom';
import type { View, ViewContext } from './view';

export class StatusLineView implements View {
  readonly element = h('p', { class: 'status', role: 'status', 'aria-live': 'polite' });

  render({ state, run, simulating }: ViewContext): void {
    const error = simulating ? undefined : run?.error;
    this.element.textContent = error
      ? t(state.locale, 'simulationFailed', { message: error })
      : simulating
        ? t(state.locale, 'simulating')
        : (state.status?.text ?? '');
    this.element.classList.toggle('error', Boolean(error) || state.status?.error === true);
  }
}
