/**
 * Turns an HPA spec, the target's requests and a profile name into a SimulationInput with one
 * load per metric, sized so the initial replicas sit exactly at target. Used by the CLI and the
 * preview.
 */
import { metricTargetOf } from './metricTarget';
import { effectiveMetrics, effectiveMinReplicas } from './defaults';
import { makeProfileLoad, MAX_PROFILE_SECONDS } from './loadProfiles';
import { metricDisplayName } from './metricEvaluation';
import { quantityMilliOrUndefined } from './quantity';
import type { LoadSeries, SimulationInput } from './simulationTypes';
import type { ControllerOptions, HPASpec, MetricSpec } from './types';

/**
 * The requests a what-if assumes when the target is not in the workspace at all (its Pods' requests
 * are unknown, not absent): 1 CPU and 1 GiB per Pod. Never applied to a target that is known to lack
 * a request: the controller cannot compute that utilization, and the simulation says so instead.
 * Callers pass it (or the user's own value) as `assumeRequests` and tell the user they did.
 */
export const UNKNOWN_TARGET_REQUESTS: Readonly<Record<string, number>> = Object.freeze({
  cpu: 1000,
  memory: 1024 ** 3 * 1000,
});

export interface SimulationInputOptions {
  /** A LOAD_PROFILES name; default 'normal'. */
  profile?: string;
  /** Default: minReplicas (at least 1), within maxReplicas. */
  initialReplicas?: number;
  /** Default 1800 s. */
  durationSeconds?: number;
  /** Default 30 s. */
  podStartupSeconds?: number;
  peak?: number;
  noise?: number;
  seed?: number;
  mode?: 'controller' | 'formula';
  options?: Partial<ControllerOptions>;
  containerRequests?: Record<string, Record<string, number>>;
  /**
   * A what-if: the request per Pod (milli, by resource) assumed where a Utilization metric needs one
   * that the target lacks (for ContainerResource, per container). Absent: nothing is assumed, and
   * such a metric fails as in the controller (FailedGetResourceMetric).
   */
  assumeRequests?: Readonly<Record<string, number>>;
  /** Loads that replace the profile for the metrics they name. */
  loads?: LoadSeries[];
  name?: string;
}

/** A Utilization metric's request per Pod: the container's for ContainerResource, else the Pod's. */
function requestFor(
  spec: MetricSpec,
  podRequests: Record<string, number>,
  containerRequests: Record<string, Record<string, number>> | undefined,
): number | undefined {
  if (spec.type === 'ContainerResource') {
    return containerRequests?.[spec.containerResource?.container]?.[spec.containerResource?.name];
  }
  if (spec.type === 'Resource') return podRequests[spec.resource?.name];
  return undefined;
}

/**
 * Resources (and container/resource pairs) a Utilization metric needs that the requests lack:
 * the CLI and the preview tell the user these were assumed.
 */
export function missingRequests(
  spec: HPASpec,
  podRequests: Record<string, number>,
  containerRequests?: Record<string, Record<string, number>>,
): string[] {
  const missing: string[] = [];
  for (const m of effectiveMetrics(spec)) {
    const isUtil =
      (m.type === 'Resource' && m.resource?.target?.type === 'Utilization') ||
      (m.type === 'ContainerResource' && m.containerResource?.target?.type === 'Utilization');
    if (!isUtil || requestFor(m, podRequests, containerRequests) !== undefined) continue;
    missing.push(
      m.type === 'ContainerResource'
        ? `${m.containerResource?.container}/${m.containerResource?.name}`
        : String(m.resource?.name),
    );
  }
  return missing;
}

/**
 * The total demand (milli) that puts `replicas` Pods exactly at a metric's target: per-Pod metrics
 * sum over the Pods; Object/External Value is the value itself; AverageValue the per-Pod target
 * times the Pods. 0 when the target cannot be read.
 */
export function targetTotalFor(
  spec: MetricSpec,
  replicas: number,
  podRequests: Record<string, number>,
  containerRequests?: Record<string, Record<string, number>>,
): number {
  const target = metricTargetOf(spec);
  if (!target) return 0;
  if ((spec.type === 'Object' || spec.type === 'External') && target.type === 'Value')
    return quantityMilliOrUndefined(target.value) ?? 0;
  const average = quantityMilliOrUndefined(target.averageValue) ?? null;
  if (average !== null && (target.type === 'AverageValue' || spec.type === 'Pods')) return average * replicas;
  if (target.type === 'Utilization' && typeof target.averageUtilization === 'number') {
    const request = requestFor(spec, podRequests, containerRequests) ?? 0;
    return (request * replicas * target.averageUtilization) / 100;
  }
  return 0;
}

/** A ready-to-run SimulationInput: missing requests are filled only from `opts.assumeRequests`. */
export function buildSimulationInput(
  spec: HPASpec,
  podRequests: Record<string, number>,
  opts: SimulationInputOptions = {},
): SimulationInput {
  const requests = { ...podRequests };
  const containerRequests: Record<string, Record<string, number>> = {};
  for (const [c, r] of Object.entries(opts.containerRequests ?? {})) containerRequests[c] = { ...r };
  const metrics = effectiveMetrics(spec);
  for (const m of metrics) {
    // Specs come from editors mid-typing: a metric may lack its source block.
    const resource =
      m.type === 'Resource'
        ? m.resource?.name
        : m.type === 'ContainerResource'
          ? m.containerResource?.name
          : undefined;
    const assumed =
      resource === undefined || !Object.hasOwn(opts.assumeRequests ?? {}, resource)
        ? undefined
        : opts.assumeRequests?.[resource];
    if (resource === undefined || assumed === undefined) continue;
    if (m.type === 'Resource' && requests[resource] === undefined) requests[resource] = assumed;
    if (m.type === 'ContainerResource' && typeof m.containerResource?.container === 'string') {
      const c = (containerRequests[m.containerResource.container] ??= {});
      if (c[resource] === undefined) c[resource] = assumed;
    }
  }
  const min = Math.max(1, effectiveMinReplicas(spec));
  const initialReplicas = Math.max(
    0,
    Math.floor(opts.initialReplicas ?? Math.min(min, Math.max(1, spec.maxReplicas))),
  );
  const durationSeconds = Math.min(opts.durationSeconds ?? 1800, MAX_PROFILE_SECONDS);
  const given = new Map((opts.loads ?? []).map((l) => [l.metric, l]));
  const loads: LoadSeries[] = [];
  const seen = new Set<string>();
  metrics.forEach((m, index) => {
    const name = metricDisplayName(m);
    if (seen.has(name)) return; // two metrics on the same name read one series
    seen.add(name);
    const fromUser = given.get(name);
    if (fromUser) {
      loads.push(fromUser);
      return;
    }
    loads.push(
      makeProfileLoad(opts.profile ?? 'normal', {
        metric: name,
        targetTotal: targetTotalFor(m, initialReplicas, requests, containerRequests),
        peak: opts.peak,
        noise: opts.noise,
        durationSeconds,
        seed: (opts.seed ?? 1) + index,
      }),
    );
  });
  const input: SimulationInput = {
    spec,
    podRequests: requests,
    containerRequests,
    initialReplicas,
    durationSeconds,
    loads,
    podStartupSeconds: opts.podStartupSeconds ?? 30,
    mode: opts.mode ?? 'controller',
  };
  if (opts.options) input.options = opts.options;
  if (opts.name !== undefined) input.name = opts.name;
  return input;
}

/** One request the simulation assumes, and why. */
export interface AssumedRequest {
  /** A resource (`cpu`) or, for a ContainerResource metric, `container/resource`. */
  what: string;
  resource: string;
  milli: number;
  /** `whatIf`: the user asked for it; `unknownTarget`: the target is not in the workspace. */
  because: 'whatIf' | 'unknownTarget';
}

/** What a run assumes about the requests its Utilization metrics need, and what it leaves failing. */
export interface RequestAssumption {
  /** The `assumeRequests` to pass to `buildSimulationInput`. */
  assumeRequests: Record<string, number>;
  assumed: AssumedRequest[];
  /**
   * Utilization metrics the controller cannot compute (the target is known and lacks the request,
   * and no what-if was asked): `cpu`, or `container/cpu` for ContainerResource.
   */
  uncomputable: string[];
}

/**
 * Decides the requests a run assumes. A target known to lack a request is simulated as the
 * controller handles it (the metric fails) unless the user asks "what if it requested X"; a target
 * that is not in the workspace has unknown requests, so UNKNOWN_TARGET_REQUESTS stand in unless the
 * user gives their own. Every assumption is returned so the caller can say it.
 */
export function assumeRequestsFor(
  spec: HPASpec,
  podRequests: Record<string, number>,
  containerRequests: Record<string, Record<string, number>> | undefined,
  targetKnown: boolean,
  whatIf: Readonly<Record<string, number>> = {},
): RequestAssumption {
  const out: RequestAssumption = { assumeRequests: {}, assumed: [], uncomputable: [] };
  for (const what of missingRequests(spec, podRequests, containerRequests)) {
    const resource = what.includes('/') ? what.slice(what.lastIndexOf('/') + 1) : what;
    const asked = Object.hasOwn(whatIf, resource) ? whatIf[resource] : undefined;
    const stand =
      targetKnown || !Object.hasOwn(UNKNOWN_TARGET_REQUESTS, resource)
        ? undefined
        : UNKNOWN_TARGET_REQUESTS[resource];
    const milli = asked ?? stand;
    if (milli === undefined) {
      out.uncomputable.push(what);
      continue;
    }
    out.assumeRequests[resource] = milli;
    out.assumed.push({ what, resource, milli, because: asked !== undefined ? 'whatIf' : 'unknownTarget' });
  }
  return out;
}
