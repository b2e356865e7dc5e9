/**
 * Runs the search in slices so its host stays responsive: a webview worker or the language server
 * hands in its own clock and its own way to yield (setImmediate, a MessageChannel tick), and may
 * cancel between two evaluations. common/ has no timers, so both come from the host.
 */
import { tuneSearch, type TuneProgress, type TuneRequest, type TuneResult } from './search';

export interface SlicedRunOptions {
  /** Longest stretch of work between two yields to the host, in ms (one evaluation may exceed it). */
  sliceMs: number;
  now: () => number;
  /** Lets the host do its own work (messages, input) before the next slice. */
  pause: () => Promise<void>;
  onProgress?: (progress: TuneProgress) => void;
  /** Checked between evaluations; true stops the search. */
  isCancelled?: () => boolean;
}

/** The search's result, or null when it was cancelled. */
export async function runSliced(request: TuneRequest, options: SlicedRunOptions): Promise<TuneResult | null> {
  const search = tuneSearch(request);
  let sliceStart = options.now();
  for (;;) {
    if (options.isCancelled?.()) {
      search.return(undefined as never);
      return null;
    }
    const step = search.next();
    if (step.done) return step.value;
    options.onProgress?.(step.value);
    if (options.now() - sliceStart >= options.sliceMs) {
      await options.pause();
      sliceStart = options.now();
    }
  }
}
