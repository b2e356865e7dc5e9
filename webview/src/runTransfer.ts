/**
 * How a finished run crosses from the simulation worker to the page without one long task there.
 * One structured clone of a 24 h run's steps (three variants) is one long task for the page to read,
 * before any drawing (docs/measurements.md). So the worker sends a head first: the run without its steps, each variant's chart series
 * as typed arrays (transferred, not copied) and its summary; then the steps in parts of
 * STEPS_PER_PART, one message each. Every message is its own task on the page, each part a few
 * milliseconds; the page puts the run together and hands it on only when the last part is in, so no
 * view ever sees half a run.
 */
import type { SimulationStep } from '../../common/engine/simulationTypes';
import type { PreviewRun } from '../../common/preview/run';
import { buildSeries, seriesBuffers } from '../../common/preview/series';
import { summarize } from '../../common/preview/summary';

/** Steps per message: a short task for the page to read, 24 parts for three 24 h variants. */
export const STEPS_PER_PART = 720;

/** Steps of one variant, in order: `from` is the index of the first. */
export interface StepsPart {
  variant: number;
  from: number;
  steps: SimulationStep[];
}

/** The chart series and summary numbers of every variant, set on the run (where it was simulated). */
function prepareForDrawing(run: PreviewRun): void {
  for (const variant of run.runs) {
    variant.series ??= buildSeries(variant.result, run.metricNames);
    variant.summary ??= summarize(variant.result, run.tolerance.up);
  }
}

/**
 * The head (the run with empty step lists, series and summaries attached), the parts that carry
 * the steps, and the buffers to transfer with the head.
 */
export function splitRun(
  run: PreviewRun,
  perPart = STEPS_PER_PART,
): { head: PreviewRun; parts: StepsPart[]; transfer: ArrayBuffer[] } {
  prepareForDrawing(run);
  const parts: StepsPart[] = [];
  const transfer: ArrayBuffer[] = [];
  const runs = run.runs.map((variant, index) => {
    const steps = variant.result.steps;
    for (let from = 0; from < steps.length; from += perPart)
      parts.push({ variant: index, from, steps: steps.slice(from, from + perPart) });
    if (variant.series) transfer.push(...seriesBuffers(variant.series));
    return { ...variant, result: { ...variant.result, steps: [] } };
  });
  return { head: { ...run, runs }, parts, transfer };
}

/** Puts a run back together from its head and parts; `add` says true once the last part is in. */
export class RunAssembler {
  private received = 0;

  constructor(
    readonly run: PreviewRun,
    private readonly partCount: number,
  ) {}

  get complete(): boolean {
    return this.received >= this.partCount;
  }

  add(part: StepsPart): boolean {
    const steps = this.run.runs[part.variant]?.result.steps;
    if (steps) {
      // Parts arrive in the order they were posted (one worker, one port).
      for (let i = 0; i < part.steps.length; i++) steps[part.from + i] = part.steps[i]!;
      this.received += 1;
    }
    return this.complete;
  }
}
