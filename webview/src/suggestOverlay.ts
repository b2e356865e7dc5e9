/**
 * The chosen candidate as the charts' fourth line: its block simulated on the load the panel shows
 * (the "this" run's input with only `behavior` replaced), appended to the three variants. The array
 * is kept while its inputs are the same objects, so the chart keeps its zoom and skips redraws.
 */
import { simulate } from '../../common/engine/simulator';
import type { PreviewRun } from '../../common/preview/run';
import { suggestLoads } from '../../common/preview/suggestLoads';
import type { VariantRun } from '../../common/preview/variants';
import { settingsOf, type PanelState } from './state';

let memo: { run: PreviewRun; result: unknown; chosen: number; runs: VariantRun[] } | null = null;

/** The runs to draw: the three variants, plus the chosen suggestion when there is one. */
export function runsWithSuggestion(state: PanelState, run: PreviewRun): VariantRun[] {
  const result = state.suggest.result;
  const candidate = result?.candidates[state.suggest.chosen];
  if (!state.model || !candidate || run.runs.length === 0) return run.runs;
  if (memo && memo.run === run && memo.result === result && memo.chosen === state.suggest.chosen)
    return memo.runs;
  let runs = run.runs;
  try {
    const current = suggestLoads(state.model, settingsOf(state), state.fixed)[0];
    if (current) {
      const input = { ...current.input, spec: { ...current.input.spec, behavior: candidate.behavior } };
      runs = [...run.runs, { key: 'suggested', legacy: false, result: simulate(input) }];
    }
  } catch {
    // A model the engine cannot simulate has no runs either; the three variants say why.
  }
  memo = { run, result, chosen: state.suggest.chosen, runs };
  return runs;
}
