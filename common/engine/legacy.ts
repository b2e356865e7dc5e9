/**
 * The legacy normalization used when `spec.behavior` is nil (semantics §1.6): downscale-only
 * stabilization with an inclusive window, then a clamp with the max(factor x current, minimum)
 * scale-up limit that applies afresh every sync.
 */
import type { Recommendation } from './stabilization';

export type ClampReason = 'ScaleUpLimit' | 'TooManyReplicas' | 'TooFewReplicas' | 'DesiredWithinRange';

export interface LegacyStabilizationResult {
  replicas: number;
  reason: 'ScaleDownStabilized' | 'ReadyForNewScale';
}

/**
 * The max of `desired` and every record at most `windowSeconds` old (inclusive). Records `desired`
 * in the history (mutated), overwriting the last record older than the window.
 */
export function legacyStabilize(
  history: Recommendation[],
  desired: number,
  windowSeconds: number,
  now: number,
): LegacyStabilizationResult {
  const cutoff = now - windowSeconds;
  let max = desired;
  let oldIndex = -1;
  history.forEach((rec, i) => {
    if (rec.timestamp < cutoff) oldIndex = i;
    else if (rec.replicas > max) max = rec.replicas;
  });
  const record: Recommendation = { replicas: desired, timestamp: now };
  if (oldIndex >= 0) history[oldIndex] = record;
  else history.push(record);
  return { replicas: max, reason: max !== desired ? 'ScaleDownStabilized' : 'ReadyForNewScale' };
}

/** trunc(max(factor x current, minimum)), the legacy scale-up ceiling. */
export function legacyScaleUpLimit(current: number, factor: number, minimum: number): number {
  return Math.trunc(Math.max(factor * current, minimum));
}

/** The legacy clamp of §1.6 step 2. */
export function legacyClamp(
  current: number,
  desired: number,
  minReplicas: number,
  maxReplicas: number,
  factor: number,
  minimum: number,
): { replicas: number; reason: ClampReason } {
  const limit = legacyScaleUpLimit(current, factor, minimum);
  const [maxAllowed, limitReason]: [number, ClampReason] =
    maxReplicas > limit ? [limit, 'ScaleUpLimit'] : [maxReplicas, 'TooManyReplicas'];
  if (desired < minReplicas) return { replicas: minReplicas, reason: 'TooFewReplicas' };
  if (desired > maxAllowed) return { replicas: maxAllowed, reason: limitReason };
  return { replicas: desired, reason: 'DesiredWithinRange' };
}
