/**
 * Per-metric replica proposals (semantics §1.4.2–§1.4.7) with the controller's integer and float
 * details: utilization is an integer percent before the ratio, averages are truncated, and the
 * rebalancing for missing metrics and unready Pods follows §1.4.2 step 8.
 */
import { groupPods, type PodState } from './podGrouping';
import { isWithinTolerance, type Tolerances } from './tolerance';
import type { ControllerOptions } from './types';

/** A metric that cannot produce a proposal; the message is the controller's. */
/** Why a metric failed, where a caller acts on the cause (the preview's what-if for a request). */
export type MetricFailureCause = 'missingRequest';

export class MetricError extends Error {
  constructor(
    message: string,
    readonly failureCause?: MetricFailureCause,
  ) {
    super(message);
    this.name = 'MetricError';
  }
}

/** Replica counts are int32 in the API. */
export const MAX_REPLICAS = 2 ** 31 - 1;

function toReplicas(x: number): number {
  return Math.min(Math.ceil(x), MAX_REPLICAS);
}

export interface PerPodMetricInput {
  /** The spec replicas the controller read from the scale. */
  currentReplicas: number;
  tolerances: Tolerances;
  /** Pods matched by the selector. */
  pods: readonly PodState[];
  /** Metric value (milli) by Pod name. Names not in `pods` are superfluous entries and stay. */
  metrics: ReadonlyMap<string, number>;
  now: number;
  options: ControllerOptions;
}

export interface UtilizationResult {
  replicas: number;
  /** The first usage ratio (utilization / target). */
  ratio: number;
  /** Integer percent of request, from the first computation. */
  utilization: number;
  /** Average usage per counted Pod (milli), truncated, from the first computation. */
  rawAverage: number;
}

/** Usage summed over entries whose Pod has a request; integer utilization (§1.4.2 step 5). */
function utilizationRatio(
  metrics: ReadonlyMap<string, number>,
  requests: ReadonlyMap<string, number>,
  targetUtilization: number,
): { ratio: number; utilization: number; rawAverage: number } {
  let metricsTotal = 0;
  let requestsTotal = 0;
  let counted = 0;
  for (const [pod, value] of metrics) {
    const request = requests.get(pod);
    if (request === undefined) continue;
    metricsTotal += value;
    requestsTotal += request;
    counted++;
  }
  if (requestsTotal === 0) throw new MetricError('no metrics returned matched known pods');
  const utilization = Math.floor((metricsTotal * 100) / requestsTotal);
  return {
    ratio: utilization / targetUtilization,
    utilization,
    rawAverage: Math.floor(metricsTotal / counted),
  };
}

function averageRatio(
  metrics: ReadonlyMap<string, number>,
  targetUsage: number,
): { ratio: number; usage: number } {
  let total = 0;
  for (const value of metrics.values()) total += value;
  const usage = Math.floor(total / metrics.size);
  return { ratio: usage / targetUsage, usage };
}

/** Steps 1–3 shared by both per-Pod paths: group Pods and keep the metrics of usable ones. */
function prepare(input: PerPodMetricInput, resource: string | null) {
  if (input.metrics.size === 0) {
    throw new MetricError(
      resource === null
        ? 'no metrics returned from custom metrics API'
        : `unable to get metrics for resource ${resource}: no metrics returned from resource metrics API`,
    );
  }
  if (input.pods.length === 0)
    throw new MetricError('no pods returned by selector while calculating replica count');
  const groups = groupPods(input.pods, input.metrics, resource, input.now, input.options);
  // Copy only when something changes: the common case (all Pods ready) allocates nothing more.
  let metrics = input.metrics as Map<string, number>;
  if (groups.ignored.length > 0 || groups.unready.length > 0) {
    metrics = new Map(input.metrics);
    for (const name of groups.ignored) metrics.delete(name);
    for (const name of groups.unready) metrics.delete(name);
  }
  if (metrics.size === 0)
    throw new MetricError('did not receive metrics for targeted pods (pods might be unready)');
  return { groups, metrics };
}

/** §1.4.2 step 8's closing rule, shared by both per-Pod paths. */
function rebalancedReplicas(
  current: number,
  ratio: number,
  newRatio: number,
  mapSize: number,
  tol: Tolerances,
): number {
  if (isWithinTolerance(newRatio, tol) || (ratio < 1 && newRatio > 1) || (ratio > 1 && newRatio < 1))
    return current;
  const proposal = toReplicas(newRatio * mapSize);
  if ((newRatio < 1 && proposal > current) || (newRatio > 1 && proposal < current)) return current;
  return proposal;
}

/** Resource / ContainerResource with an averageUtilization target (§1.4.2). */
export function resourceUtilizationReplicas(
  input: PerPodMetricInput & {
    resource: string;
    targetUtilization: number;
    /**
     * Request (milli) of every listed Pod for this resource (or container). Read after grouping,
     * as the controller does, so it may throw a MetricError for a missing request.
     */
    requests: ReadonlyMap<string, number> | (() => ReadonlyMap<string, number>);
  },
): UtilizationResult {
  const prepared = prepare(input, input.resource);
  const groups = prepared.groups;
  let metrics = prepared.metrics;
  const requests = typeof input.requests === 'function' ? input.requests() : input.requests;
  const first = utilizationRatio(metrics, requests, input.targetUtilization);
  const { ratio } = first;
  const scaleUpWithUnready = groups.unready.length > 0 && ratio > 1;
  const done = (replicas: number): UtilizationResult => ({
    replicas,
    ratio,
    utilization: first.utilization,
    rawAverage: first.rawAverage,
  });
  if (!scaleUpWithUnready && groups.missing.length === 0) {
    if (isWithinTolerance(ratio, input.tolerances)) return done(input.currentReplicas);
    return done(toReplicas(ratio * groups.readyPodCount));
  }
  if (metrics === input.metrics) metrics = new Map(metrics); // rebalancing edits the map
  if (groups.missing.length > 0) {
    if (ratio < 1) {
      // Heading down: assume missing Pods use max(100, target) % (or 100 % in older releases).
      const fallback = input.options.missingPodsUseTargetAboveHundred
        ? Math.max(100, input.targetUtilization)
        : 100;
      for (const name of groups.missing) {
        metrics.set(name, Math.floor(((requests.get(name) ?? 0) * fallback) / 100));
      }
    } else if (ratio > 1) {
      for (const name of groups.missing) metrics.set(name, 0);
    }
  }
  if (scaleUpWithUnready) for (const name of groups.unready) metrics.set(name, 0);
  const newRatio = utilizationRatio(metrics, requests, input.targetUtilization).ratio;
  return done(rebalancedReplicas(input.currentReplicas, ratio, newRatio, metrics.size, input.tolerances));
}

export interface AverageValueResult {
  replicas: number;
  /** The first usage ratio (average / target). */
  ratio: number;
  /** Average per counted Pod (milli), truncated, from the first computation. */
  usage: number;
}

/**
 * Resource / ContainerResource AverageValue and Pods metrics (§1.4.3). `resource` is the resource
 * name for the Resource paths (cpu readiness applies) and null for Pods metrics.
 */
export function averageValueReplicas(
  input: PerPodMetricInput & { resource: string | null; targetAverageValue: number },
): AverageValueResult {
  const prepared = prepare(input, input.resource);
  const groups = prepared.groups;
  let metrics = prepared.metrics;
  const first = averageRatio(metrics, input.targetAverageValue);
  const { ratio } = first;
  const scaleUpWithUnready = groups.unready.length > 0 && ratio > 1;
  if (!scaleUpWithUnready && groups.missing.length === 0) {
    if (isWithinTolerance(ratio, input.tolerances))
      return { replicas: input.currentReplicas, ratio, usage: first.usage };
    return { replicas: toReplicas(ratio * groups.readyPodCount), ratio, usage: first.usage };
  }
  if (metrics === input.metrics) metrics = new Map(metrics); // rebalancing edits the map
  if (groups.missing.length > 0) {
    // Heading down a missing Pod is assumed exactly at target; heading up, idle.
    const assumed = ratio < 1 ? input.targetAverageValue : 0;
    if (ratio !== 1) for (const name of groups.missing) metrics.set(name, assumed);
  }
  if (scaleUpWithUnready) for (const name of groups.unready) metrics.set(name, 0);
  const newRatio = averageRatio(metrics, input.targetAverageValue).ratio;
  return {
    replicas: rebalancedReplicas(input.currentReplicas, ratio, newRatio, metrics.size, input.tolerances),
    ratio,
    usage: first.usage,
  };
}

/**
 * Object or External with a Value target (§1.4.4, §1.4.6). `readyPodCount` is the number of
 * Running+Ready Pods, or null when the selector matched no Pod at all.
 */
export function valueReplicas(input: {
  currentReplicas: number;
  usage: number;
  targetValue: number;
  tolerances: Tolerances;
  readyPodCount: number | null;
}): number {
  const ratio = input.usage / input.targetValue;
  if (input.currentReplicas === 0) return toReplicas(ratio); // from zero the tolerance is not applied
  if (isWithinTolerance(ratio, input.tolerances)) return input.currentReplicas;
  if (input.readyPodCount === null) {
    throw new MetricError('no pods returned by selector while calculating replica count');
  }
  return toReplicas(ratio * input.readyPodCount);
}

export interface PerPodValueResult {
  replicas: number;
  /** What the status reports as averageValue: ceil(usage / statusReplicas), 0 when there are none. */
  perPodUsage: number;
}

/** Object or External with an AverageValue target (§1.4.5, §1.4.7): based on status replicas. */
export function averageValueOfTotalReplicas(input: {
  statusReplicas: number;
  usage: number;
  targetAverageValue: number;
  tolerances: Tolerances;
}): PerPodValueResult {
  const ratio = input.usage / (input.targetAverageValue * input.statusReplicas);
  const replicas = isWithinTolerance(ratio, input.tolerances)
    ? input.statusReplicas
    : toReplicas(input.usage / input.targetAverageValue);
  const perPodUsage = input.statusReplicas === 0 ? 0 : Math.ceil(input.usage / input.statusReplicas);
  return { replicas, perPodUsage };
}
