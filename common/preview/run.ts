/**
 * From a preview model and the panel settings to the three simulated variants. This is the glue
 * between the panel and the engine: it picks each metric's load (a generated profile or the loaded
 * CSV), sizes the profiles so that 1× means "the starting replicas exactly at target", and runs
 * `simulate` once per variant. Bad input becomes an `error` string, never an exception.
 */
import { effectiveMetrics, effectiveMinReplicas, resolveBehavior, resolveOptions } from '../engine/defaults';
import { LOAD_PROFILES, makeProfileLoad } from '../engine/loadProfiles';
import { metricDisplayName } from '../engine/metricEvaluation';
import type { LoadSeries, SimulationInput } from '../engine/simulationTypes';
import {
  assumeRequestsFor,
  buildSimulationInput,
  targetTotalFor,
  type AssumedRequest,
  type RequestAssumption,
} from '../engine/simulationInput';
import { simulate } from '../engine/simulator';
import { resolveTolerances } from '../engine/tolerance';
import type { HPASpec } from '../engine/types';
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
  /** Requests the run assumes: the user's what-if, or stand-ins for a target not in the workspace. */
  assumedRequests: AssumedRequest[];
  /**
   * Utilization metrics the controller cannot compute: the target lacks the request and no what-if
   * was asked (`cpu`, or `container/cpu`). The HPA does not scale on them (FailedGetResourceMetric).
   */
  uncomputable: string[];
  /**
   * Per metric: the load (milli-units) the starting replicas handle exactly at target, the "1×" of
   * the profiles' peak setting. The chart draws each load in these units on its own axis.
   */
  loadUnits: Record<string, number>;
  /** Why there are no runs, in the engine's words. */
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

/** The setting, else the target's replicas; undefined lets the engine pick (minReplicas, at least 1). */
function initialReplicasOf(model: PreviewModel, settings: PanelSettings): number | undefined {
  if (settings.initialReplicas !== null) return settings.initialReplicas;
  const fromTarget = model.target?.replicas;
  if (typeof fromTarget === 'number' && Number.isFinite(fromTarget) && fromTarget >= 0)
    return Math.floor(fromTarget);
  return undefined;
}

/**
 * Each metric's load: the fixed series where the user chose it, else the metric's own profile,
 * sized with the engine's `targetTotalFor` on the requests the engine will simulate with (the
 * assumed ones included), so 1× means "the starting replicas exactly at target" as in the CLI.
 */
export function buildLoads(
  input: SimulationInput,
  settings: PanelSettings,
  fixed: FixedLoad | null,
): LoadSeries[] {
  const loads: LoadSeries[] = [];
  effectiveMetrics(input.spec).forEach((m, index) => {
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
        targetTotal: targetTotalFor(m, input.initialReplicas, input.podRequests, input.containerRequests),
        peak: choice?.peak,
        noise: choice?.noise,
        durationSeconds: settings.durationSeconds,
        stepSeconds: settings.syncPeriodSeconds,
        // The engine's seeding (1 + index): the same profile gives the CLI's series.
        seed: index + 1,
      }),
    );
  });
  return loads;
}

/** What a panel run assumes about missing requests: the model's target and the what-if setting. */
export function requestAssumptionOf(model: PreviewModel, settings: PanelSettings): RequestAssumption {
  return assumeRequestsFor(
    model.spec,
    model.podRequests,
    model.containerRequests,
    model.target !== null,
    settings.assumeRequests,
  );
}

/** Each metric's "1×": what the starting replicas handle at target (0 when the target is unreadable). */
export function loadUnitsOf(input: SimulationInput): Record<string, number> {
  const units: Record<string, number> = {};
  for (const m of effectiveMetrics(input.spec)) {
    const name = metricDisplayName(m);
    if (name in units) continue;
    units[name] = targetTotalFor(m, input.initialReplicas, input.podRequests, input.containerRequests);
  }
  return units;
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
  const minReplicas = effectiveMinReplicas(model.spec);
  // The release's options first (scale to zero, tolerance), then the panel's own controller flags.
  const options = {
    ...model.cluster?.options,
    ...settings.options,
    syncPeriodSeconds: settings.syncPeriodSeconds,
  };
  const out: PreviewRun = {
    runs: [],
    metricNames,
    minReplicas,
    maxReplicas: model.spec.maxReplicas,
    tolerance: { down: 0.1, up: 0.1 },
    durationSeconds: settings.durationSeconds,
    initialReplicas:
      initialReplicas ?? Math.min(Math.max(1, minReplicas), Math.max(1, model.spec.maxReplicas)),
    assumedRequests: [],
    uncomputable: [],
    loadUnits: {},
  };
  try {
    const tolerances = resolveTolerances(resolveBehavior(model.spec.behavior), resolveOptions(options));
    out.tolerance = { down: tolerances.scaleDown, up: tolerances.scaleUp };
    const assumption = requestAssumptionOf(model, settings);
    out.assumedRequests = assumption.assumed;
    out.uncomputable = assumption.uncomputable;
    // The engine fills in the assumed requests only; the loads are then sized on exactly those.
    const base = buildSimulationInput(model.spec, model.podRequests, {
      containerRequests: model.containerRequests,
      assumeRequests: assumption.assumeRequests,
      initialReplicas,
      durationSeconds: settings.durationSeconds,
      podStartupSeconds: settings.podStartupSeconds,
      options,
      name: model.name,
      loads: [],
    });
    base.loads = buildLoads(base, settings, fixed);
    out.initialReplicas = base.initialReplicas;
    out.loadUnits = loadUnitsOf(base);
    const inputs = variantInputs(base);
    const legacy = !hasBehavior(model.spec);
    for (const key of VARIANT_KEYS) out.runs.push({ key, legacy, result: simulate(inputs[key]) });
  } catch (err) {
    out.runs = [];
    out.error = message(err);
  }
  return out;
}
