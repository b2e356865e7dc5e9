/**
 * One whole reconcile of one HPA (semantics §1.2): special cases, metrics, normalization on the
 * legacy or behavior path, rescale, scale events and conditions. The per-HPA memory lives in a
 * ControllerState that the caller keeps between syncs; `syncHpa` updates it in place.
 */
import type { DecisionReason } from './simulationTypes';
import type { ClusterSnapshot } from './clusterSnapshot';
import { combineMetrics, type CombinedProposal } from './combineMetrics';
import {
  effectiveMetrics,
  effectiveMinReplicas,
  resolveBehavior,
  resolveOptions,
  scaleDownWindowSeconds,
} from './defaults';
import { legacyClamp, legacyStabilize } from './legacy';
import { evaluateMetric, type MetricEvaluation } from './metricEvaluation';
import { applyBehaviorRate } from './rateLimit';
import { recordScaleEvent, type ScaleEvent } from './scaleEvents';
import { stabilizeWithBehavior, type Recommendation } from './stabilization';
import { resolveTolerances, type Tolerances } from './tolerance';
import type {
  Condition,
  ConditionType,
  ControllerOptions,
  HPASpec,
  MetricSpec,
  ResolvedBehavior,
} from './types';

export type Conditions = Partial<Record<ConditionType, Condition>>;

const CONDITION_TYPES: readonly ConditionType[] = [
  'AbleToScale',
  'ScalingActive',
  'ScalingLimited',
  'ScaledToZero',
];

/** The controller's in-memory maps for one HPA key, plus the conditions it last wrote. */
export interface ControllerState {
  /** Unstabilized recommendations; null = the key has no list yet (a seed is recorded). */
  recommendations: Recommendation[] | null;
  scaleUpEvents: ScaleEvent[];
  scaleDownEvents: ScaleEvent[];
  conditions: Conditions;
}

export function newControllerState(): ControllerState {
  return { recommendations: null, scaleUpEvents: [], scaleDownEvents: [], conditions: {} };
}

/** An HPA with its defaults applied and the options resolved, ready for many syncs. */
export interface PreparedHpa {
  spec: HPASpec;
  minReplicas: number;
  maxReplicas: number;
  metrics: readonly MetricSpec[];
  behavior: ResolvedBehavior | null;
  tolerances: Tolerances;
  options: ControllerOptions;
  /**
   * `minReplicas: 0` on a cluster without HPAScaleToZero: the API server refuses it, so the model
   * runs with 1 (the lowest it accepts) and callers say so.
   */
  minReplicasRaised: boolean;
  /** An Object or External metric: the only kinds that give a signal at 0 Pods (§1.9). */
  scalesFromZero: boolean;
}

export function prepareHpa(spec: HPASpec, options?: Partial<ControllerOptions>): PreparedHpa {
  const resolved = resolveOptions(options);
  const behavior = resolveBehavior(spec.behavior);
  const metrics = effectiveMetrics(spec);
  const written = effectiveMinReplicas(spec);
  const minReplicasRaised = written === 0 && !resolved.scaleToZero;
  return {
    spec,
    minReplicas: minReplicasRaised ? 1 : written,
    maxReplicas: spec.maxReplicas,
    metrics,
    behavior,
    tolerances: resolveTolerances(behavior, resolved),
    options: resolved,
    minReplicasRaised,
    scalesFromZero: metrics.some((m) => m.type === 'Object' || m.type === 'External'),
  };
}

export interface SyncResult {
  /** Spec replicas the sync started from. */
  currentReplicas: number;
  /** Replicas after the sync (equal to current when nothing was written). */
  desiredReplicas: number;
  rescaled: boolean;
  metrics: MetricEvaluation[];
  /** The combined metric proposal (prenormalized), null when metrics were not used or failed. */
  proposal: number | null;
  /** After stabilization, before policies and clamps. */
  stabilized: number | null;
  conditions: Conditions;
  decision: DecisionReason;
  decisionArgs: Record<string, string | number>;
  /** The ScalingLimited / AbleToScale reason that decided, or null. */
  limitedBy: string | null;
  /** The rescale reason as in the SuccessfulRescale event ("cpu resource utilization ... above target"). */
  rescaleReason: string;
  /** The error the sync returns (a failed metric), or null. */
  error: string | null;
}

const MESSAGES: Record<string, string> = {
  SucceededGetScale: "the HPA controller was able to get the target's current scale",
  ScalingDisabled: 'scaling is disabled since the replica count of the target is zero',
  ScaledToZero: 'the HPA controller scaled the target to zero replicas',
  NotScaledToZero: 'the HPA controller did not scale the target to zero replicas',
  ReadyForNewScale: 'recommended size matches current size',
  ScaleDownStabilized:
    'recent recommendations were higher than current one, applying the highest recent recommendation',
  ScaleUpStabilized:
    'recent recommendations were lower than current one, applying the lowest recent recommendation',
  ScaleUpLimit: 'the desired replica count is increasing faster than the maximum scale rate',
  TooManyReplicas: 'the desired replica count is more than the maximum replica count',
  ScaleDownLimit: 'the desired replica count is decreasing faster than the maximum scale rate',
  TooFewReplicas: 'the desired replica count is less than the minimum replica count',
  DesiredWithinRange: 'the desired count is within the acceptable range',
};

function setCondition(
  conditions: Conditions,
  type: ConditionType,
  status: boolean,
  reason: string,
  message?: string,
) {
  conditions[type] = {
    type,
    status: status ? 'True' : 'False',
    reason,
    message: message ?? MESSAGES[reason] ?? reason,
  };
}

/**
 * Runs one sync at time `now` (seconds). Mutates `state`. With `fixedProposal` the metrics are not
 * read and that number stands for their combined proposal (used by the ramp calculation).
 */
export function syncPrepared(
  hpa: PreparedHpa,
  state: ControllerState,
  snapshot: ClusterSnapshot,
  now: number,
  fixedProposal?: number,
): SyncResult {
  const { options, behavior, minReplicas, maxReplicas } = hpa;
  const conditions = state.conditions;
  setCondition(conditions, 'AbleToScale', true, 'SucceededGetScale');
  const current = snapshot.specReplicas;
  // Seed only when the key has no list at all: a fresh controller holds its first scale-down.
  if (state.recommendations === null) state.recommendations = [{ replicas: current, timestamp: now }];

  const result: SyncResult = {
    currentReplicas: current,
    desiredReplicas: current,
    rescaled: false,
    metrics: [],
    proposal: null,
    stabilized: null,
    conditions,
    decision: 'steady',
    decisionArgs: { current, min: minReplicas, max: maxReplicas },
    limitedBy: null,
    rescaleReason: '',
    error: null,
  };

  let desired: number;
  if (current === 0 && !readsMetricsAtZero(hpa, state)) {
    setCondition(conditions, 'ScalingActive', false, 'ScalingDisabled');
    result.decision = 'scalingDisabled';
    return finish(result, state, hpa, now, false);
  } else if (current > maxReplicas) {
    desired = maxReplicas;
    result.rescaleReason = 'Current number of replicas above Spec.MaxReplicas';
    result.decision = 'aboveMax';
    result.limitedBy = 'TooManyReplicas';
  } else if (current < minReplicas) {
    desired = minReplicas;
    result.rescaleReason = 'Current number of replicas below Spec.MinReplicas';
    result.decision = 'belowMin';
    result.limitedBy = 'TooFewReplicas';
  } else {
    const ctx = { snapshot, tolerances: hpa.tolerances, now, options };
    result.metrics = fixedProposal === undefined ? hpa.metrics.map((m) => evaluateMetric(m, ctx)) : [];
    const combined: CombinedProposal =
      fixedProposal === undefined
        ? combineMetrics(result.metrics, current)
        : { ok: true, replicas: fixedProposal, decidingIndex: -1, invalidCount: 0 };
    if (!combined.ok) {
      const failure = combined.firstFailure;
      setCondition(
        conditions,
        'ScalingActive',
        false,
        failure.errorReason ?? 'InvalidMetricSourceType',
        `the HPA was unable to compute the replica count: ${failure.error ?? 'unknown error'}`,
      );
      result.error = failure.error ?? 'unknown error';
      result.decision = combined.why === 'allInvalid' ? 'noMetrics' : 'invalidMetricsBlockScaleDown';
      result.decisionArgs.failedMetric = failure.name;
      result.decisionArgs.failedReason = failure.errorReason ?? 'InvalidMetricSourceType';
      if (failure.errorCause !== undefined) result.decisionArgs.failedCause = failure.errorCause;
      if (combined.replicas !== null) result.decisionArgs.proposal = combined.replicas;
      return finish(result, state, hpa, now, false);
    }
    const deciding = result.metrics[combined.decidingIndex];
    setCondition(
      conditions,
      'ScalingActive',
      true,
      'ValidMetricFound',
      `the HPA was able to successfully calculate a replica count from ${deciding?.description ?? 'metrics'}`,
    );
    if (combined.invalidCount > 0) {
      result.error = result.metrics.find((m) => m.proposal === null)?.error ?? null;
    }
    const prenormalized = Math.max(0, combined.replicas);
    result.proposal = prenormalized;
    result.decisionArgs.proposal = prenormalized;
    if (prenormalized > current) result.rescaleReason = `${deciding?.description ?? 'metric'} above target`;
    else if (prenormalized < current) result.rescaleReason = 'All metrics below target';
    desired =
      behavior === null
        ? normalizeLegacy(hpa, state, result, prenormalized, now)
        : normalizeWithBehavior(hpa, behavior, state, result, prenormalized, now);
    // Waking from 0 with a minReplicas raised meanwhile: the 1.36+ controller floors at it (§1.9).
    if (current === 0 && desired < minReplicas) desired = minReplicas;
    if (result.decision === 'steady') {
      if (desired > current) result.decision = 'scaledUp';
      else if (desired < current) result.decision = 'scaledDown';
      else if (
        prenormalized === current &&
        result.metrics.every((m) => m.proposal === null || m.withinTolerance === true)
      ) {
        result.decision = 'withinTolerance';
      }
    }
  }
  result.desiredReplicas = desired;
  result.decisionArgs.desired = desired;
  return finish(result, state, hpa, now, desired !== current);
}

function finish(
  result: SyncResult,
  state: ControllerState,
  hpa: PreparedHpa,
  now: number,
  rescale: boolean,
): SyncResult {
  if (rescale) {
    result.rescaled = true;
    if (hpa.options.scaledToZeroCondition && hpa.options.scaleToZero) {
      const toZero =
        result.desiredReplicas === 0 &&
        result.currentReplicas > 0 &&
        hpa.minReplicas === 0 &&
        hpa.scalesFromZero;
      setCondition(state.conditions, 'ScaledToZero', toZero, toZero ? 'ScaledToZero' : 'NotScaledToZero');
    }
    setCondition(
      state.conditions,
      'AbleToScale',
      true,
      'SucceededRescale',
      `the HPA controller was able to update the target scale to ${result.desiredReplicas}`,
    );
    if (hpa.behavior !== null) {
      const { currentReplicas: previous, desiredReplicas: next } = result;
      if (next > previous)
        recordScaleEvent(state.scaleUpEvents, next - previous, hpa.behavior.scaleUp.policies, now);
      else recordScaleEvent(state.scaleDownEvents, previous - next, hpa.behavior.scaleDown.policies, now);
    }
  } else {
    result.desiredReplicas = result.currentReplicas;
  }
  // A plain copy (not a spread) keeps this per-sync object cheap for the simulator.
  const copy: Conditions = {};
  for (const type of CONDITION_TYPES) {
    const c = state.conditions[type];
    if (c) copy[type] = c;
  }
  result.conditions = copy;
  return result;
}

/**
 * At 0 replicas, does the controller read the metrics (§1.2 step 4, §1.9)? Released code before
 * 1.36: whenever minReplicas is 0. From 1.36: only with the gate on and when it scaled the workload
 * to 0 itself (ScaledToZero=True); a workload set to 0 by hand stays paused (ScalingDisabled).
 */
function readsMetricsAtZero(hpa: PreparedHpa, state: ControllerState): boolean {
  if (!hpa.options.scaledToZeroCondition) return hpa.minReplicas === 0;
  return hpa.options.scaleToZero && state.conditions.ScaledToZero?.status === 'True';
}

function normalizeLegacy(
  hpa: PreparedHpa,
  state: ControllerState,
  result: SyncResult,
  prenormalized: number,
  now: number,
): number {
  const current = result.currentReplicas;
  const window = hpa.options.downscaleStabilizationSeconds;
  const stab = legacyStabilize(state.recommendations ?? [], prenormalized, window, now);
  result.stabilized = stab.replicas;
  setCondition(state.conditions, 'AbleToScale', true, stab.reason);
  const clamp = legacyClamp(
    current,
    stab.replicas,
    hpa.minReplicas,
    hpa.maxReplicas,
    hpa.options.scaleUpLimitFactor,
    hpa.options.scaleUpLimitMinimum,
  );
  setCondition(state.conditions, 'ScalingLimited', clamp.replicas !== stab.replicas, clamp.reason);
  if (clamp.replicas !== stab.replicas) {
    result.limitedBy = clamp.reason;
    result.decision =
      clamp.reason === 'ScaleUpLimit'
        ? 'legacyScaleUpLimit'
        : clamp.reason === 'TooManyReplicas'
          ? 'clampedToMax'
          : 'clampedToMin';
    result.decisionArgs.limit = clamp.replicas;
  } else if (stab.replicas !== prenormalized) {
    result.limitedBy = stab.reason;
    result.decision = 'heldByScaleDownWindow';
    result.decisionArgs.window = window;
  }
  result.decisionArgs.stabilized = stab.replicas;
  return clamp.replicas;
}

function normalizeWithBehavior(
  hpa: PreparedHpa,
  behavior: ResolvedBehavior,
  state: ControllerState,
  result: SyncResult,
  prenormalized: number,
  now: number,
): number {
  const current = result.currentReplicas;
  const upWindow = behavior.scaleUp.stabilizationWindowSeconds ?? 0;
  const downWindow = scaleDownWindowSeconds(behavior.scaleDown, hpa.options);
  const stab = stabilizeWithBehavior(
    state.recommendations ?? [],
    current,
    prenormalized,
    upWindow,
    downWindow,
    now,
  );
  result.stabilized = stab.replicas;
  const changed = stab.replicas !== prenormalized;
  setCondition(state.conditions, 'AbleToScale', true, changed ? stab.reason : 'ReadyForNewScale');
  const rate = applyBehaviorRate({
    current,
    desired: stab.replicas,
    minReplicas: hpa.minReplicas,
    maxReplicas: hpa.maxReplicas,
    scaleUp: behavior.scaleUp,
    scaleDown: behavior.scaleDown,
    upEvents: state.scaleUpEvents,
    downEvents: state.scaleDownEvents,
    now,
  });
  setCondition(state.conditions, 'ScalingLimited', rate.replicas !== stab.replicas, rate.reason);
  result.decisionArgs.stabilized = stab.replicas;
  // The stage that set the final number decides: a policy or clamp after the window overrides it.
  if (rate.replicas !== stab.replicas) {
    result.limitedBy = rate.reason;
    result.decisionArgs.limit = rate.replicas;
    if (changed) result.decisionArgs.heldBy = stab.reason;
    switch (rate.reason) {
      case 'ScaleUpLimit':
        result.decision =
          behavior.scaleUp.selectPolicy === 'Disabled' ? 'scaleUpDisabled' : 'limitedByScaleUpPolicy';
        break;
      case 'ScaleDownLimit':
        result.decision =
          behavior.scaleDown.selectPolicy === 'Disabled' ? 'scaleDownDisabled' : 'limitedByScaleDownPolicy';
        break;
      case 'TooManyReplicas':
        result.decision = 'clampedToMax';
        break;
      default:
        result.decision = 'clampedToMin';
    }
  } else if (changed) {
    result.limitedBy = stab.reason;
    result.decision = stab.reason === 'ScaleUpStabilized' ? 'heldByScaleUpWindow' : 'heldByScaleDownWindow';
    result.decisionArgs.window = stab.reason === 'ScaleUpStabilized' ? upWindow : downWindow;
  }
  return rate.replicas;
}

/** One sync with defaults applied on the fly; for many syncs prepare once and use `syncPrepared`. */
export function syncHpa(
  spec: HPASpec,
  state: ControllerState,
  snapshot: ClusterSnapshot,
  now: number,
  options?: Partial<ControllerOptions>,
): SyncResult {
  return syncPrepared(prepareHpa(spec, options), state, snapshot, now);
}
