/** The toolbar: load a CSV, export the timeline and the chart, and (in VS Code) the lock. */
import { buildChartSvg, chartToSvgFile } from '../../../common/preview/chart';
import { timelineToCsv } from '../../../common/preview/csv';
import { prometheusText } from '../../../common/prometheus/messages';
import { t } from '../../../common/preview/strings';
import { clear, h } from '../dom';
import { chartInput } from './chartInput';
import type { View, ViewContext } from './view';

export class ActionsView implements View {
  readonly element = h('div', { class: 'actions', role: 'toolbar' });

  render(context: ViewContext): void {
    const { state, run } = context;
    clear(this.element);
    if (!state.model) return;
    const L = state.locale;
    this.element.setAttribute('aria-label', t(L, 'settings'));
    const button = (
      cls: string,
      label: string,
      onClick: () => void,
      extra: Record<string, string | boolean> = {},
    ) => {
      const b = h('button', { type: 'button', class: cls, 'data-focus': cls, ...extra }, [label]);
      b.addEventListener('click', onClick);
      return b;
    };
    const noRuns = !run?.runs.length;
    this.element.append(
      button('load-csv', t(L, 'loadCsv'), () => context.post({ type: 'pickCsv' })),
      button('load-prometheus', prometheusText(L, 'loadFromPrometheus'), () =>
        context.post({ type: 'loadFromPrometheus' }),
      ),
      button(
        'export-csv',
        t(L, 'exportCsv'),
        () => run && context.post({ type: 'exportCsv', text: timelineToCsv(run.runs, run.metricNames) }),
        { disabled: noRuns },
      ),
      button(
        'export-svg',
        t(L, 'exportSvg'),
        () =>
          run &&
          context.post({
            type: 'exportSvg',
            text: chartToSvgFile(buildChartSvg(chartInput(state, run, false))),
          }),
        { disabled: noRuns },
      ),
    );
    if (context.embedded) {
      this.element.append(
        button('lock', t(L, state.locked ? 'unlock' : 'lock'), () => context.post({ type: 'toggleLock' }), {
          'aria-pressed': state.locked ? 'true' : 'false',
        }),
      );
    }
  }
}
