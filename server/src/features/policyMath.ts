/**
 * What policies mean at a replica count, in the shape the hover sentences need, from the engine's
 * `describePolicyWinner` and `policyLimitAt` (semantics §1.7.2: Percent up rounds up, Percent down
 * truncates, Max picks the biggest change).
 */
import { describePolicyWinner, policyLimitAt } from '../../../common/engine/index';
import type { HPAScalingPolicy, SelectPolicy } from '../../../common/engine/types';

export type Direction = 'up' | 'down';

/** Replicas one policy lets the controller add (up) or remove (down) in one period from `current`. */
export function policyChange(policy: HPAScalingPolicy, current: number, direction: Direction): number {
  return Math.max(0, Math.abs(policyLimitAt(current, policy, direction) - current));
}

export interface WinnerSegment {
  /** Inclusive replica range over which `policy` decides. */
  from: number;
  to: number;
  policy: number;
}

/** Which policy decides for each replica count from `low` to `high`, merged into runs (ties stay with the earlier winner). */
export function winnerSegments(
  policies: HPAScalingPolicy[],
  select: SelectPolicy,
  direction: Direction,
  low: number,
  high: number,
): WinnerSegment[] {
  const segments: WinnerSegment[] = [];
  let n = Math.max(1, low);
  while (n <= high) {
    const w = describePolicyWinner(n, { policies, selectPolicy: select }, direction, high);
    const to = w.switchesAt === null ? high : Math.min(high, w.switchesAt - 1);
    segments.push({ from: n, to, policy: w.winnerIndex });
    n = to + 1;
  }
  return segments;
}

/** The policy that decides at `current` and the change it allows. */
export function winnerAt(
  policies: HPAScalingPolicy[],
  select: SelectPolicy,
  current: number,
  direction: Direction,
): { index: number; change: number } {
  const w = describePolicyWinner(current, { policies, selectPolicy: select }, direction, current);
  return { index: w.winnerIndex, change: w.change };
}
