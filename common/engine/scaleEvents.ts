/**
 * The per-HPA scale event lists of semantics §1.1 and §1.7.3. Events older than every policy
 * period are marked outdated and their slot is reused (the last outdated one by index).
 */
import type { HPAScalingPolicy } from './types';

export interface ScaleEvent {
  /** Replicas added (scale-up list) or removed (scale-down list), always positive. */
  replicaChange: number;
  /** Seconds on the controller's clock. */
  timestamp: number;
  outdated: boolean;
}

/** Sum of changes strictly newer than `now - periodSeconds` (an event exactly one period old is out). */
export function replicasChangedWithin(
  events: readonly ScaleEvent[],
  periodSeconds: number,
  now: number,
): number {
  const cutoff = now - periodSeconds;
  let sum = 0;
  for (const e of events) if (e.timestamp > cutoff) sum += e.replicaChange;
  return sum;
}

/** The longest period among a direction's policies (0 without policies). */
export function longestPolicyPeriod(policies: readonly HPAScalingPolicy[]): number {
  let longest = 0;
  for (const p of policies) if (p.periodSeconds > longest) longest = p.periodSeconds;
  return longest;
}

/**
 * Stores one scale event in a direction's list (mutated): marks events older than the longest
 * policy period as outdated, then overwrites the last outdated event or appends.
 */
export function recordScaleEvent(
  events: ScaleEvent[],
  replicaChange: number,
  policies: readonly HPAScalingPolicy[],
  now: number,
): void {
  const cutoff = now - longestPolicyPeriod(policies);
  let lastOutdated = -1;
  events.forEach((e, i) => {
    if (e.timestamp < cutoff) e.outdated = true;
    if (e.outdated) lastOutdated = i;
  });
  const event: ScaleEvent = { replicaChange, timestamp: now, outdated: false };
  if (lastOutdated >= 0) events[lastOutdated] = event;
  else events.push(event);
}
