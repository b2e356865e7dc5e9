/**
 * The warning above the charts when the HPA's document has errors (YAML, schema, API): the preview
 * then simulates what could be read, e.g. without a `behavior:` block a YAML error dropped, and must
 * not look like a faithful run. The errors are the linter's, each with its line; shown as text only.
 */
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import type { View, ViewContext } from './view';

export class ProblemsView implements View {
  readonly element = h('section', { class: 'problems', role: 'alert' });
  private reported = '[]';

  render({ state, post }: ViewContext): void {
    clear(this.element);
    const problems = state.model?.problems ?? [];
    // Tell the host what the banner lists when that changes (its tests cannot look into the page).
    const lines = JSON.stringify(problems.map((p) => p.line));
    if (lines !== this.reported) {
      this.reported = lines;
      post({ type: 'problemsShown', lines: problems.map((p) => p.line) });
    }
    this.element.hidden = problems.length === 0;
    if (problems.length === 0) return;
    const L = state.locale;
    this.element.append(
      h('p', { class: 'problems-heading' }, [t(L, 'problemsHeading')]),
      h(
        'ul',
        {},
        problems.map((p) =>
          h('li', { 'data-line': p.line, 'data-rule': p.rule }, [
            t(L, 'problemLine', { line: p.line, message: p.message }),
          ]),
        ),
      ),
    );
  }
}
