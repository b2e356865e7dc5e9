/** The settings form (controls.ts), rebuilt only when its shape changes so typing never loses focus. */
import { PROFILE_NAMES } from '../../../common/preview/run';
import { t } from '../../../common/preview/strings';
import { buildControls } from '../controls';
import { clear, h } from '../dom';
import { settingsOf } from '../state';
import type { View, ViewContext } from './view';

export class SettingsFormView implements View {
  readonly element = h('section', { class: 'settings', 'aria-label': 'settings' });
  private drawnKey = '';

  render(context: ViewContext): void {
    const { state, run } = context;
    const model = state.model;
    if (!model || !run) {
      clear(this.element);
      this.drawnKey = '';
      return;
    }
    const csvMetrics = state.fixed?.loads.map((l) => l.metric) ?? [];
    // The what-if fields: resources the target lacks, whether or not a value is assumed for them now.
    const whatIfResources = [
      ...new Set([
        ...run.uncomputable.map((what) => what.slice(what.lastIndexOf('/') + 1)),
        ...run.assumedRequests.filter((a) => a.because === 'whatIf').map((a) => a.resource),
      ]),
    ].sort();
    const key = JSON.stringify([
      state.locale,
      model.uri,
      model.documentIndex,
      run.metricNames,
      state.fixed?.name,
      csvMetrics,
      run.initialReplicas,
      whatIfResources,
      state.formRevision,
    ]);
    if (key === this.drawnKey) return;
    this.drawnKey = key;
    clear(this.element);
    this.element.setAttribute('aria-label', t(state.locale, 'settings'));
    this.element.append(
      buildControls({
        locale: state.locale,
        metricNames: run.metricNames,
        profiles: PROFILE_NAMES,
        csvName: state.fixed?.name ?? null,
        csvMetrics,
        settings: settingsOf(state),
        defaultInitialReplicas: run.initialReplicas,
        whatIfResources,
        onMetricLoad: (metric, patch) => context.dispatch({ type: 'metricLoad', metric, patch }),
        onRunSetting: (patch) => context.dispatch({ type: 'runSetting', patch }),
      }),
    );
  }
}
