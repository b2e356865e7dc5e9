/** The panel's heading: which HPA and target, the lock badge, or why there is nothing to show. */
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import type { View, ViewContext } from './view';

export class HeaderView implements View {
  readonly element = h('header', { class: 'head' });

  render({ state, embedded }: ViewContext): void {
    const { element } = this;
    clear(element);
    const L = state.locale;
    element.append(h('h1', {}, [t(L, 'title')]));
    // Said above whatever is shown: a restored page keeps its saved charts while the server starts.
    if (state.waitingReason)
      element.append(h('p', { class: 'waiting', role: 'status' }, [state.waitingReason]));
    const m = state.model;
    if (!m) {
      if (state.waitingReason) return;
      element.append(h('p', { class: 'no-model' }, [t(L, 'noModel')]));
      if (state.noModelReason) element.append(h('p', { class: 'no-model-reason' }, [state.noModelReason]));
      return;
    }
    const name = m.namespace ? `${m.namespace}/${m.name}` : m.name;
    element.append(h('p', { class: 'hpa-name' }, [t(L, 'hpaHeading', { name })]));
    element.append(
      h('p', { class: 'hpa-target' }, [
        m.target ? t(L, 'targetFound', { kind: m.target.kind, name: m.target.name }) : t(L, 'targetMissing'),
      ]),
    );
    // Only VS Code has a lock (follow the editor or not); the standalone report has no editor to follow.
    if (state.locked && embedded) element.append(h('span', { class: 'badge' }, [t(L, 'lockedBadge')]));
  }
}
