/**
 * The defaults of semantics §2 (API server defaulting of autoscaling/v2) and the controller flags
 * of §1.1, plus the field-by-field merge of a partial `behavior`.
 */
import { DEFAULT_SYNC_PERIOD_SECONDS } from '../k8s/apiLimits';
import { quantityToNumber } from './quantity';
import type {
  ControllerOptions,
  HPABehavior,
  HPAScalingRules,
  HPASpec,
  MetricSpec,
  ResolvedBehavior,
  ResolvedScalingRules,
} from './types';

/**
 * kube-controller-manager defaults. The version-dependent choices follow the release assumed when
 * none is configured (common/k8s/kubernetesVersions.ts DEFAULT_MINOR, 1.37): per-direction
 * tolerance honoured (GA), scale to zero on (HPAScaleToZero beta, on by default) with the
 * ScaledToZero condition, missing pods on a Utilization scale-down count as max(100, target) %, and
 * only Failed pods are ignored (ignoring Succeeded pods too exists on master only). For another
 * release, `controllerOptionsFor` (clusterOptions.ts) gives the options.
 */
export const DEFAULT_CONTROLLER_OPTIONS: ControllerOptions = Object.freeze({
  syncPeriodSeconds: DEFAULT_SYNC_PERIOD_SECONDS,
  tolerance: 0.1,
  downscaleStabilizationSeconds: 300,
  cpuInitializationPeriodSeconds: 300,
  initialReadinessDelaySeconds: 30,
  scaleUpLimitFactor: 2,
  scaleUpLimitMinimum: 4,
  configurableTolerance: true,
  missingPodsUseTargetAboveHundred: true,
  ignoreSucceededPods: false,
  scaleToZero: true,
  scaledToZeroCondition: true,
});

/** The defaults with the given fields replaced (undefined fields keep their default). */
export function resolveOptions(partial?: Partial<ControllerOptions>): ControllerOptions {
  const out: ControllerOptions = { ...DEFAULT_CONTROLLER_OPTIONS };
  if (partial) {
    for (const key of Object.keys(partial) as (keyof ControllerOptions)[]) {
      const value = partial[key];
      if (value !== undefined) (out as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}

/** API default for `behavior.scaleUp` (§2). */
export const DEFAULT_SCALE_UP_RULES: ResolvedScalingRules = Object.freeze({
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: Object.freeze([
    Object.freeze({ type: 'Pods', value: 4, periodSeconds: 15 }),
    Object.freeze({ type: 'Percent', value: 100, periodSeconds: 15 }),
  ]) as ResolvedScalingRules['policies'],
  tolerance: null,
}) as ResolvedScalingRules;

/** API default for `behavior.scaleDown` (§2): the window stays unset; the controller uses its flag. */
export const DEFAULT_SCALE_DOWN_RULES: ResolvedScalingRules = Object.freeze({
  stabilizationWindowSeconds: null,
  selectPolicy: 'Max',
  policies: Object.freeze([
    Object.freeze({ type: 'Percent', value: 100, periodSeconds: 15 }),
  ]) as ResolvedScalingRules['policies'],
  tolerance: null,
}) as ResolvedScalingRules;

/** The metric list the API server puts in when `spec.metrics` is empty. */
export const DEFAULT_METRICS: readonly MetricSpec[] = Object.freeze([
  { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 80 } } },
]);

function mergeRules(
  user: HPAScalingRules | null | undefined,
  defaults: ResolvedScalingRules,
): ResolvedScalingRules {
  const base: ResolvedScalingRules = {
    stabilizationWindowSeconds: defaults.stabilizationWindowSeconds,
    selectPolicy: defaults.selectPolicy,
    policies: defaults.policies.map((p) => ({ ...p })),
    tolerance: defaults.tolerance,
  };
  if (user === null || user === undefined) return base;
  return {
    stabilizationWindowSeconds:
      user.stabilizationWindowSeconds === null || user.stabilizationWindowSeconds === undefined
        ? base.stabilizationWindowSeconds
        : user.stabilizationWindowSeconds,
    selectPolicy: user.selectPolicy ?? base.selectPolicy,
    // A user list, even an empty one, replaces the defaults wholesale.
    policies: Array.isArray(user.policies) ? user.policies.map((p) => ({ ...p })) : base.policies,
    tolerance:
      user.tolerance === null || user.tolerance === undefined ? null : quantityToNumber(user.tolerance),
  };
}

/**
 * `behavior` after API defaulting. null (or undefined) stays null: the controller then takes the
 * legacy path. A present behavior, even `{}`, gets each missing direction and field filled in.
 */
export function resolveBehavior(b: HPABehavior | null | undefined): ResolvedBehavior | null {
  if (b === null || b === undefined) return null;
  return {
    scaleUp: mergeRules(b.scaleUp, DEFAULT_SCALE_UP_RULES),
    scaleDown: mergeRules(b.scaleDown, DEFAULT_SCALE_DOWN_RULES),
  };
}

/** `spec.minReplicas`, or the API default 1. */
export function effectiveMinReplicas(spec: Pick<HPASpec, 'minReplicas'>): number {
  return spec.minReplicas ?? 1;
}

/** `spec.metrics`, or the API default (cpu at 80 %) when empty or absent. */
export function effectiveMetrics(spec: Pick<HPASpec, 'metrics'>): readonly MetricSpec[] {
  return Array.isArray(spec.metrics) && spec.metrics.length > 0 ? spec.metrics : DEFAULT_METRICS;
}

/** The downscale window the controller uses: the user's value, else the controller flag. */
export function scaleDownWindowSeconds(rules: ResolvedScalingRules, options: ControllerOptions): number {
  return rules.stabilizationWindowSeconds ?? options.downscaleStabilizationSeconds;
}
