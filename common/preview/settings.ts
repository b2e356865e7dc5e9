/**
 * What the user can change in the panel, with the bounds every value is clamped to. Settings arrive
 * from saved webview state and from form fields, so they are sanitized here rather than trusted.
 */
import type { PreviewSettings } from '../protocol';
import type { LoadSeries } from '../engine/simulationTypes';
import type { ControllerOptions } from '../engine/types';

export interface MetricLoadSettings {
  /** A profile name (night, normal, ...) or 'csv' for the loaded file. */
  profile: string;
  /** Peak multiplier relative to the target (1 = at target). */
  peak: number;
  /** Noise amplitude as a fraction (0.1 = ±10 %). */
  noise: number;
}

export interface PanelSettings {
  /** One load per metric, by metric name. */
  metricLoads: Record<string, MetricLoadSettings>;
  durationSeconds: number;
  /** null: start from the target's replicas, else minReplicas. */
  initialReplicas: number | null;
  syncPeriodSeconds: number;
  podStartupSeconds: number;
  /**
   * The what-if "assume a request of X" (milli per Pod, by resource) for Utilization metrics whose
   * target lacks the request. Absent or empty: nothing is assumed, as in the cluster.
   */
  assumeRequests?: Record<string, number>;
  /** Controller flags that differ from the defaults (set by `hpa-lint simulate`, not by the form). */
  options?: Partial<ControllerOptions>;
}

/** A CSV (or `hpa-lint simulate`) load that replaces the generated profile of the metrics it covers. */
export interface FixedLoad {
  name: string;
  loads: LoadSeries[];
  /** The time the recording covers (a CSV's rows, a Prometheus range), when it has one. */
  spanSeconds?: number;
}

export const LIMITS = {
  peak: { min: 0, max: 50 },
  noise: { min: 0, max: 1 },
  // 7 days: the longest range a Prometheus load suggests at one request per query (60 s steps).
  durationSeconds: { min: 60, max: 7 * 24 * 3600 },
  initialReplicas: { min: 0, max: 100_000 },
  syncPeriodSeconds: { min: 1, max: 600 },
  podStartupSeconds: { min: 0, max: 3600 },
} as const;

export const DEFAULT_METRIC_LOAD: MetricLoadSettings = { profile: 'burst', peak: 2, noise: 0.05 };

export const DEFAULT_SETTINGS: PanelSettings = {
  metricLoads: {},
  durationSeconds: 3600,
  initialReplicas: null,
  syncPeriodSeconds: 15,
  podStartupSeconds: 30,
};

export function clamp(value: unknown, range: { min: number; max: number }, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(range.max, Math.max(range.min, value));
}

function sanitizeMetricLoad(v: unknown, profiles: readonly string[]): MetricLoadSettings {
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  const profile =
    typeof o.profile === 'string' && (profiles.includes(o.profile) || o.profile === 'csv')
      ? o.profile
      : DEFAULT_METRIC_LOAD.profile;
  return {
    profile,
    peak: clamp(o.peak, LIMITS.peak, DEFAULT_METRIC_LOAD.peak),
    noise: clamp(o.noise, LIMITS.noise, DEFAULT_METRIC_LOAD.noise),
  };
}

const OPTION_KEYS: Record<keyof ControllerOptions, 'number' | 'boolean'> = {
  syncPeriodSeconds: 'number',
  tolerance: 'number',
  downscaleStabilizationSeconds: 'number',
  cpuInitializationPeriodSeconds: 'number',
  initialReadinessDelaySeconds: 'number',
  scaleUpLimitFactor: 'number',
  scaleUpLimitMinimum: 'number',
  configurableTolerance: 'boolean',
  missingPodsUseTargetAboveHundred: 'boolean',
  ignoreSucceededPods: 'boolean',
  scaleToZero: 'boolean',
  scaledToZeroCondition: 'boolean',
};

/** Known controller flags of the right type only; numbers must be finite and not negative. */
function sanitizeOptions(v: unknown): Partial<ControllerOptions> | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const out: Record<string, number | boolean> = {};
  for (const [key, type] of Object.entries(OPTION_KEYS)) {
    const value = (v as Record<string, unknown>)[key];
    if (type === 'boolean' && typeof value === 'boolean') out[key] = value;
    if (type === 'number' && typeof value === 'number' && Number.isFinite(value) && value >= 0)
      out[key] = value;
  }
  return Object.keys(out).length > 0 ? (out as Partial<ControllerOptions>) : undefined;
}

/** Resource names with a request above 0 and below 1e18 milli (about a pebibyte of memory) only. */
function sanitizeAssumeRequests(v: unknown): Record<string, number> | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const out: Record<string, number> = {};
  for (const [resource, milli] of Object.entries(v as Record<string, unknown>)) {
    if (!/^[a-z0-9][a-z0-9.\-/]*$/.test(resource)) continue;
    if (typeof milli === 'number' && Number.isFinite(milli) && milli > 0 && milli < 1e18)
      out[resource] = Math.round(milli);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Any value (saved state, a partial update) made into complete, in-range settings for these metrics. */
export function sanitizeSettings(
  v: unknown,
  metricNames: string[],
  profiles: readonly string[],
): PanelSettings {
  const o = typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};
  const loadsIn =
    typeof o.metricLoads === 'object' && o.metricLoads !== null
      ? (o.metricLoads as Record<string, unknown>)
      : {};
  const metricLoads: Record<string, MetricLoadSettings> = {};
  for (const name of metricNames) {
    metricLoads[name] = sanitizeMetricLoad(
      Object.prototype.hasOwnProperty.call(loadsIn, name) ? loadsIn[name] : undefined,
      profiles,
    );
  }
  const initial = o.initialReplicas;
  const options = sanitizeOptions(o.options);
  const assumeRequests = sanitizeAssumeRequests(o.assumeRequests);
  return {
    ...(options ? { options } : {}),
    ...(assumeRequests ? { assumeRequests } : {}),
    metricLoads,
    durationSeconds: Math.round(
      clamp(o.durationSeconds, LIMITS.durationSeconds, DEFAULT_SETTINGS.durationSeconds),
    ),
    initialReplicas:
      initial === null || initial === undefined
        ? null
        : Math.round(clamp(initial, LIMITS.initialReplicas, 1)),
    syncPeriodSeconds: Math.round(
      clamp(o.syncPeriodSeconds, LIMITS.syncPeriodSeconds, DEFAULT_SETTINGS.syncPeriodSeconds),
    ),
    podStartupSeconds: Math.round(
      clamp(o.podStartupSeconds, LIMITS.podStartupSeconds, DEFAULT_SETTINGS.podStartupSeconds),
    ),
  };
}

/** The protocol's flat settings (one profile for all metrics) as panel settings. */
export function fromPreviewSettings(
  p: Partial<PreviewSettings>,
  metricNames: string[],
): Record<string, unknown> {
  const load: Record<string, unknown> = { profile: p.profile, peak: p.peak, noise: p.noise };
  return {
    metricLoads: Object.fromEntries(metricNames.map((m) => [m, load])),
    durationSeconds: p.durationSeconds,
    initialReplicas: p.initialReplicas,
    syncPeriodSeconds: p.syncPeriodSeconds,
    podStartupSeconds: p.podStartupSeconds,
    options: p.options,
  };
}
