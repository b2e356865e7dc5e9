/**
 * The simulation worker's entry (dist/simulationWorker.js): runs `runPreview` for each request off
 * the panel's main thread, so a 24 h run with a large maxReplicas never stalls the page. The engine
 * turns bad input into `run.error` itself; anything else thrown here becomes a `failure` reply, so
 * the page always hears back about every request.
 */
import { runPreview } from '../../common/preview/run';
import type { SimulationReply, SimulationRequest } from './simulationMessages';

/** The part of a dedicated worker's global scope used here (the webview's lib is the DOM's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SimulationRequest>) => void) | null;
  postMessage(message: SimulationReply): void;
}

const scope = globalThis as unknown as WorkerScope;

scope.onmessage = (event) => {
  const request = event.data;
  const started = performance.now();
  let reply: SimulationReply;
  try {
    const run = runPreview(request.model, request.settings, request.fixed);
    reply = { id: request.id, run, computeMs: performance.now() - started, ranIn: 'worker' };
  } catch (err) {
    reply = { id: request.id, failure: err instanceof Error ? err.message : String(err) };
  }
  scope.postMessage(reply);
};
