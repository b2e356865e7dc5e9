/**
 * One metric spec -> one replica proposal (semantics §1.4), reading a ClusterSnapshot. Failures
 * become an evaluation with the controller's condition reason instead of an exception.
 */
import {
  containerMetricKey,
  podsMetricKey,
  type ClusterSnapshot,
  type MaybeMilli,
  type PodSnapshot,
} from './clusterSnapshot';
import { countRunningReadyPods } from './podGrouping';
import { parseQuantity } from './quantity';
import {
  averageValueOfTotalReplicas,
  averageValueReplicas,
  MetricError,
  type MetricFailureCause,
  resourceUtilizationReplicas,
  valueReplicas,
} from './replicaCalculator';
import { isWithinTolerance, type Tolerances } from './tolerance';
import type { ControllerOptions, MetricSpec, MetricTarget, MetricTargetType } from './types';

export interface MetricEvaluation {
  /** cpu, memory, or the Pods/Object/External metric's name. */
  name: string;
  /** The spec's `type` as written (may be unknown). */
  type: string;
  targetType: MetricTargetType | null;
  /** Percent for Utilization, milli otherwise (0 when unreadable). */
  target: number;
  /** Per-Pod average for per-Pod metrics, the value itself for Object/External Value (milli). */
  value: number | null;
  /** Integer percent of request, Utilization only. */
  utilization?: number;
  /** The first usage ratio, when one was computed. */
  ratio?: number;
  /** The ratio was inside the tolerance band. */
  withinTolerance?: boolean;
  /** The proposal, or null when the metric failed. */
  proposal: number | null;
  /** The failure message, and the ScalingActive reason it sets. */
  error?: string;
  errorReason?: string;
  /** What caused the failure, where a caller can act on it (no request: the what-if of one). */
  errorCause?: MetricFailureCause;
  /** The controller's description, used in "<description> above target". */
  description: string;
}

export interface EvaluationContext {
  snapshot: ClusterSnapshot;
  tolerances: Tolerances;
  now: number;
  options: ControllerOptions;
}

/** The name people use for a metric: the resource name or the custom metric's name. */
export function metricDisplayName(spec: MetricSpec): string {
  switch (spec.type) {
    case 'Resource':
      return spec.resource?.name ?? 'resource';
    case 'ContainerResource':
      return spec.containerResource?.name ?? 'resource';
    case 'Pods':
      return spec.pods?.metric?.name ?? 'pods';
    case 'Object':
      return spec.object?.metric?.name ?? 'object';
    case 'External':
      return spec.external?.metric?.name ?? 'external';
    default:
      return String((spec as { type?: unknown }).type ?? 'unknown');
  }
}

const FAILURE_REASON: Record<string, string> = {
  Resource: 'FailedGetResourceMetric',
  ContainerResource: 'FailedGetContainerResourceMetric',
  Pods: 'FailedGetPodsMetric',
  Object: 'FailedGetObjectMetric',
  External: 'FailedGetExternalMetric',
};

function milli(q: MetricTarget['value']): number {
  if (q === undefined) throw new MetricError('target value is not set');
  try {
    return parseQuantity(q);
  } catch (err) {
    throw new MetricError(err instanceof Error ? err.message : String(err));
  }
}

function collect(
  pods: readonly PodSnapshot[],
  read: (pod: PodSnapshot) => MaybeMilli,
  extra: Record<string, number> | undefined,
): Map<string, number> {
  const map = new Map<string, number>();
  for (const pod of pods) {
    const v = read(pod);
    if (v !== null && v !== undefined) map.set(pod.name, v);
  }
  if (extra) for (const [name, v] of Object.entries(extra)) if (!map.has(name)) map.set(name, v);
  return map;
}

function requestsOf(
  pods: readonly PodSnapshot[],
  resource: string,
  container: string | null,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const pod of pods) {
    let request: MaybeMilli;
    if (container !== null) {
      const c = pod.containerRequests?.[container];
      if (!c) throw new MetricError(`container ${container} not found in Pod ${pod.name}`);
      request = c[resource];
      if (request === null || request === undefined) {
        throw new MetricError(
          `missing request for ${resource} in container ${container} of Pod ${pod.name}`,
          'missingRequest',
        );
      }
    } else {
      request = pod.requests[resource];
      if (request === null || request === undefined) {
        throw new MetricError(`missing request for ${resource} in Pod ${pod.name}`, 'missingRequest');
      }
    }
    out.set(pod.name, request);
  }
  return out;
}

/**
 * Fills in a result by plain assignment: spreading or Object.assign on this hot path turned the
 * objects into slow dictionaries and cost ten times the arithmetic.
 */
function setResult(base: MetricEvaluation, value: number, ratio: number, proposal: number): MetricEvaluation {
  base.value = value;
  base.ratio = ratio;
  base.proposal = proposal;
  return base;
}

/**
 * The plain per-Pod average path (§1.4.3), shared by Resource/ContainerResource AverageValue
 * (`resource` set, so the cpu readiness rules apply) and Pods metrics (`resource` null).
 */
function perPodAverageValue(
  base: MetricEvaluation,
  ctx: EvaluationContext,
  metrics: Map<string, number>,
  resource: string | null,
  targetAverageValue: number,
): MetricEvaluation {
  base.target = targetAverageValue;
  base.targetType = 'AverageValue';
  const r = averageValueReplicas({
    currentReplicas: ctx.snapshot.specReplicas,
    tolerances: ctx.tolerances,
    pods: ctx.snapshot.pods,
    metrics,
    now: ctx.now,
    options: ctx.options,
    resource,
    targetAverageValue,
  });
  return setResult(base, r.usage, r.ratio, r.replicas);
}

function perPodResource(
  base: MetricEvaluation,
  ctx: EvaluationContext,
  resource: string,
  container: string | null,
  target: MetricTarget,
): MetricEvaluation {
  const { snapshot } = ctx;
  const metrics = collect(
    snapshot.pods,
    (pod) => (container === null ? pod.usage[resource] : pod.containerUsage?.[container]?.[resource]),
    snapshot.unknownPodMetrics?.[container === null ? resource : containerMetricKey(container, resource)],
  );
  if (target.averageValue !== undefined && target.averageValue !== null) {
    return perPodAverageValue(base, ctx, metrics, resource, milli(target.averageValue));
  }
  if (target.averageUtilization === undefined || target.averageUtilization === null) {
    throw new MetricError(
      `invalid resource metric source: neither a utilization target nor a value target was set`,
    );
  }
  base.target = target.averageUtilization;
  base.targetType = 'Utilization';
  const r = resourceUtilizationReplicas({
    currentReplicas: snapshot.specReplicas,
    tolerances: ctx.tolerances,
    pods: snapshot.pods,
    metrics,
    now: ctx.now,
    options: ctx.options,
    resource,
    targetUtilization: target.averageUtilization,
    requests: () => requestsOf(snapshot.pods, resource, container),
  });
  base.value = r.rawAverage;
  base.utilization = r.utilization;
  base.ratio = r.ratio;
  base.proposal = r.replicas;
  return base;
}

function totalValue(
  base: MetricEvaluation,
  ctx: EvaluationContext,
  usage: number,
  target: MetricTarget,
  preferAverage: boolean,
): MetricEvaluation {
  const { snapshot } = ctx;
  const hasValue = target.value !== undefined && target.value !== null;
  const hasAverage = target.averageValue !== undefined && target.averageValue !== null;
  // Object picks by target.type; External prefers averageValue whenever it is set.
  const useAverage = preferAverage ? hasAverage : target.type === 'AverageValue' && hasAverage;
  const useValue = preferAverage ? !hasAverage && hasValue : target.type === 'Value' && hasValue;
  if (useValue) {
    const targetValue = milli(target.value);
    base.target = targetValue;
    base.targetType = 'Value';
    const readyPodCount = snapshot.pods.length === 0 ? null : countRunningReadyPods(snapshot.pods);
    const proposal = valueReplicas({
      currentReplicas: snapshot.specReplicas,
      usage,
      targetValue,
      tolerances: ctx.tolerances,
      readyPodCount,
    });
    return setResult(base, usage, usage / targetValue, proposal);
  }
  if (useAverage) {
    const targetAverageValue = milli(target.averageValue);
    base.target = targetAverageValue;
    base.targetType = 'AverageValue';
    const r = averageValueOfTotalReplicas({
      statusReplicas: snapshot.statusReplicas,
      usage,
      targetAverageValue,
      tolerances: ctx.tolerances,
    });
    const ratio = usage / (targetAverageValue * snapshot.statusReplicas);
    return setResult(base, usage, ratio, r.replicas);
  }
  const kind = preferAverage ? 'external' : 'object';
  throw new MetricError(
    `invalid ${kind} metric source: neither a value target nor an average value target was set`,
  );
}

const SOURCE_KEY: Record<string, string> = {
  Resource: 'resource',
  ContainerResource: 'containerResource',
  Pods: 'pods',
  Object: 'object',
  External: 'external',
};

function evaluateUnchecked(
  spec: MetricSpec,
  base: MetricEvaluation,
  ctx: EvaluationContext,
): MetricEvaluation {
  const { snapshot } = ctx;
  // A spec typed in an editor may lack its source block or target: say so instead of a TypeError.
  const key = SOURCE_KEY[spec.type];
  const source = key ? (spec as unknown as Record<string, { target?: unknown } | undefined>)[key] : undefined;
  if (
    key &&
    (typeof source !== 'object' ||
      source === null ||
      typeof source.target !== 'object' ||
      source.target === null)
  ) {
    throw new MetricError(`the ${spec.type} metric has no ${key}.target`);
  }
  switch (spec.type) {
    case 'Resource': {
      const r = spec.resource;
      return perPodResource(base, ctx, r.name, null, r.target);
    }
    case 'ContainerResource': {
      const r = spec.containerResource;
      return perPodResource(base, ctx, r.name, r.container, r.target);
    }
    case 'Pods': {
      const m = spec.pods;
      const key = podsMetricKey(m.metric.name);
      const metrics = collect(snapshot.pods, (pod) => pod.usage[key], snapshot.unknownPodMetrics?.[key]);
      return perPodAverageValue(base, ctx, metrics, null, milli(m.target.averageValue));
    }
    case 'Object': {
      const o = spec.object;
      const usage = snapshot.objectMetrics?.[o.metric.name];
      if (usage === undefined) {
        throw new MetricError(
          `unable to get metric ${o.metric.name}: ${o.describedObject.kind} ${o.describedObject.name}: no value reported`,
        );
      }
      return totalValue(base, ctx, usage, o.target, false);
    }
    case 'External': {
      const e = spec.external;
      const series = snapshot.externalMetrics?.[e.metric.name];
      if (!series || series.length === 0) {
        throw new MetricError(
          `unable to get external metric ${e.metric.name}: no metrics returned from external metrics API`,
        );
      }
      let usage = 0;
      for (const v of series) usage += v;
      return totalValue(base, ctx, usage, e.target, true);
    }
    default:
      throw new MetricError(`unknown metric source type "${String((spec as { type?: unknown }).type)}"`);
  }
}

function describe(spec: MetricSpec): string {
  switch (spec.type) {
    case 'Resource':
      return spec.resource?.target?.averageValue !== undefined
        ? `${spec.resource.name} resource`
        : `${spec.resource?.name} resource utilization (percentage of request)`;
    case 'ContainerResource':
      return spec.containerResource?.target?.averageValue !== undefined
        ? `${spec.containerResource.name} resource`
        : `${spec.containerResource?.name} container resource utilization (percentage of request)`;
    case 'Pods':
      return `pods metric ${spec.pods?.metric?.name}`;
    case 'Object':
      return spec.object?.target?.type === 'AverageValue'
        ? `external metric ${spec.object?.metric?.name}(${JSON.stringify(spec.object?.metric?.selector ?? null)})`
        : `${spec.object?.describedObject?.kind} metric ${spec.object?.metric?.name}`;
    case 'External':
      return `external metric ${spec.external?.metric?.name}(${JSON.stringify(spec.external?.metric?.selector ?? null)})`;
    default:
      return 'unknown metric';
  }
}

/** Names and descriptions per spec object: a simulation evaluates the same specs thousands of times. */
const labels = new WeakMap<MetricSpec, { name: string; description: string }>();

function labelsOf(spec: MetricSpec): { name: string; description: string } {
  let l = labels.get(spec);
  if (!l) {
    l = { name: metricDisplayName(spec), description: describe(spec) };
    if (typeof spec === 'object' && spec !== null) labels.set(spec, l);
  }
  return l;
}

/** Evaluates one metric; never throws. */
export function evaluateMetric(spec: MetricSpec, ctx: EvaluationContext): MetricEvaluation {
  const type = String((spec as { type?: unknown }).type);
  const { name, description } = labelsOf(spec);
  const base: MetricEvaluation = {
    name,
    type,
    targetType: null,
    target: 0,
    value: null,
    proposal: null,
    description,
  };
  try {
    const result = evaluateUnchecked(spec, base, ctx);
    if (result.ratio !== undefined) result.withinTolerance = isWithinTolerance(result.ratio, ctx.tolerances);
    return result;
  } catch (err) {
    const reason = FAILURE_REASON[type] ?? 'InvalidMetricSourceType';
    const message = err instanceof Error ? err.message : String(err);
    base.proposal = null;
    base.error = message;
    base.errorReason = reason;
    if (err instanceof MetricError && err.failureCause !== undefined) base.errorCause = err.failureCause;
    return base;
  }
}
