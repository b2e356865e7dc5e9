/**
 * How long the controller takes to go from minReplicas to maxReplicas under unbounded demand, or
 * back down under none, through the real stabilization, policies and sync period. Used by hovers
 * and by the slow-ramp / no-scale-down rules.
 */
import { newControllerState, prepareHpa, syncPrepared } from './controller';
import { scaleDownWindowSeconds } from './defaults';
import { MAX_REPLICAS } from './replicaCalculator';
import { longestPolicyPeriod } from './scaleEvents';
import type { ControllerOptions, HPASpec } from './types';

export interface RampResult {
  /**
   * Seconds from the first sync that sees the demand to the sync that reaches the goal; null
   * when the goal is never reached (a Disabled direction, or policies that cannot move).
   */
  seconds: number | null;
  /** Syncs run up to and including the one that reached the goal (0 when min == max). */
  syncs: number;
  /** The replica count at the start and after every change. */
  path: { t: number; replicas: number }[];
  /** True when the goal was still moving closer at the horizon (so null means "longer than 30 days"). */
  truncated?: boolean;
}

/** How far ahead a ramp is followed: 30 days. Beyond it `seconds` is null and `truncated` true. */
export const RAMP_HORIZON_SECONDS = 30 * 24 * 3600;

/**
 * Worst-case ramp time in one direction. The controller starts fresh (its history seeded with the
 * starting count), as after a long quiet period, so an up window or the down window is waited out.
 */
export function timeToScale(
  spec: HPASpec,
  direction: 'up' | 'down',
  options?: Partial<ControllerOptions>,
): RampResult {
  const hpa = prepareHpa(spec, options);
  const sync = hpa.options.syncPeriodSeconds;
  const start = direction === 'up' ? hpa.minReplicas : hpa.maxReplicas;
  const goal = direction === 'up' ? hpa.maxReplicas : hpa.minReplicas;
  const path = [{ t: 0, replicas: start }];
  if (start === goal) return { seconds: 0, syncs: 0, path };
  if (!(sync > 0) || goal < 0) return { seconds: null, syncs: 0, path };
  const behavior = hpa.behavior;
  const rules = behavior ? (direction === 'up' ? behavior.scaleUp : behavior.scaleDown) : null;
  if (rules?.selectPolicy === 'Disabled') return { seconds: null, syncs: 0, path };
  // Once nothing has changed for longer than every window and period, nothing ever will.
  const quiet = behavior
    ? (behavior.scaleUp.stabilizationWindowSeconds ?? 0) +
      scaleDownWindowSeconds(behavior.scaleDown, hpa.options) +
      longestPolicyPeriod(behavior.scaleUp.policies) +
      longestPolicyPeriod(behavior.scaleDown.policies) +
      2 * sync
    : hpa.options.downscaleStabilizationSeconds + 2 * sync;
  const demand = direction === 'up' ? MAX_REPLICAS : 0;
  const state = newControllerState();
  // Starting at 0 means the HPA got there itself: the 1.36+ controller marked it ScaledToZero.
  if (start === 0)
    state.conditions.ScaledToZero = {
      type: 'ScaledToZero',
      status: 'True',
      reason: 'ScaledToZero',
      message: 'the HPA controller scaled the target to zero replicas',
    };
  let current = start;
  let lastChange = 0;
  let syncs = 0;
  for (let t = 0; t <= RAMP_HORIZON_SECONDS; t += sync) {
    syncs++;
    const snapshot = { specReplicas: current, statusReplicas: current, pods: [] };
    const result = syncPrepared(hpa, state, snapshot, t, demand);
    if (result.desiredReplicas !== current) {
      current = result.desiredReplicas;
      lastChange = t;
      path.push({ t, replicas: current });
      if (current === goal) return { seconds: t, syncs, path };
    } else if (t - lastChange > quiet) {
      return { seconds: null, syncs, path };
    }
  }
  return { seconds: null, syncs, path, truncated: true };
}
