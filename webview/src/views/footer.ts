/** What the simulation leaves out, and the notes on this model (target not found, requests assumed). */
import { loadPastEndNote } from '../../../common/preview/loadSpan';
import { requestNotes } from '../../../common/preview/requestNotes';
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import type { View, ViewContext } from './view';

export class FooterView implements View {
  readonly element = h('footer', { class: 'foot' });

  render({ state, run }: ViewContext): void {
    clear(this.element);
    if (!state.model) return;
    const L = state.locale;
    this.element.append(h('p', { class: 'simplifications' }, [t(L, 'simplifications')]));
    const notes = [...state.model.notes];
    if (run) notes.push(...requestNotes(L, run));
    const pastEnd = loadPastEndNote(L, state.fixed, run?.durationSeconds);
    if (pastEnd !== null) notes.push(pastEnd);
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
