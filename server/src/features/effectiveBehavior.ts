/**
 * The behaviour the controller actually runs with, after API defaulting (semantics §2), from the
 * engine's `resolveBehavior`, plus which values came from defaults, for the hover to say so.
 * The manifest is sanitized first (a policy without a numeric value, a tolerance that is not a
 * quantity): a hover explains what it can rather than failing on what validation reports anyway.
 * What was dropped is named (`invalid`), so the hover says "not valid" there instead of presenting
 * a default the user did not write, or a ramp computed without their policies.
 */
import { DEFAULT_CONTROLLER_OPTIONS, quantityToNumber, resolveBehavior } from '../../../common/engine/index';
import {
  MAX_PERIOD_SECONDS,
  MAX_STABILIZATION_WINDOW_SECONDS,
  MIN_PERIOD_SECONDS,
  MIN_POLICY_VALUE,
  MIN_STABILIZATION_WINDOW_SECONDS,
  MIN_TOLERANCE,
} from '../../../common/k8s/apiLimits';
import type {
  HPABehavior,
  HPAScalingPolicy,
  HPAScalingRules,
  SelectPolicy,
} from '../../../common/engine/types';
import type { Direction } from './policyMath';

export const DEFAULT_DOWNSCALE_STABILIZATION_SECONDS =
  DEFAULT_CONTROLLER_OPTIONS.downscaleStabilizationSeconds;

export interface EffectiveRules {
  stabilizationWindowSeconds: number;
  /** True when the window came from a default rather than from the manifest. */
  windowIsDefault: boolean;
  selectPolicy: SelectPolicy;
  policies: HPAScalingPolicy[];
  policiesAreDefault: boolean;
  /** Fraction; the controller flag when unset. */
  tolerance: number;
  toleranceIsDefault: boolean;
  /**
   * The fields written in this direction that the API server rejects and the engine cannot read
   * (a selectPolicy of `max`, a policy without periodSeconds, an empty policies list); `direction`
   * when the direction itself is not a map. Their values above are the defaults, not the user's.
   */
  invalid: InvalidField[];
}

export type InvalidField =
  'direction' | 'stabilizationWindowSeconds' | 'selectPolicy' | 'policies' | 'tolerance';

const SELECT_POLICIES: readonly unknown[] = ['Max', 'Min', 'Disabled'];

function written(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function integerIn(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/** A policy the API server accepts (common/k8s/apiLimits.ts). */
export function validPolicy(policy: unknown): boolean {
  return (
    isPolicy(policy) &&
    integerIn(policy.value, MIN_POLICY_VALUE, Number.MAX_SAFE_INTEGER) &&
    integerIn(policy.periodSeconds, MIN_PERIOD_SECONDS, MAX_PERIOD_SECONDS)
  );
}

/**
 * The fields of one direction, as written, that the API server rejects (the rules report them):
 * what `sanitizeRules` drops, and numbers outside the API's limits.
 */
export function invalidFields(value: unknown): InvalidField[] {
  if (!written(value)) return [];
  const user = asRules(value);
  if (!user) return ['direction'];
  const invalid: InvalidField[] = [];
  const window = user.stabilizationWindowSeconds;
  if (
    written(window) &&
    !integerIn(window, MIN_STABILIZATION_WINDOW_SECONDS, MAX_STABILIZATION_WINDOW_SECONDS)
  )
    invalid.push('stabilizationWindowSeconds');
  if (written(user.selectPolicy) && !SELECT_POLICIES.includes(user.selectPolicy))
    invalid.push('selectPolicy');
  const policies: unknown = user.policies;
  if (
    written(policies) &&
    (!Array.isArray(policies) || policies.length === 0 || !policies.every(validPolicy))
  )
    invalid.push('policies');
  if (written(user.tolerance)) {
    const tolerance = toleranceOf(user.tolerance);
    if (tolerance === undefined || tolerance < MIN_TOLERANCE) invalid.push('tolerance');
  }
  return invalid;
}

/** A behavior that is written but not a map: the API server rejects it, and there is nothing to explain. */
export function behaviorIsInvalid(behavior: unknown): boolean {
  return written(behavior) && (typeof behavior !== 'object' || Array.isArray(behavior));
}

function asRules(value: unknown): HPAScalingRules | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as HPAScalingRules) : undefined;
}

export function isPolicy(p: unknown): p is HPAScalingPolicy {
  const q = p as HPAScalingPolicy | null;
  return (
    !!q &&
    typeof q === 'object' &&
    (q.type === 'Pods' || q.type === 'Percent') &&
    typeof q.value === 'number' &&
    typeof q.periodSeconds === 'number'
  );
}

function toleranceOf(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  try {
    return quantityToNumber(value);
  } catch {
    return undefined;
  }
}

/** One direction of a behavior block with only the fields the engine can read. */
export function sanitizeRules(value: unknown): HPAScalingRules | undefined {
  const user = asRules(value);
  if (!user) return undefined;
  const out: HPAScalingRules = {};
  if (typeof user.stabilizationWindowSeconds === 'number')
    out.stabilizationWindowSeconds = user.stabilizationWindowSeconds;
  if (user.selectPolicy === 'Max' || user.selectPolicy === 'Min' || user.selectPolicy === 'Disabled') {
    out.selectPolicy = user.selectPolicy;
  }
  if (Array.isArray(user.policies)) out.policies = user.policies.filter(isPolicy);
  const tolerance = toleranceOf(user.tolerance);
  if (tolerance !== undefined) out.tolerance = tolerance;
  return out;
}

/** The behavior block the engine gets: null when absent (the legacy path), else sanitized. */
export function sanitizeBehavior(behavior: unknown): HPABehavior | null {
  if (!behavior || typeof behavior !== 'object' || Array.isArray(behavior)) return null;
  const b = behavior as HPABehavior;
  const out: HPABehavior = {};
  const up = sanitizeRules(b.scaleUp);
  const down = sanitizeRules(b.scaleDown);
  if (up) out.scaleUp = up;
  if (down) out.scaleDown = down;
  return out;
}

export function effectiveRules(
  behavior: HPABehavior | null | undefined,
  direction: Direction,
  downscaleStabilizationSeconds = DEFAULT_DOWNSCALE_STABILIZATION_SECONDS,
): EffectiveRules {
  const clean = sanitizeBehavior(behavior) ?? {};
  // `{}` resolves to the full defaults: what any written behavior starts from.
  const resolved = resolveBehavior(clean)!;
  const rules = direction === 'up' ? resolved.scaleUp : resolved.scaleDown;
  const user = direction === 'up' ? clean.scaleUp : clean.scaleDown;
  const written = behavior && typeof behavior === 'object' && !Array.isArray(behavior) ? behavior : {};
  return {
    stabilizationWindowSeconds: rules.stabilizationWindowSeconds ?? downscaleStabilizationSeconds,
    windowIsDefault: typeof user?.stabilizationWindowSeconds !== 'number',
    selectPolicy: rules.selectPolicy,
    policies: rules.policies,
    policiesAreDefault: !Array.isArray(user?.policies),
    tolerance: rules.tolerance ?? DEFAULT_CONTROLLER_OPTIONS.tolerance,
    toleranceIsDefault: rules.tolerance === null,
    invalid: invalidFields(direction === 'up' ? written.scaleUp : written.scaleDown),
  };
}
