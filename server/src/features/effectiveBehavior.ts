/**
 * The behaviour the controller actually runs with, after API defaulting (semantics §2): each
 * direction's fields are taken from the user when set, else from the defaults; a user's `policies`
 * list replaces the default list wholesale. The scale-down window left unset comes from the
 * controller flag (300 s by default).
 */
import type {
  HPABehavior,
  HPAScalingPolicy,
  HPAScalingRules,
  SelectPolicy,
} from '../../../common/engine/types';
import type { Direction } from './policyMath';

export const DEFAULT_DOWNSCALE_STABILIZATION_SECONDS = 300;
export const DEFAULT_SYNC_PERIOD_SECONDS = 15;
export const DEFAULT_TOLERANCE = 0.1;

export const DEFAULT_SCALE_UP_POLICIES: readonly HPAScalingPolicy[] = [
  { type: 'Pods', value: 4, periodSeconds: 15 },
  { type: 'Percent', value: 100, periodSeconds: 15 },
];
export const DEFAULT_SCALE_DOWN_POLICIES: readonly HPAScalingPolicy[] = [
  { type: 'Percent', value: 100, periodSeconds: 15 },
];

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
}

function asRules(value: unknown): HPAScalingRules | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as HPAScalingRules) : undefined;
}

function validPolicies(value: unknown): HPAScalingPolicy[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(
    (p): p is HPAScalingPolicy =>
      !!p &&
      typeof p === 'object' &&
      (p.type === 'Pods' || p.type === 'Percent') &&
      typeof p.value === 'number' &&
      typeof p.periodSeconds === 'number',
  );
}

function toleranceOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string') {
    const m = /^(\d+(?:\.\d+)?)(m?)$/.exec(value.trim());
    if (m) return Number(m[1]) / (m[2] ? 1000 : 1);
  }
  return undefined;
}

export function effectiveRules(
  behavior: HPABehavior | null | undefined,
  direction: Direction,
  downscaleStabilizationSeconds = DEFAULT_DOWNSCALE_STABILIZATION_SECONDS,
): EffectiveRules {
  const user = asRules(direction === 'up' ? behavior?.scaleUp : behavior?.scaleDown);
  const window =
    typeof user?.stabilizationWindowSeconds === 'number' ? user.stabilizationWindowSeconds : undefined;
  const select = user?.selectPolicy;
  const policies = validPolicies(user?.policies);
  const tolerance = toleranceOf(user?.tolerance);
  const defaults = direction === 'up' ? DEFAULT_SCALE_UP_POLICIES : DEFAULT_SCALE_DOWN_POLICIES;
  return {
    stabilizationWindowSeconds: window ?? (direction === 'up' ? 0 : downscaleStabilizationSeconds),
    windowIsDefault: window === undefined,
    selectPolicy: select === 'Min' || select === 'Disabled' || select === 'Max' ? select : 'Max',
    policies: policies ?? defaults.map((p) => ({ ...p })),
    policiesAreDefault: policies === undefined,
    tolerance: tolerance ?? DEFAULT_TOLERANCE,
    toleranceIsDefault: tolerance === undefined,
  };
}
