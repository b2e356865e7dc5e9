/**
 * What a simulated run of one block on one load is worth, in four figures. The definitions are the
 * documented ones (docs/tune.md); anyone can recompute them from `hpa-lint simulate --format csv`
 * (t, replicas, readyReplicas, desiredReplicas and each metric's load per sync).
 *
 * - needed replicas at a sync: for each metric whose demand is spread over the Pods (Resource and
 *   ContainerResource, Pods, and Object/External with an AverageValue target), the fewest Pods
 *   that keep the per-Pod value within the scale-up tolerance above its target:
 *   ceil(load / (perPodTarget × (1 + scaleUpTolerance))); the largest over the metrics, clamped to
 *   minReplicas..maxReplicas (no behavior can go past maxReplicas). Object/External Value targets
 *   do not depend on the Pod count and give no need.
 * - under-provisioned sync: fewer Ready Pods than needed at that sync.
 * - scale event: a sync whose desired replicas differ from the current replicas.
 * - ramp: the longest run of consecutive under-provisioned syncs, in seconds (syncs × sync
 *   period): the time from the first sync that finds too few Ready Pods to the first that does not.
 * - Pod-hours: desired replicas held for one sync period each, summed, in hours.
 */
import { effectiveMetrics, effectiveMinReplicas, resolveBehavior, resolveOptions } from '../engine/defaults';
import { metricDisplayName } from '../engine/metricEvaluation';
import { metricTargetOf } from '../engine/metricTarget';
import { targetTotalFor } from '../engine/simulationInput';
import type { SimulationInput, SimulationResult } from '../engine/simulationTypes';
import { resolveTolerances } from '../engine/tolerance';

/** Allowance for double rounding in the need's division (a load exactly at the band's edge needs no extra Pod). */
const NEED_EPSILON = 1e-9;

export interface NeedMetric {
  metric: string;
  /** The per-Pod target in milli-units (for Utilization: request × averageUtilization / 100). */
  perPodTarget: number;
}

export interface NeedModel {
  metrics: NeedMetric[];
  toleranceUp: number;
  minReplicas: number;
  maxReplicas: number;
}

export interface LoadFigures {
  /** The load's name as the user gave it (a profile name or a CSV file). */
  load: string;
  scaleEvents: number;
  podHours: number;
  /** Under-provisioned syncs / all syncs, a fraction. */
  underprovisionedShare: number;
  rampSeconds: number;
  /** The run's length (syncs × sync period), for events per hour. */
  durationSeconds: number;
}

/** What the need reads from an HPA: its per-Pod targets, its scale-up tolerance and its bounds. */
export function needModelOf(input: SimulationInput): NeedModel {
  const spec = input.spec;
  const tolerances = resolveTolerances(resolveBehavior(spec.behavior), resolveOptions(input.options));
  const metrics: NeedMetric[] = [];
  for (const m of effectiveMetrics(spec)) {
    const target = metricTargetOf(m);
    if ((m.type === 'Object' || m.type === 'External') && target?.type !== 'AverageValue') continue;
    const perPodTarget = targetTotalFor(m, 1, input.podRequests, input.containerRequests);
    const metric = metricDisplayName(m);
    if (perPodTarget > 0 && !metrics.some((x) => x.metric === metric)) metrics.push({ metric, perPodTarget });
  }
  return {
    metrics,
    toleranceUp: tolerances.scaleUp,
    minReplicas: Math.max(1, effectiveMinReplicas(spec)),
    maxReplicas: spec.maxReplicas,
  };
}

/** The replicas a sync's load needs (see the file comment). */
export function neededReplicas(model: NeedModel, load: Readonly<Record<string, number>>): number {
  let need = model.minReplicas;
  for (const m of model.metrics) {
    const n = Math.ceil((load[m.metric] ?? 0) / (m.perPodTarget * (1 + model.toleranceUp)) - NEED_EPSILON);
    if (n > need) need = n;
  }
  return Math.min(need, Math.max(model.minReplicas, model.maxReplicas));
}

/** The four figures of one run. */
export function figuresOf(load: string, result: SimulationResult, need: NeedModel): LoadFigures {
  const sync = result.syncPeriodSeconds;
  const steps = result.steps;
  let scaleEvents = 0;
  let desiredSum = 0;
  let under = 0;
  let run = 0;
  let longestRun = 0;
  for (const step of steps) {
    if (step.desiredReplicas !== step.replicas) scaleEvents++;
    desiredSum += step.desiredReplicas;
    if (step.readyReplicas < neededReplicas(need, step.load)) {
      under++;
      run++;
      if (run > longestRun) longestRun = run;
    } else {
      run = 0;
    }
  }
  return {
    load,
    scaleEvents,
    podHours: (desiredSum * sync) / 3600,
    underprovisionedShare: steps.length > 0 ? under / steps.length : 0,
    rampSeconds: longestRun * sync,
    durationSeconds: steps.length * sync,
  };
}
