/**
 * The loads the panel's "Suggest behavior…" tunes over, built exactly as the panel simulates (same
 * inputs as runPreview's "this" variant): the load the panel shows now, then the standard night,
 * normal and burst profiles with the panel's peak and noise, so one block is tuned for the quiet
 * night and the burst alike. With a CSV (or replayed) load present, that load stands for the real
 * traffic and the synthetic ones are left out.
 */
import { buildSimulationInput } from '../engine/simulationInput';
import type { TuneLoad } from '../tune/search';
import type { PreviewModel } from '../protocol';
import { buildLoads, requestAssumptionOf } from './run';
import type { FixedLoad, PanelSettings } from './settings';

export const STANDARD_TUNE_PROFILES = ['night', 'normal', 'burst'] as const;

/** The settings with every metric on `profile` (peak and noise kept). */
function onProfile(settings: PanelSettings, profile: string): PanelSettings {
  const metricLoads: PanelSettings['metricLoads'] = {};
  for (const [metric, load] of Object.entries(settings.metricLoads))
    metricLoads[metric] = { ...load, profile };
  return { ...settings, metricLoads };
}

/** The profile every metric uses, or null when they differ or one is a CSV. */
function sharedProfile(settings: PanelSettings): string | null {
  const profiles = new Set(Object.values(settings.metricLoads).map((l) => l.profile));
  const [only] = profiles;
  return profiles.size === 1 && only !== undefined && only !== 'csv' ? only : null;
}

function inputFor(model: PreviewModel, settings: PanelSettings, fixed: FixedLoad | null) {
  const fromTarget = model.target?.replicas;
  const initialReplicas =
    settings.initialReplicas ??
    (typeof fromTarget === 'number' && Number.isFinite(fromTarget) && fromTarget >= 0
      ? Math.floor(fromTarget)
      : undefined);
  const input = buildSimulationInput(model.spec, model.podRequests, {
    containerRequests: model.containerRequests,
    assumeRequests: requestAssumptionOf(model, settings).assumeRequests,
    initialReplicas,
    durationSeconds: settings.durationSeconds,
    podStartupSeconds: settings.podStartupSeconds,
    options: {
      ...model.cluster?.options,
      ...settings.options,
      syncPeriodSeconds: settings.syncPeriodSeconds,
    },
    name: model.name,
    loads: [],
  });
  input.loads = buildLoads(input, settings, fixed);
  return { ...input, mode: 'controller' as const };
}

/** One load of the search: its name and the panel inputs that show it (settings, and the CSV if used). */
interface PlannedLoad {
  name: string;
  settings: PanelSettings;
  fixed: FixedLoad | null;
}

function usesFixed(settings: PanelSettings, fixed: FixedLoad | null): fixed is FixedLoad {
  return fixed !== null && Object.values(settings.metricLoads).some((l) => l.profile === 'csv');
}

/** The loads in order, as panel inputs: the one shown now first, then the standard profiles. */
function plannedLoads(settings: PanelSettings, fixed: FixedLoad | null): PlannedLoad[] {
  const usesCsv = usesFixed(settings, fixed);
  const current = sharedProfile(settings);
  const loads: PlannedLoad[] = [
    { name: usesCsv ? fixed.name : (current ?? 'current'), settings, fixed: usesCsv ? fixed : null },
  ];
  if (usesCsv) return loads;
  for (const profile of STANDARD_TUNE_PROFILES) {
    if (profile === current) continue;
    loads.push({ name: profile, settings: onProfile(settings, profile), fixed: null });
  }
  return loads;
}

/**
 * The loads, named as the panel names them: the current one by its profile (or `current` when the
 * metrics differ), a CSV by its file name.
 */
export function suggestLoads(
  model: PreviewModel,
  settings: PanelSettings,
  fixed: FixedLoad | null,
): TuneLoad[] {
  return plannedLoads(settings, fixed).map((load) => ({
    name: load.name,
    input: inputFor(model, load.settings, load.fixed),
  }));
}

/**
 * What the "this" run's input is made of, but its behavior: equal keys mean the panel simulates the
 * same load on the same HPA, so a suggestion's run on one stands for the other. Settings are written
 * field by field (metrics sorted) so the order they were built in does not matter.
 */
export function loadKey(model: PreviewModel, settings: PanelSettings, fixed: FixedLoad | null): string {
  const spec = { ...model.spec, behavior: undefined };
  const metricLoads = Object.keys(settings.metricLoads)
    .sort()
    .map((metric) => {
      const load = settings.metricLoads[metric]!;
      return [metric, load.profile, load.peak, load.noise];
    });
  const csv = usesFixed(settings, fixed) ? [fixed.name, fixed.loads.length] : null;
  return JSON.stringify([
    spec,
    model.podRequests,
    model.containerRequests,
    model.target?.replicas,
    metricLoads,
    settings.durationSeconds,
    settings.initialReplicas,
    settings.syncPeriodSeconds,
    settings.podStartupSeconds,
    settings.options ?? null,
    model.cluster?.options ?? null,
    csv,
  ]);
}

/** A load the search tuned over, and the panel inputs that show it. */
export interface TunedLoad {
  name: string;
  /** `loadKey` of those inputs: the panel shows this load when its own inputs have the same key. */
  key: string;
  settings: PanelSettings;
}

/** The panel inputs that show each load of `suggestLoads` (same order), with each one's `loadKey`. */
export function suggestLoadViews(
  model: PreviewModel,
  settings: PanelSettings,
  fixed: FixedLoad | null,
): TunedLoad[] {
  return plannedLoads(settings, fixed).map((load) => ({
    name: load.name,
    key: loadKey(model, load.settings, load.fixed),
    settings: load.settings,
  }));
}
