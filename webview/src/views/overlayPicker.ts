/**
 * Which values the preview simulates for an HPA in a kustomize base: the file as written, or an
 * overlay that includes it, as kustomize renders it. Shown only in VS Code and only when the model
 * lists overlays; choosing one asks the host for that overlay's model (the choice is what the next
 * model says, so the picker keeps no state of its own).
 */
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import type { View, ViewContext } from './view';

export class OverlayPickerView implements View {
  readonly element = h('p', { class: 'overlay-picker' });
  /** What the picker last drew, so a repaint for anything else leaves an open list alone. */
  private drawn = '';

  render({ state, embedded, post }: ViewContext): void {
    const overlays = (embedded && state.model?.overlays) || [];
    const chosen = state.model?.overlay ?? '';
    const key = JSON.stringify([state.locale, overlays, chosen]);
    if (key === this.drawn) return;
    this.drawn = key;
    const { element } = this;
    clear(element);
    element.hidden = overlays.length === 0;
    if (overlays.length === 0) return;
    const L = state.locale;
    const select = h('select', { id: 'overlay-picker' }, [
      h('option', { value: '' }, [t(L, 'overlayAsWritten')]),
      ...overlays.map((o) => h('option', { value: o.uri }, [t(L, 'overlayRendered', { overlay: o.label })])),
    ]);
    select.value = chosen;
    select.addEventListener('change', () => post({ type: 'pickOverlay', overlay: select.value || null }));
    element.append(h('label', { for: 'overlay-picker' }, [t(L, 'overlayPicker')]), ' ', select);
  }
}
