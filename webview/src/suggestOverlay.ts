/**
 * The chosen candidate as the charts' fourth line, on the load the panel shows: when the panel's
 * inputs are those of a load the search tuned over (same `loadKey`), the candidate's run on that
 * load, made where the search ran (candidateRuns.ts); switching the shown load switches the line.
 * On inputs the search did not use (another peak, an edited manifest) no line is drawn: the
 * candidate's figures say nothing about them. Nothing is simulated here, so drawing a result costs
 * the page no engine time. The array is kept while its inputs are the same objects, so the chart
 * keeps its zoom and skips redraws.
 */
import { loadKey } from '../../common/preview/suggestLoads';
import type { PreviewRun } from '../../common/preview/run';
import type { VariantRun } from '../../common/preview/variants';
import { settingsOf, type PanelState } from './state';
import { runKey } from './suggestState';

let shownMemo: { inputs: unknown[]; index: number } | null = null;

/** The index (in the search's loads) of the load the panel shows, or -1 when it is none of them. */
export function shownTunedLoad(state: PanelState): number {
  const loads = state.suggest.loads;
  if (!state.model || loads.length === 0) return -1;
  // Asked on every render by the charts and the list: the key is made once per change of inputs.
  const inputs = [state.model, state.settings, state.fixed, loads];
  if (shownMemo && inputs.every((v, i) => v === shownMemo!.inputs[i])) return shownMemo.index;
  const key = loadKey(state.model, settingsOf(state), state.fixed);
  const index = loads.findIndex((load) => load.key === key);
  shownMemo = { inputs, index };
  return index;
}

let memo: { run: PreviewRun; overlay: unknown; runs: VariantRun[] } | null = null;

/** The runs to draw: the three variants, plus the chosen suggestion on the shown load when there is one. */
export function runsWithSuggestion(state: PanelState, run: PreviewRun): VariantRun[] {
  const s = state.suggest;
  if (!s.result?.candidates[s.chosen] || run.runs.length === 0) return run.runs;
  const shown = shownTunedLoad(state);
  const overlay = shown < 0 ? undefined : s.runs[runKey(s.chosen, shown)];
  if (!overlay) return run.runs;
  if (memo && memo.run === run && memo.overlay === overlay) return memo.runs;
  const suggested: VariantRun = {
    key: 'suggested',
    legacy: false,
    // Drawn from its series only (variants.ts): the steps stayed where it was simulated.
    result: { hpa: overlay.hpa, syncPeriodSeconds: overlay.syncPeriodSeconds, steps: [] },
    series: overlay.series,
  };
  memo = { run, overlay, runs: [...run.runs, suggested] };
  return memo.runs;
}
