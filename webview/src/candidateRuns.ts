/**
 * The runs a search's candidates are drawn from: each candidate's block simulated on each load it
 * was tuned over (the load's input with only `behavior` replaced, as the tuner judged it), kept as
 * chart series only. They are made where the search ran (the worker) right after its result, so
 * showing a candidate, or another load, costs the page no simulation: a 24 h run of one block on
 * the page would be a long task inside the one that draws the result (docs/measurements.md).
 */
import { simulate } from '../../common/engine/simulator';
import { previewMetricNames } from '../../common/preview/run';
import { buildSeries, type RunSeries } from '../../common/preview/series';
import type { TuneLoad, TuneResult } from '../../common/tune';

/** One candidate's run on one load, as the chart draws it. */
export interface CandidateRun {
  candidate: number;
  load: number;
  hpa: string;
  syncPeriodSeconds: number;
  series: RunSeries;
}

/** The (candidate, load) pairs in the order they are made: the first candidate on every load first. */
export function candidateRunOrder(result: TuneResult, loads: readonly TuneLoad[]): [number, number][] {
  const order: [number, number][] = [];
  result.candidates.forEach((_, candidate) => {
    loads.forEach((_, load) => order.push([candidate, load]));
  });
  return order;
}

export function candidateRun(
  result: TuneResult,
  loads: readonly TuneLoad[],
  candidate: number,
  load: number,
): CandidateRun {
  const input = loads[load]!.input;
  const behavior = result.candidates[candidate]!.behavior;
  const simulated = simulate({ ...input, spec: { ...input.spec, behavior } });
  return {
    candidate,
    load,
    hpa: simulated.hpa,
    syncPeriodSeconds: simulated.syncPeriodSeconds,
    series: buildSeries(simulated, previewMetricNames(input.spec)),
  };
}
