/**
 * The preview's worker entry (dist/simulationWorker.js). A simulation request runs `runPreview`
 * off the panel's main thread, so a 24 h run with a large maxReplicas never stalls the page; a
 * tune request (tuneMessages.ts) runs the tuner's search, one block evaluated on every load per
 * step, with a progress message after each. The engine turns bad input into `run.error` itself;
 * anything else thrown here becomes a failure reply, so the page always hears back.
 */
import { runPreview } from '../../common/preview/run';
import { seriesBuffers } from '../../common/preview/series';
import { TuneInputError, tuneSearch } from '../../common/tune/search';
import { candidateRun, candidateRunOrder } from './candidateRuns';
import { splitRun } from './runTransfer';
import type { SimulationRequest, WorkerSimulationMessage } from './simulationMessages';
import { isTuneWorkerRequest, type TuneWorkerReply, type TuneWorkerRequest } from './tuneMessages';

/** The part of a dedicated worker's global scope used here (the webview's lib is the DOM's). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<SimulationRequest | TuneWorkerRequest>) => void) | null;
  postMessage(message: WorkerSimulationMessage | TuneWorkerReply, transfer?: Transferable[]): void;
}

const scope = globalThis as unknown as WorkerScope;

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/**
 * The run goes out as a head (series transferred, summaries computed here) and its steps in parts,
 * so the page reads it in several short tasks instead of one long one (runTransfer.ts).
 */
function simulate(request: SimulationRequest): void {
  const started = performance.now();
  let split: ReturnType<typeof splitRun>;
  let computeMs: number;
  try {
    const run = runPreview(request.model, request.settings, request.fixed);
    computeMs = performance.now() - started;
    split = splitRun(run);
  } catch (err) {
    scope.postMessage({ id: request.id, failure: errorText(err) });
    return;
  }
  const { head, parts, transfer } = split;
  scope.postMessage({ id: request.id, run: head, computeMs, ranIn: 'worker', parts: parts.length }, transfer);
  for (const part of parts) scope.postMessage({ id: request.id, part });
}

/**
 * The whole search in one go: the page cancels by terminating this worker, so there is nothing
 * to yield to between steps, and a progress message per block keeps the page's bar moving.
 */
function tune({ id, request }: TuneWorkerRequest): void {
  try {
    const search = tuneSearch(request);
    for (;;) {
      const step = search.next();
      if (step.done) {
        const result = step.value;
        scope.postMessage({ kind: 'tuneDone', id, result });
        // Then what the charts draw for each candidate on each load, so the page never simulates one.
        for (const [candidate, load] of candidateRunOrder(result, request.loads)) {
          const run = candidateRun(result, request.loads, candidate, load);
          scope.postMessage({ kind: 'tuneRun', id, run }, seriesBuffers(run.series));
        }
        return;
      }
      scope.postMessage({
        kind: 'tuneProgress',
        id,
        evaluated: step.value.evaluated,
        budget: step.value.budget,
      });
    }
  } catch (err) {
    scope.postMessage({
      kind: 'tuneFailure',
      id,
      message: errorText(err),
      ...(err instanceof TuneInputError ? { problem: { key: err.problem, args: { ...err.args } } } : {}),
    });
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  if (isTuneWorkerRequest(message)) tune(message);
  else simulate(message);
};
