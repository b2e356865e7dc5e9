/** What the simulation leaves out, and the notes on this model (target not found, requests assumed). */
import { DEFAULT_ASSUMED_REQUESTS } from '../../../common/engine/simulationInput';
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import { formatQuantity } from '../format';
import type { View, ViewContext } from './view';

export class FooterView implements View {
  readonly element = h('footer', { class: 'foot' });

  render({ state, run }: ViewContext): void {
    clear(this.element);
    if (!state.model) return;
    const L = state.locale;
    this.element.append(h('p', { class: 'simplifications' }, [t(L, 'simplifications')]));
    const notes = [...state.model.notes];
    const assumed = run?.assumedRequests ?? [];
    if (assumed.length > 0) {
      const values = Object.entries(DEFAULT_ASSUMED_REQUESTS)
        .map(([resource, milli]) => `${resource} ${formatQuantity(milli, resource)}`)
        .join(', ');
      notes.push(t(L, 'requestsAssumed', { names: assumed.join(', '), assumed: values }));
    }
    if (notes.length > 0) {
      this.element.append(
        h('h2', {}, [t(L, 'notes')]),
        h(
          'ul',
          { class: 'notes' },
          notes.map((n) => h('li', {}, [n])),
        ),
      );
    }
  }
}
