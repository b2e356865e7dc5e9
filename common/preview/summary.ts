/** The per-variant numbers under the charts: how often, how long above target, and at what cost. */
import type { MetricSample, SimulationResult } from '../engine/simulationTypes';

export interface VariantSummary {
  /** Syncs that changed the replica count. */
  scaleEvents: number;
  /**
   * Seconds during which at least one metric was above its target by more than the tolerance
   * (ratio > 1 + up): the time the workload was short of Pods and the controller wanted more.
   */
  secondsAboveTarget: number;
  /** Replicas the controller asked for, integrated over time, in Pod-hours. */
  podHours: number;
  peakReplicas: number;
}

/**
 * A metric's value relative to its target (1 = at target): the ratio the engine itself compared with
 * the tolerance band. For Object and External AverageValue targets that is the total over
 * (target x replicas), never the total over the per-Pod target. Samples without the engine's ratio
 * (hand-made ones) fall back to the integer utilization, else the value, over the target.
 */
export function metricRatio(sample: MetricSample): number | null {
  if (sample.ratio !== undefined) return Number.isFinite(sample.ratio) ? sample.ratio : null;
  if (!(sample.target > 0)) return null;
  const value = sample.utilization ?? sample.value;
  const ratio = value / sample.target;
  return Number.isFinite(ratio) ? ratio : null;
}

/** `toleranceUp`: the scale-up tolerance as a fraction (0.1 = 10 %). */
export function summarize(result: SimulationResult, toleranceUp: number): VariantSummary {
  const steps = result.steps;
  let scaleEvents = 0;
  let secondsAboveTarget = 0;
  let podSeconds = 0;
  let peakReplicas = 0;
  steps.forEach((step, i) => {
    // Each sync's decision holds until the next sync; the last one for one sync period.
    const next = steps[i + 1]?.t ?? step.t + result.syncPeriodSeconds;
    const span = Math.max(0, next - step.t);
    if (step.desiredReplicas !== step.replicas) scaleEvents++;
    if (step.metrics.some((m) => (metricRatio(m) ?? 0) > 1 + toleranceUp)) secondsAboveTarget += span;
    podSeconds += step.desiredReplicas * span;
    peakReplicas = Math.max(peakReplicas, step.replicas, step.desiredReplicas);
  });
  return { scaleEvents, secondsAboveTarget, podHours: podSeconds / 3600, peakReplicas };
}
