/**
 * Runs the tuner's search on the page's main thread without blocking it: `runSliced` works for a
 * slice of at most SLICE_MS, then yields one MessageChannel tick, so input, repaints and the
 * Cancel button are served between slices. Progress is reported once per slice (a repaint per
 * evaluation would cost more than the evaluation).
 */
import { runSliced, type TuneRequest, type TuneResult } from '../../common/tune';

/** Work between two yields: short enough that a click is answered within a frame or two. */
export const SLICE_MS = 30;

export interface SuggestCallbacks {
  progress(evaluated: number, budget: number): void;
  /** True once the user cancelled (or started another search, or closed the part). */
  cancelled(): boolean;
}

/** One macrotask later: lets the page handle input and paint. */
function nextTick(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** The result, or null when cancelled. Throws what the search throws (bad goals or loads). */
export async function runSuggestSearch(
  request: TuneRequest,
  callbacks: SuggestCallbacks,
): Promise<TuneResult | null> {
  let last = { evaluated: 0, budget: 0 };
  // Yield once before the first slice so the "searching" state is painted first.
  await nextTick();
  if (callbacks.cancelled()) return null;
  return runSliced(request, {
    sliceMs: SLICE_MS,
    now: () => performance.now(),
    pause: async () => {
      callbacks.progress(last.evaluated, last.budget);
      await nextTick();
    },
    onProgress: (p) => {
      last = { evaluated: p.evaluated, budget: p.budget };
    },
    isCancelled: () => callbacks.cancelled(),
  });
}
