/** The toolbar: load a CSV, export the timeline and the chart, and (in VS Code) the lock. */
import { formatMilli } from '../../../common/engine/quantity';
import { buildChartSvg, chartToSvgFile } from '../../../common/preview/chart';
import { timelineToCsv } from '../../../common/preview/csv';
import { prometheusText } from '../../../common/prometheus/messages';
import { t } from '../../../common/preview/strings';
import type { SvgNode } from '../../../common/preview/svgNode';
import { clear, h } from '../dom';
import { settingsOf, type PanelState } from '../state';
import { chartInput } from './chartInput';
import type { View, ViewContext } from './view';

/**
 * The exported chart names its HPA and the settings it ran under (`<title>` and `<desc>`, which
 * viewers show and search), so a file read later says what it shows. Text only: the SVG writer
 * escapes it.
 */
export function withDescription(chart: SvgNode, state: PanelState): SvgNode {
  const model = state.model;
  if (!model) return chart;
  const L = state.locale;
  const name = model.namespace ? `${model.namespace}/${model.name}` : model.name;
  const s = settingsOf(state);
  const loads = Object.entries(s.metricLoads).map(([metric, load]) =>
    load.profile === 'csv'
      ? `${metric}: ${state.fixed?.name ?? 'csv'}`
      : `${metric}: ${load.profile}, ${t(L, 'peak')} ${load.peak}, ${t(L, 'noise')} ${Math.round(load.noise * 100)}`,
  );
  const run = [
    `${t(L, 'duration')} ${Math.round(s.durationSeconds / 60)}`,
    ...(s.initialReplicas !== null ? [`${t(L, 'initialReplicas')} ${s.initialReplicas}`] : []),
    `${t(L, 'syncPeriod')} ${s.syncPeriodSeconds}`,
    `${t(L, 'podStartup')} ${s.podStartupSeconds}`,
    // A what-if request draws scaling the cluster would not do: the file says it was assumed.
    ...Object.entries(s.assumeRequests ?? {}).map(
      ([resource, milli]) => `${t(L, 'assumeRequest', { resource })} ${formatMilli(milli, resource)}`,
    ),
  ];
  const title: SvgNode = { tag: 'title', attrs: {}, text: t(L, 'hpaHeading', { name }) };
  const desc: SvgNode = {
    tag: 'desc',
    attrs: {},
    text: t(L, 'svgSettings', { settings: [...loads, ...run].join('; ') }),
  };
  return { ...chart, children: [title, desc, ...(chart.children ?? [])] };
}

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
            text: chartToSvgFile(withDescription(buildChartSvg(chartInput(state, run, false)), state)),
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
