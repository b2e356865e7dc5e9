/**
 * Stabilization on the behavior path (semantics §1.7.1): one shared history of unstabilized
 * recommendations, strict windows, and reuse of the last record outdated for both windows.
 */

export interface Recommendation {
  replicas: number;
  /** Seconds on the controller's clock. */
  timestamp: number;
}

export type StabilizationReason = 'ScaleUpStabilized' | 'ScaleDownStabilized' | 'ReadyForNewScale';

export interface StabilizationResult {
  replicas: number;
  /** The AbleToScale reason this step sets. */
  reason: StabilizationReason;
}

/**
 * Stabilizes `desired` against the history (mutated: `desired` is recorded at `now`).
 * A record counts for a window W iff its timestamp is strictly after `now - W`.
 */
export function stabilizeWithBehavior(
  history: Recommendation[],
  current: number,
  desired: number,
  upWindowSeconds: number,
  downWindowSeconds: number,
  now: number,
): StabilizationResult {
  const upCutoff = now - upWindowSeconds;
  const downCutoff = now - downWindowSeconds;
  let upRec = desired;
  let downRec = desired;
  let oldIndex = -1;
  history.forEach((rec, i) => {
    if (rec.timestamp > upCutoff) upRec = Math.min(upRec, rec.replicas);
    if (rec.timestamp > downCutoff) downRec = Math.max(downRec, rec.replicas);
    if (rec.timestamp < upCutoff && rec.timestamp < downCutoff) oldIndex = i;
  });
  // Scale up only as far as every recent recommendation agrees; down likewise.
  let replicas = current;
  if (replicas < upRec) replicas = upRec;
  if (replicas > downRec) replicas = downRec;
  const record: Recommendation = { replicas: desired, timestamp: now };
  if (oldIndex >= 0) history[oldIndex] = record;
  else history.push(record);
  let reason: StabilizationReason = 'ReadyForNewScale';
  if (replicas !== desired) reason = desired >= current ? 'ScaleUpStabilized' : 'ScaleDownStabilized';
  return { replicas, reason };
}
