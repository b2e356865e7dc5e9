/**
 * The blocks the tuner may suggest: API-legal values only (common/k8s/apiLimits.ts), narrowed to
 * what our own rules accept without a finding:
 * - windows are multiples of the sync period in 0..3600 (the controller compares recommendation
 *   times, which are sync times, so other values act as the next multiple);
 * - policy periods are multiples of the sync period in sync..1800 (shorter periods are legal but
 *   act as one sync, and `period-below-sync` flags them);
 * - selectPolicy is Max or Min: Disabled can never reach a ramp goal when scaling up, and
 *   `no-scale-down` flags it when scaling down;
 * - one or two policies per direction, values >= 1; Pods at most maxReplicas and Percent at most
 *   1000 %, since larger steps behave the same as those on any count the HPA can reach.
 */
import {
  MAX_PERIOD_SECONDS,
  MAX_STABILIZATION_WINDOW_SECONDS,
  MIN_PERIOD_SECONDS,
  MIN_POLICY_VALUE,
  MIN_STABILIZATION_WINDOW_SECONDS,
} from '../k8s/apiLimits';
import type { HPABehavior, HPAScalingRules, PolicyType, Quantity } from '../engine/types';

export const MAX_SEARCHED_PERCENT = 1000;

export interface PolicyParam {
  type: PolicyType;
  value: number;
  periodSeconds: number;
}

export interface DirectionParams {
  windowSeconds: number;
  selectPolicy: 'Max' | 'Min';
  /** One or two policies. */
  policies: PolicyParam[];
}

export interface BehaviorParams {
  scaleUp: DirectionParams;
  scaleDown: DirectionParams;
}

export interface SpaceBounds {
  syncSeconds: number;
  maxReplicas: number;
}

/** The API defaults written out (semantics §2), the scale-down window as the controller's 300 s. */
export const DEFAULT_PARAMS: BehaviorParams = Object.freeze({
  scaleUp: {
    windowSeconds: 0,
    selectPolicy: 'Max',
    policies: [
      { type: 'Pods', value: 4, periodSeconds: 15 },
      { type: 'Percent', value: 100, periodSeconds: 15 },
    ],
  },
  scaleDown: {
    windowSeconds: 300,
    selectPolicy: 'Max',
    policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }],
  },
}) as BehaviorParams;

/** The coarse grid, scale-up policy sets (each tried with no window first). */
export const UP_POLICY_GRID: readonly (readonly PolicyParam[])[] = [
  DEFAULT_PARAMS.scaleUp.policies,
  [{ type: 'Percent', value: 100, periodSeconds: 15 }],
  [{ type: 'Percent', value: 200, periodSeconds: 15 }],
  [{ type: 'Percent', value: 400, periodSeconds: 15 }],
  [{ type: 'Percent', value: 900, periodSeconds: 15 }],
  [{ type: 'Pods', value: 4, periodSeconds: 15 }],
  [{ type: 'Percent', value: 100, periodSeconds: 60 }],
];
export const UP_WINDOW_GRID: readonly number[] = [0, 15, 30, 60, 120, 300];
export const DOWN_WINDOW_GRID: readonly number[] = [0, 60, 120, 300, 600, 900, 1800, 3600];
export const DOWN_POLICY_GRID: readonly (readonly PolicyParam[])[] = [
  DEFAULT_PARAMS.scaleDown.policies,
  [{ type: 'Percent', value: 50, periodSeconds: 60 }],
  [{ type: 'Percent', value: 20, periodSeconds: 60 }],
  [{ type: 'Percent', value: 10, periodSeconds: 60 }],
  [{ type: 'Pods', value: 1, periodSeconds: 60 }],
  [{ type: 'Pods', value: 2, periodSeconds: 60 }],
  [{ type: 'Pods', value: 1, periodSeconds: 15 }],
];

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}

/** The nearest multiple of the sync period within [lo, hi] (lo and hi are kept as they are). */
function toSyncMultiple(v: number, sync: number, lo: number, hi: number): number {
  return clamp(Math.round(v / sync) * sync, lo, hi);
}

export function minPeriod(bounds: SpaceBounds): number {
  return Math.max(MIN_PERIOD_SECONDS, bounds.syncSeconds);
}

/** Brings a point into the space (rounds and clamps every number); the search only keeps such points. */
export function normalizeParams(p: BehaviorParams, bounds: SpaceBounds): BehaviorParams {
  const direction = (d: DirectionParams): DirectionParams => {
    const policies = d.policies.slice(0, 2).map((x) => ({
      type: x.type,
      value: clamp(
        Math.round(x.value),
        MIN_POLICY_VALUE,
        x.type === 'Pods' ? Math.max(MIN_POLICY_VALUE, bounds.maxReplicas) : MAX_SEARCHED_PERCENT,
      ),
      periodSeconds: toSyncMultiple(
        x.periodSeconds,
        bounds.syncSeconds,
        minPeriod(bounds),
        MAX_PERIOD_SECONDS,
      ),
    }));
    return {
      windowSeconds: toSyncMultiple(
        d.windowSeconds,
        bounds.syncSeconds,
        MIN_STABILIZATION_WINDOW_SECONDS,
        MAX_STABILIZATION_WINDOW_SECONDS,
      ),
      // With one policy selectPolicy changes nothing: written as the API default.
      selectPolicy: policies.length > 1 ? d.selectPolicy : 'Max',
      policies,
    };
  };
  return { scaleUp: direction(p.scaleUp), scaleDown: direction(p.scaleDown) };
}

/** True when every value is one the API server accepts (semantics §3 rows 30–37). */
export function isApiLegal(p: BehaviorParams): boolean {
  return [p.scaleUp, p.scaleDown].every(
    (d) =>
      Number.isInteger(d.windowSeconds) &&
      d.windowSeconds >= MIN_STABILIZATION_WINDOW_SECONDS &&
      d.windowSeconds <= MAX_STABILIZATION_WINDOW_SECONDS &&
      d.policies.length > 0 &&
      d.policies.every(
        (x) =>
          Number.isInteger(x.value) &&
          x.value >= MIN_POLICY_VALUE &&
          Number.isInteger(x.periodSeconds) &&
          x.periodSeconds >= MIN_PERIOD_SECONDS &&
          x.periodSeconds <= MAX_PERIOD_SECONDS,
      ),
  );
}

/** A stable text for a point: the memo key and the last tie-breaker. */
export function paramsKey(p: BehaviorParams): string {
  const d = (x: DirectionParams) =>
    `${x.windowSeconds}|${x.selectPolicy}|${x.policies.map((q) => `${q.type}:${q.value}/${q.periodSeconds}`).join(',')}`;
  return `${d(p.scaleUp)}#${d(p.scaleDown)}`;
}

/** Per-direction tolerances the user wrote; the tuner keeps them and does not search them. */
export interface KeptTolerances {
  scaleUp?: Quantity;
  scaleDown?: Quantity;
}

/** The block, every field written out, so it means the same whatever the defaults. */
export function toBehavior(p: BehaviorParams, tolerances: KeptTolerances = {}): HPABehavior {
  const rules = (d: DirectionParams, tolerance: Quantity | undefined): HPAScalingRules => {
    const out: HPAScalingRules = {
      stabilizationWindowSeconds: d.windowSeconds,
      selectPolicy: d.selectPolicy,
      policies: d.policies.map((x) => ({ type: x.type, value: x.value, periodSeconds: x.periodSeconds })),
    };
    if (tolerance !== undefined) out.tolerance = tolerance;
    return out;
  };
  return {
    scaleUp: rules(p.scaleUp, tolerances.scaleUp),
    scaleDown: rules(p.scaleDown, tolerances.scaleDown),
  };
}

/**
 * The search point of an existing block, when it is one the space can hold (API-legal, at most
 * two policies, not Disabled); null otherwise. Missing fields take the API defaults.
 */
export function paramsOfBehavior(
  b: HPABehavior | null | undefined,
  bounds: SpaceBounds,
  downscaleWindowFlag: number,
): BehaviorParams | null {
  if (!b) return null;
  const direction = (
    rules: HPAScalingRules | null | undefined,
    fallback: DirectionParams,
    windowFallback: number,
  ): DirectionParams | null => {
    if (!rules) return { ...fallback, windowSeconds: windowFallback };
    if (rules.selectPolicy === 'Disabled') return null;
    const policies = rules.policies ?? fallback.policies;
    if (policies.length === 0 || policies.length > 2) return null;
    return {
      windowSeconds: rules.stabilizationWindowSeconds ?? windowFallback,
      selectPolicy: rules.selectPolicy === 'Min' ? 'Min' : 'Max',
      policies: policies.map((x) => ({ type: x.type, value: x.value, periodSeconds: x.periodSeconds })),
    };
  };
  const up = direction(b.scaleUp, DEFAULT_PARAMS.scaleUp, 0);
  const down = direction(b.scaleDown, DEFAULT_PARAMS.scaleDown, downscaleWindowFlag);
  if (!up || !down) return null;
  const p = { scaleUp: up, scaleDown: down };
  if (!isApiLegal(p) || p.scaleUp.policies.some((x) => x.type !== 'Pods' && x.type !== 'Percent'))
    return null;
  if (p.scaleDown.policies.some((x) => x.type !== 'Pods' && x.type !== 'Percent')) return null;
  return normalizeParams(p, bounds);
}

type Direction = 'scaleUp' | 'scaleDown';

function withDirection(p: BehaviorParams, dir: Direction, d: DirectionParams): BehaviorParams {
  return dir === 'scaleUp' ? { scaleUp: d, scaleDown: p.scaleDown } : { scaleUp: p.scaleUp, scaleDown: d };
}

/**
 * The local moves from a point, in a fixed order: per direction the window (± one sync, × 2, ÷ 2),
 * each policy's value (× 2, ÷ 2, ± 1 Pod or ± 10 percent points) and period (× 2, ÷ 2), the other
 * selectPolicy, and adding or dropping a second policy. Points outside the space are normalized
 * into it.
 */
export function neighbours(p: BehaviorParams, bounds: SpaceBounds): BehaviorParams[] {
  const out: BehaviorParams[] = [];
  const sync = bounds.syncSeconds;
  for (const dir of ['scaleUp', 'scaleDown'] as const) {
    const d = p[dir];
    const push = (next: DirectionParams) => out.push(normalizeParams(withDirection(p, dir, next), bounds));
    for (const w of [
      d.windowSeconds - sync,
      d.windowSeconds + sync,
      d.windowSeconds * 2,
      d.windowSeconds / 2,
    ]) {
      push({ ...d, windowSeconds: w });
    }
    if (d.windowSeconds === 0) push({ ...d, windowSeconds: 4 * sync });
    d.policies.forEach((policy, i) => {
      const replace = (changed: Partial<PolicyParam>) =>
        push({ ...d, policies: d.policies.map((x, j) => (j === i ? { ...x, ...changed } : x)) });
      // Pods move by one Pod, Percent by ten points: a 101 % step is noise to a reader, not a choice.
      const fine = policy.type === 'Pods' ? 1 : 10;
      for (const v of [policy.value * 2, policy.value / 2, policy.value + fine, policy.value - fine])
        replace({ value: v });
      for (const s of [policy.periodSeconds * 2, policy.periodSeconds / 2]) replace({ periodSeconds: s });
    });
    if (d.policies.length > 1) {
      push({ ...d, selectPolicy: d.selectPolicy === 'Max' ? 'Min' : 'Max' });
      for (let i = 0; i < d.policies.length; i++)
        push({ ...d, policies: d.policies.filter((_, j) => j !== i) });
    } else {
      const only = d.policies[0] as PolicyParam;
      const other: PolicyParam =
        only.type === 'Percent'
          ? { type: 'Pods', value: dir === 'scaleUp' ? 4 : 1, periodSeconds: only.periodSeconds }
          : { type: 'Percent', value: dir === 'scaleUp' ? 100 : 10, periodSeconds: only.periodSeconds };
      push({ ...d, policies: [only, other] });
    }
  }
  return out;
}

export { withDirection };
