/**
 * What the page and the simulation worker (simulationWorker.ts) say to each other. Every request
 * carries a run id; a reply names the id it answers, so the page can drop the answer to inputs that
 * have changed since (runCache.ts).
 */
import type { PreviewRun } from '../../common/preview/run';
import type { FixedLoad, PanelSettings } from '../../common/preview/settings';
import type { PreviewModel } from '../../common/protocol';
import type { StepsPart } from './runTransfer';

export interface SimulationRequest {
  id: number;
  model: PreviewModel;
  settings: PanelSettings;
  fixed: FixedLoad | null;
}

/** `run` when the engine answered (its own errors are inside it), `failure` when nothing could run. */
export type SimulationReply =
  | { id: number; run: PreviewRun; computeMs: number; ranIn: 'worker' | 'page' }
  | { id: number; failure: string };

/**
 * What the worker posts: a reply whose run comes without its steps (`parts` says how many part
 * messages carry them, runTransfer.ts), then those parts.
 */
export type WorkerSimulationMessage =
  (SimulationReply & { parts?: number }) | { id: number; part: StepsPart };
