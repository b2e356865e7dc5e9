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
import { buildLoads } from './run';
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
    initialReplicas,
    durationSeconds: settings.durationSeconds,
    podStartupSeconds: settings.podStartupSeconds,
    options: { ...settings.options, syncPeriodSeconds: settings.syncPeriodSeconds },
    name: model.name,
    loads: [],
  });
  input.loads = buildLoads(input, settings, fixed);
  return { ...input, mode: 'controller' as const };
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
  const usesCsv = fixed !== null && Object.values(settings.metricLoads).some((l) => l.profile === 'csv');
  const current = sharedProfile(settings);
  const loads: TuneLoad[] = [
    { name: usesCsv && fixed ? fixed.name : (current ?? 'current'), input: inputFor(model, settings, fixed) },
  ];
  if (usesCsv) return loads;
  for (const profile of STANDARD_TUNE_PROFILES) {
    if (profile === current) continue;
    loads.push({ name: profile, input: inputFor(model, onProfile(settings, profile), null) });
  }
  return loads;
}
