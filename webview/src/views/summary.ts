/** The summary table: per variant, scale events, time above the tolerance band, Pod-hours, peak. */
import { variantLabel } from '../../../common/preview/chart';
import type { PreviewLocale } from '../../../common/preview/locale';
import type { PreviewRun } from '../../../common/preview/run';
import { prometheusText } from '../../../common/prometheus/messages';
import { realityOfRun, type PrometheusReplay } from '../../../common/prometheus/replay';
import { t } from '../../../common/preview/strings';
import { summarize } from '../../../common/preview/summary';
import { uncomputableNotes } from '../../../common/preview/requestNotes';
import { releaseNotes } from '../../../common/preview/releaseNotes';
import { clear, h } from '../dom';
import { formatNumber } from '../format';
import type { View, ViewContext } from './view';

const HEADS = [
  'summaryVariant',
  'summaryScaleEvents',
  'summaryAboveTarget',
  'summaryPodHours',
  'summaryPeak',
] as const;

export class SummaryView implements View {
  readonly element = h('section', { class: 'summary' });
  private drawn: {
    run: PreviewRun | null;
    locale: PreviewLocale;
    replay: PrometheusReplay | null;
    model: unknown;
  } | null = null;

  render({ state, run }: ViewContext): void {
    const L = state.locale;
    const replay = state.replay;
    if (
      this.drawn &&
      this.drawn.run === run &&
      this.drawn.locale === L &&
      this.drawn.replay === replay &&
      this.drawn.model === state.model
    )
      return;
    this.drawn = { run, locale: L, replay, model: state.model };
    clear(this.element);
    if (!run || run.runs.length === 0) return;
    const body = run.runs.map((v) => {
      // The worker sends the numbers with the run; a run made on the page is summed up here.
      const s = v.summary ?? summarize(v.result, run.tolerance.up);
      return h('tr', { 'data-variant': v.key }, [
        h('th', { scope: 'row' }, [variantLabel(v, L)]),
        h('td', {}, [String(s.scaleEvents)]),
        h('td', {}, [t(L, 'minutes', { value: formatNumber(s.secondsAboveTarget / 60, 1) })]),
        h('td', {}, [formatNumber(s.podHours, 2)]),
        h('td', {}, [String(s.peakReplicas)]),
      ]);
    });
    this.element.append(
      h('h2', {}, [t(L, 'summary')]),
      h('table', { class: 'summary-table' }, [
        h('thead', {}, [
          h(
            'tr',
            {},
            HEADS.map((k) => h('th', { scope: 'col' }, [t(L, k)])),
          ),
        ]),
        h('tbody', {}, body),
      ]),
      // Figures of a metric the controller cannot compute are of a run that never scales on it.
      ...uncomputableNotes(L, run).map((note) => h('p', { class: 'uncomputable' }, [note])),
      // The release modelled, and what in this run holds only on it.
      ...releaseNotes(L, state.model).map((note) => h('p', { class: 'release-note' }, [note])),
    );
    // How far this manifest's run is from what the HPA did (Prometheus loads with kube-state-metrics).
    const thisRun = run.runs.find((v) => v.key === 'this') ?? run.runs[0];
    const reality = replay && thisRun ? realityOfRun(replay, thisRun.result.steps) : null;
    if (replay && thisRun) {
      const c = reality?.comparison ?? null;
      this.element.append(
        h('p', { class: 'reality' }, [
          c
            ? prometheusText(L, 'comparison', {
                compared: c.compared,
                mean: formatNumber(c.meanAbsoluteDifference, 2),
                within: formatNumber(c.withinOneReplica * 100, 1),
              })
            : prometheusText(L, 'note.noActual'),
        ]),
      );
    }
  }
}
