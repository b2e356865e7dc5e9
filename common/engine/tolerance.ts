/**
 * The tolerance band of semantics §1.4.0: a usage ratio inside [1 - down, 1 + up] (both inclusive)
 * proposes no change. The bounds are computed in doubles exactly as the controller does.
 */
import type { ControllerOptions, ResolvedBehavior } from './types';

export interface Tolerances {
  scaleDown: number;
  scaleUp: number;
}

/** True when `ratio` is within the band. NaN never is. */
export function isWithinTolerance(ratio: number, tolerances: Tolerances): boolean {
  return 1 - tolerances.scaleDown <= ratio && ratio <= 1 + tolerances.scaleUp;
}

/**
 * The controller flag in both directions, overridden per direction by `behavior.*.tolerance` when
 * the HPAConfigurableTolerance gate is on (ignored otherwise, and always on the legacy path).
 */
export function resolveTolerances(behavior: ResolvedBehavior | null, options: ControllerOptions): Tolerances {
  const fallback = options.tolerance;
  if (!behavior || !options.configurableTolerance) return { scaleDown: fallback, scaleUp: fallback };
  return {
    scaleDown: behavior.scaleDown.tolerance ?? fallback,
    scaleUp: behavior.scaleUp.tolerance ?? fallback,
  };
}
