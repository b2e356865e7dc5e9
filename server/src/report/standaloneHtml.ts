import type { SimulationResult } from '../../../common/engine';

/**
 * Renders a simulation as one self-contained HTML page (all scripts and styles inline, nothing from
 * the network) for `hpa-lint simulate --format html`. Placeholder until the preview issue lands.
 */
export function renderStandaloneReport(result: SimulationResult): string {
  return `<!doctype html><meta charset="utf-8"><title>HPA ${result.hpa}</title>`;
}
