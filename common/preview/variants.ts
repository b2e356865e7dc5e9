/**
 * The three runs the preview overlays: the HPA as written, the same HPA with Kubernetes' default
 * behavior (`behavior: {}`), and the bare formula. Only the spec and the mode differ between them, so
 * the comparison isolates what the manifest's behavior does.
 */
import type { HPASpec } from '../engine/types';
import type { SimulationInput, SimulationResult } from '../engine/simulationTypes';
import type { RunSeries } from './series';
import type { VariantSummary } from './summary';

/**
 * `suggested` is the preview's fourth line: a tuner candidate overlaid on the charts. It is drawn
 * only, never simulated by runPreview, so VARIANT_KEYS (the runs, the decision log's choices) leaves it out.
 */
export type SimulatedVariantKey = 'this' | 'defaults' | 'formula';
export type VariantKey = SimulatedVariantKey | 'suggested';
export const VARIANT_KEYS: readonly SimulatedVariantKey[] = ['this', 'defaults', 'formula'];

export interface VariantRun {
  key: VariantKey;
  /** True when the HPA has no behavior, so "this" runs the legacy path; the legend says so. */
  legacy: boolean;
  /**
   * The syncs. A suggestion's overlay carries none (`steps` is empty): it is drawn from `series`
   * only, and its figures are the tuner's.
   */
  result: SimulationResult;
  /** The run as the charts read it, when made where the run was simulated (series.ts). */
  series?: RunSeries;
  /** The summary's numbers, when computed where the run was simulated (the worker). */
  summary?: VariantSummary;
}

/** The inputs of the three variants from one base input (the HPA as written, mode 'controller'). */
export function variantInputs(base: SimulationInput): Record<SimulatedVariantKey, SimulationInput> {
  const withDefaults: HPASpec = { ...base.spec, behavior: {} };
  return {
    this: { ...base, mode: 'controller' },
    defaults: { ...base, spec: withDefaults, mode: 'controller' },
    formula: { ...base, mode: 'formula' },
  };
}

export function hasBehavior(spec: HPASpec): boolean {
  return spec.behavior !== undefined && spec.behavior !== null;
}
