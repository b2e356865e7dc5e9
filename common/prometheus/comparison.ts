/**
 * How far the simulation of this manifest is from what the HPA really did, from kube-state-metrics'
 * `kube_horizontalpodautoscaler_status_current_replicas`. At each sync of the simulation the actual
 * count is the last sample at or before it (on the fetch grid); syncs where the actual count is
 * unknown are left out of both figures.
 */
import type { SimulationStep } from '../engine/simulationTypes';

export interface RealityComparison {
  /** Syncs with an actual count. */
  compared: number;
  /** Mean of |simulated - actual| replicas over the compared syncs. */
  meanAbsoluteDifference: number;
  /** Share (0..1) of compared syncs where the simulation is within ±1 replica of reality. */
  withinOneReplica: number;
  /** Largest |simulated - actual| seen. */
  maxDifference: number;
}

/**
 * The actual count at each step's time, from values on a grid that starts at t = 0 with `gridStep`.
 * A grid value holds for one grid step; a step falling in a gap gets null.
 */
export function actualAtSteps(
  steps: readonly Pick<SimulationStep, 't'>[],
  grid: readonly (number | null)[],
  gridStep: number,
): (number | null)[] {
  return steps.map((s) => {
    const i = Math.floor(s.t / gridStep + 1e-9);
    return i >= 0 && i < grid.length ? (grid[i] ?? null) : null;
  });
}

/** null when no step has an actual count. */
export function compareWithReality(
  steps: readonly Pick<SimulationStep, 'replicas'>[],
  actual: readonly (number | null)[],
): RealityComparison | null {
  let compared = 0;
  let sum = 0;
  let within = 0;
  let max = 0;
  steps.forEach((s, i) => {
    const a = actual[i];
    if (a === null || a === undefined) return;
    const d = Math.abs(s.replicas - a);
    compared++;
    sum += d;
    if (d <= 1) within++;
    if (d > max) max = d;
  });
  if (compared === 0) return null;
  return {
    compared,
    meanAbsoluteDifference: sum / compared,
    withinOneReplica: within / compared,
    maxDifference: max,
  };
}
