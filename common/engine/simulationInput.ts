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

/** Requests assumed when the target's are unknown: 1 CPU and 1 GiB per Pod. */
export const DEFAULT_ASSUMED_REQUESTS: Readonly<Record<string, number>> = Object.freeze({
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

/** A ready-to-run SimulationInput: missing requests are filled with DEFAULT_ASSUMED_REQUESTS. */
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
    const assumed = resource === undefined ? undefined : DEFAULT_ASSUMED_REQUESTS[resource];
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
