/** The chart's input from the run and the step cursor: drawn in the panel and exported as SVG. */
import type { PreviewRun } from '../../../common/preview/run';
import { prometheusText } from '../../../common/prometheus/messages';
import { realityOfRun } from '../../../common/prometheus/replay';
import { clampCursor, type PanelState } from '../state';
import { runsWithSuggestion } from '../suggestOverlay';
import { stepCount } from './view';

/** `withCursor`: draw the step cursor (the panel in step mode); the exported file never has one. */
export function chartInput(state: PanelState, run: PreviewRun, withCursor: boolean) {
  const cursor =
    state.stepMode && withCursor ? clampCursor(state.cursor, stepCount({ state, run })) : undefined;
  // A Prometheus replay: what the HPA really did, on the syncs of this manifest's run.
  const thisRun = run.runs.find((v) => v.key === 'this');
  const reality = state.replay && thisRun ? realityOfRun(state.replay, thisRun.result.steps) : null;
  return {
    // The chosen suggestion, when there is one, is the fourth line.
    runs: runsWithSuggestion(state, run),
    metricNames: run.metricNames,
    locale: state.locale,
    minReplicas: run.minReplicas,
    maxReplicas: run.maxReplicas,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
    cursorIndex: cursor,
    loadUnits: run.loadUnits,
    initialReplicas: run.initialReplicas,
    uncomputable: run.uncomputable,
    ...(reality ? { actual: { label: prometheusText(state.locale, 'actual'), points: reality.points } } : {}),
  };
}
