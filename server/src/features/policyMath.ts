/**
 * The arithmetic a hover needs to say what policies mean at a replica count (semantics §1.7.2):
 * Percent scale-up rounds up, Percent scale-down truncates, Pods is exact; Max picks the biggest
 * change, Min the smallest.
 */
import type { HPAScalingPolicy, SelectPolicy } from '../../../common/engine/types';

export type Direction = 'up' | 'down';

/** Replicas one policy lets the controller add (up) or remove (down) in one period, from `current`. */
export function policyChange(policy: HPAScalingPolicy, current: number, direction: Direction): number {
  if (policy.type === 'Pods') return direction === 'up' ? policy.value : Math.min(policy.value, current);
  if (direction === 'up') return Math.ceil(current * (1 + policy.value / 100)) - current;
  return current - Math.max(0, Math.trunc(current * (1 - policy.value / 100)));
}

/** Index of the policy that decides at `current`, or -1 when Disabled or there is none. Ties go to the first. */
export function winningPolicy(
  policies: HPAScalingPolicy[],
  select: SelectPolicy,
  current: number,
  direction: Direction,
): number {
  if (select === 'Disabled' || policies.length === 0) return -1;
  let best = 0;
  for (let i = 1; i < policies.length; i++) {
    const a = policyChange(policies[i]!, current, direction);
    const b = policyChange(policies[best]!, current, direction);
    if (select === 'Max' ? a > b : a < b) best = i;
  }
  return best;
}

export interface WinnerSegment {
  /** Inclusive replica range over which `policy` decides. */
  from: number;
  to: number;
  policy: number;
}

/** Which policy decides for each replica count from `low` to `high`, merged into runs. */
export function winnerSegments(
  policies: HPAScalingPolicy[],
  select: SelectPolicy,
  direction: Direction,
  low: number,
  high: number,
): WinnerSegment[] {
  const segments: WinnerSegment[] = [];
  for (let n = Math.max(1, low); n <= high; n++) {
    const policy = winningPolicy(policies, select, n, direction);
    const last = segments[segments.length - 1];
    if (last && last.policy === policy) last.to = n;
    else segments.push({ from: n, to: n, policy });
  }
  return segments;
}
