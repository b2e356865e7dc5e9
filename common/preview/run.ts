/**
 * From a preview model and the panel settings to the three simulated variants. This is the glue
 * between the panel and the engine: it picks each metric's load (a generated profile or the loaded
 * CSV), sizes the profiles so that 1× means "the starting replicas exactly at target", and runs
 * `simulate` once per variant. Bad input becomes an `error` string, never an exception.
 */
import { effectiveMetrics, effectiveMinReplicas, resolveBehavior, resolveOptions } from '../engine/defaults';
import { LOAD_PROFILES, makeProfileLoad } from '../engine/loadProfiles';
import { metricDisplayName } from '../engine/metricEvaluation';
import { parseQuantity } from '../engine/quantity';
import type { LoadSeries, SimulationInput } from '../engine/simulationTypes';
import { simulate } from '../engine/simulator';
import { resolveTolerances } from '../engine/tolerance';
import type { HPASpec, MetricSpec, MetricTarget } from '../engine/types';
import type { PreviewModel } from '../protocol';
import type { FixedLoad, PanelSettings } from './settings';
import { hasBehavior, VARIANT_KEYS, variantInputs, type VariantRun } from './variants';

export const PROFILE_NAMES: readonly string[] = LOAD_PROFILES.map((p) => p.name);

export interface PreviewRun {
  runs: VariantRun[];
  metricNames: string[];
  minReplicas: number;
  maxReplicas: number;
  tolerance: { down: number; up: number };
  durationSeconds: number;
  /** The replicas the runs started from (the setting, else the target's replicas, else minReplicas). */
  initialReplicas: number;
  /** Why there are no runs (or fewer), in the engine's words. */
  error?: string;
}

/** The metrics' names as the engine keys loads and samples (defaulted metrics included). */
export function previewMetricNames(spec: HPASpec): string[] {
  try {
    const names = effectiveMetrics(spec).map(metricDisplayName);
    return names.filter((n, i) => names.indexOf(n) === i);
  } catch {
    return [];
  }
}

function targetOf(m: MetricSpec): MetricTarget | undefined {
  switch (m.type) {
    case 'Resource':
      return m.resource?.target;
    case 'ContainerResource':
      return m.containerResource?.target;
    case 'Pods':
      return m.pods?.target;
    case 'Object':
      return m.object?.target;
    case 'External':
      return m.external?.target;
    default:
      return undefined;
  }
}

function milli(q: unknown): number {
  if (typeof q !== 'string' && typeof q !== 'number') return 0;
  try {
    return parseQuantity(q);
  } catch {
    return 0;
  }
}

/**
 * The total demand (milli) that puts `replicas` Pods exactly at the metric's target: what a
 * profile's 1× means. Object/External Value targets are one number for the whole workload.
 */
export function targetTotal(
  m: MetricSpec,
  replicas: number,
  model: Pick<PreviewModel, 'podRequests' | 'containerRequests'>,
): number {
  const target = targetOf(m);
  if (!target) return 0;
  const pods = Math.max(1, replicas);
  if (
    target.type === 'Utilization' ||
    (target.averageUtilization !== undefined && target.averageValue === undefined)
  ) {
    const percent = target.averageUtilization ?? 0;
    let request = 0;
    if (m.type === 'Resource') request = model.podRequests[m.resource.name] ?? 0;
    if (m.type === 'ContainerResource') {
      request = model.containerRequests[m.containerResource.container]?.[m.containerResource.name] ?? 0;
    }
    return Math.round((pods * request * percent) / 100);
  }
  if (target.type === 'AverageValue' || (target.averageValue !== undefined && target.value === undefined)) {
    return pods * milli(target.averageValue);
  }
  return milli(target.value);
}

function initialReplicasOf(model: PreviewModel, settings: PanelSettings): number {
  if (settings.initialReplicas !== null) return settings.initialReplicas;
  const fromTarget = model.target?.replicas;
  if (typeof fromTarget === 'number' && Number.isFinite(fromTarget) && fromTarget >= 0)
    return Math.floor(fromTarget);
  return effectiveMinReplicas(model.spec);
}

/** Each metric's load: the fixed series where the user chose it, else the metric's profile. */
export function buildLoads(
  model: PreviewModel,
  settings: PanelSettings,
  fixed: FixedLoad | null,
  initial: number,
): LoadSeries[] {
  const loads: LoadSeries[] = [];
  effectiveMetrics(model.spec).forEach((m, index) => {
    const name = metricDisplayName(m);
    if (loads.some((l) => l.metric === name)) return;
    const choice = settings.metricLoads[name];
    const fixedSeries = fixed?.loads.find((l) => l.metric === name);
    if (choice?.profile === 'csv' && fixedSeries) {
      loads.push(fixedSeries);
      return;
    }
    const profile = choice && choice.profile !== 'csv' ? choice.profile : 'normal';
    loads.push(
      makeProfileLoad(profile, {
        metric: name,
        targetTotal: targetTotal(m, initial, model),
        peak: choice?.peak,
        noise: choice?.noise,
        durationSeconds: settings.durationSeconds,
        stepSeconds: settings.syncPeriodSeconds,
        // A different seed per metric: two metrics should not jitter in lockstep.
        seed: index + 1,
      }),
    );
  });
  return loads;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function runPreview(
  model: PreviewModel,
  settings: PanelSettings,
  fixed: FixedLoad | null,
): PreviewRun {
  const metricNames = previewMetricNames(model.spec);
  const initialReplicas = initialReplicasOf(model, settings);
  const options = { ...settings.options, syncPeriodSeconds: settings.syncPeriodSeconds };
  const out: PreviewRun = {
    runs: [],
    metricNames,
    minReplicas: effectiveMinReplicas(model.spec),
    maxReplicas: model.spec.maxReplicas,
    tolerance: { down: 0.1, up: 0.1 },
    durationSeconds: settings.durationSeconds,
    initialReplicas,
  };
  try {
    const tolerances = resolveTolerances(resolveBehavior(model.spec.behavior), resolveOptions(options));
    out.tolerance = { down: tolerances.scaleDown, up: tolerances.scaleUp };
    const base: SimulationInput = {
      spec: model.spec,
      podRequests: model.podRequests,
      containerRequests: model.containerRequests,
      initialReplicas,
      durationSeconds: settings.durationSeconds,
      loads: buildLoads(model, settings, fixed, initialReplicas),
      podStartupSeconds: settings.podStartupSeconds,
      mode: 'controller',
      options,
    };
    const inputs = variantInputs(base);
    const legacy = !hasBehavior(model.spec);
    for (const key of VARIANT_KEYS) out.runs.push({ key, legacy, result: simulate(inputs[key]) });
  } catch (err) {
    out.runs = [];
    out.error = message(err);
  }
  return out;
}
