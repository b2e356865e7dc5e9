/**
 * Scaling policies and the min/max clamp on the behavior path (semantics §1.7.2). Each policy
 * looks back over its own period; both event lists feed the replica count at the period's start.
 */
import { replicasChangedWithin, type ScaleEvent } from './scaleEvents';
import type { ClampReason } from './legacy';
import type { HPAScalingPolicy, ResolvedScalingRules, SelectPolicy } from './types';

export type ScaleDirection = 'up' | 'down';

/**
 * What one policy allows from `periodStart` replicas: Pods add/remove exactly `value`; Percent
 * rounds up when scaling up (guaranteed progress) and truncates when scaling down.
 * The float expressions are the controller's, so 10 x (1 + 10/100) rounds up to 12, as upstream does.
 */
export function policyLimitAt(
  periodStart: number,
  policy: HPAScalingPolicy,
  direction: ScaleDirection,
): number {
  if (direction === 'up') {
    return policy.type === 'Pods'
      ? periodStart + policy.value
      : Math.ceil(periodStart * (1 + policy.value / 100));
  }
  return policy.type === 'Pods'
    ? periodStart - policy.value
    : Math.trunc(periodStart * (1 - policy.value / 100));
}

/** Which proposal a selectPolicy keeps: Max means "most change", so the lowest one when going down. */
function prefers(select: SelectPolicy, direction: ScaleDirection, candidate: number, best: number): boolean {
  const mostChange = select !== 'Min';
  const higher = candidate > best;
  const lower = candidate < best;
  if (direction === 'up') return mostChange ? higher : lower;
  return mostChange ? lower : higher;
}

/** What a direction's limit is computed from: the current count, the rules, and the scale events up to `now`. */
type LimitInputs = [
  current: number,
  rules: ResolvedScalingRules,
  upEvents: readonly ScaleEvent[],
  downEvents: readonly ScaleEvent[],
  now: number,
];

function limitFor(
  direction: ScaleDirection,
  ...[current, rules, upEvents, downEvents, now]: LimitInputs
): number {
  if (rules.selectPolicy === 'Disabled') return current;
  let best: number | null = null;
  for (const policy of rules.policies) {
    const added = replicasChangedWithin(upEvents, policy.periodSeconds, now);
    const removed = replicasChangedWithin(downEvents, policy.periodSeconds, now);
    const proposal = policyLimitAt(current - added + removed, policy, direction);
    if (best === null || prefers(rules.selectPolicy, direction, proposal, best)) best = proposal;
  }
  // No policy at all (invalid after validation): nothing is allowed.
  return best ?? current;
}

/** ScaleUpLimit(current): the highest count the scale-up policies allow now (before clamping to current). */
export function scaleUpLimit(...inputs: LimitInputs): number {
  return limitFor('up', ...inputs);
}

/** ScaleDownLimit(current): the lowest count the scale-down policies allow now. */
export function scaleDownLimit(...inputs: LimitInputs): number {
  return limitFor('down', ...inputs);
}

export interface RateLimitInput {
  current: number;
  /** The stabilized recommendation. */
  desired: number;
  minReplicas: number;
  maxReplicas: number;
  scaleUp: ResolvedScalingRules;
  scaleDown: ResolvedScalingRules;
  upEvents: readonly ScaleEvent[];
  downEvents: readonly ScaleEvent[];
  now: number;
}

export interface RateLimitResult {
  replicas: number;
  reason: ClampReason | 'ScaleDownLimit';
  /** The policy limit that applied in the direction of travel (after clamping to current), if any. */
  limit: number | null;
}

/** Policies, then min/max: the ScalingLimited decision of the behavior path. */
export function applyBehaviorRate(input: RateLimitInput): RateLimitResult {
  const { current, desired } = input;
  if (desired > current) {
    const limit = Math.max(
      scaleUpLimit(current, input.scaleUp, input.upEvents, input.downEvents, input.now),
      current,
    );
    const [allowed, reason]: [number, RateLimitResult['reason']] =
      input.maxReplicas > limit ? [limit, 'ScaleUpLimit'] : [input.maxReplicas, 'TooManyReplicas'];
    if (desired > allowed) return { replicas: allowed, reason, limit };
    return { replicas: desired, reason: 'DesiredWithinRange', limit };
  }
  if (desired < current) {
    const limit = Math.min(
      scaleDownLimit(current, input.scaleDown, input.upEvents, input.downEvents, input.now),
      current,
    );
    const [allowed, reason]: [number, RateLimitResult['reason']] =
      input.minReplicas < limit ? [limit, 'ScaleDownLimit'] : [input.minReplicas, 'TooFewReplicas'];
    if (desired < allowed) return { replicas: allowed, reason, limit };
    return { replicas: desired, reason: 'DesiredWithinRange', limit };
  }
  return { replicas: desired, reason: 'DesiredWithinRange', limit: null };
}

/** How many replica counts `describePolicyWinner` looks ahead for a change of winner. */
export const MAX_WINNER_SCAN = 20_000;

export interface PolicyWinner {
  direction: ScaleDirection;
  selectPolicy: SelectPolicy;
  /** The winning policy at `current` (first in list order on a tie); null when Disabled or no policy. */
  winner: HPAScalingPolicy | null;
  winnerIndex: number;
  /** Replicas the winner lets the count move in one of its periods from `current` (>= 0). */
  change: number;
  /** Each policy's allowed change from `current`, in list order. */
  perPolicy: { policy: HPAScalingPolicy; change: number }[];
  /**
   * The smallest replica count above `current` at which another policy wins, and that policy;
   * null when the winner does not change up to `searchUpTo` (at most MAX_WINNER_SCAN counts ahead).
   */
  switchesAt: number | null;
  switchesTo: HPAScalingPolicy | null;
}

/** How far a limit lets the count move: never below zero Pods when scaling down. */
function allowedChange(current: number, limit: number, direction: ScaleDirection): number {
  return direction === 'up' ? Math.max(0, limit - current) : Math.max(0, current - Math.max(0, limit));
}

function winnerAt(
  replicas: number,
  rules: Pick<ResolvedScalingRules, 'policies' | 'selectPolicy'>,
  direction: ScaleDirection,
): { index: number; proposal: number } {
  let index = -1;
  let proposal = 0;
  const policies = rules.policies;
  for (let i = 0; i < policies.length; i++) {
    const candidate = policyLimitAt(replicas, policies[i] as HPAScalingPolicy, direction);
    if (index < 0 || prefers(rules.selectPolicy, direction, candidate, proposal)) {
      index = i;
      proposal = candidate;
    }
  }
  return { index, proposal };
}

/**
 * Which policy decides at `current` replicas (no earlier events), how much it allows, and where
 * another policy takes over, for sentences like "Max of 4 Pods and 10 %: 10 % (8 Pods) above 40".
 */
export function describePolicyWinner(
  current: number,
  rules: Pick<ResolvedScalingRules, 'policies' | 'selectPolicy'>,
  direction: ScaleDirection,
  searchUpTo = Math.max(current * 4, current + 10_000),
): PolicyWinner {
  const perPolicy = rules.policies.map((policy) => ({
    policy,
    change: allowedChange(current, policyLimitAt(current, policy, direction), direction),
  }));
  const base: PolicyWinner = {
    direction,
    selectPolicy: rules.selectPolicy,
    winner: null,
    winnerIndex: -1,
    change: 0,
    perPolicy,
    switchesAt: null,
    switchesTo: null,
  };
  if (rules.selectPolicy === 'Disabled' || rules.policies.length === 0) return base;
  const now = winnerAt(current, rules, direction);
  const result: PolicyWinner = {
    ...base,
    winner: rules.policies[now.index] ?? null,
    winnerIndex: now.index,
    change: allowedChange(current, now.proposal, direction),
  };
  // Bounded scan: a hover must stay fast even for maxReplicas in the millions.
  const end = Math.min(searchUpTo, current + MAX_WINNER_SCAN);
  for (let n = current + 1; n <= end; n++) {
    const at = winnerAt(n, rules, direction);
    // A tie does not count as a switch: the sentence is about which rule gives the number.
    const sameValue =
      policyLimitAt(n, rules.policies[now.index] as HPAScalingPolicy, direction) === at.proposal;
    if (at.index !== now.index && !sameValue) {
      result.switchesAt = n;
      result.switchesTo = rules.policies[at.index] ?? null;
      break;
    }
  }
  return result;
}
