/**
 * Where the tuner's search for "Suggest behavior…" runs. In VS Code (the page names its worker
 * script) it runs in a Web Worker of its own, so no step of it (one block simulated on every load,
 * many frames long for a day of 15 s syncs: docs/measurements.md) ever blocks the panel; cancelling terminates that worker.
 * Without a worker (the standalone HTML report) it runs on the page in slices: `runSliced` works
 * for at most SLICE_MS, then yields one MessageChannel tick, so input, repaints and the Cancel
 * button are served between slices (one step may still exceed the slice).
 */
import { runSliced, TuneInputError, type TuneRequest, type TuneResult } from '../../common/tune';
import { candidateRun, candidateRunOrder, type CandidateRun } from './candidateRuns';
import type { TuneWorkerReply, TuneWorkerRequest } from './tuneMessages';

/** Work between two yields: short enough that a click is answered within a frame or two. */
export const SLICE_MS = 30;

/**
 * The worker reports every block (often more than once a frame); the panel repaints its bar at most this
 * often, since each repaint is a task on the main thread that the search should not multiply.
 */
export const PROGRESS_REPAINT_MS = 150;

export interface SuggestCallbacks {
  progress(evaluated: number, budget: number): void;
  /** After the result: one candidate's run on one load, for the charts (candidateRuns.ts). */
  run(run: CandidateRun): void;
}

/** A search started: its result (null when cancelled), and how to stop it. */
export interface SuggestSearch {
  /** The result, or null when cancelled. Rejects with what the search throws (bad goals or loads). */
  readonly result: Promise<TuneResult | null>;
  /**
   * Stops the search (`result` then resolves to null) or, after the result, the making of the
   * candidates' runs. Calling it after both are done does nothing.
   */
  cancel(): void;
}

export interface SuggestRunner {
  /** 'worker' or 'page': where the search runs (shown on the page for the tests and bug reports). */
  readonly where: 'worker' | 'page';
  start(request: TuneRequest, callbacks: SuggestCallbacks): SuggestSearch;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
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

/** The search on the page's main thread, in slices; progress once per slice (a repaint costs). */
export class PageSuggestRunner implements SuggestRunner {
  readonly where = 'page';

  start(request: TuneRequest, callbacks: SuggestCallbacks): SuggestSearch {
    let cancelled = false;
    const run = async (): Promise<TuneResult | null> => {
      let last = { evaluated: 0, budget: 0 };
      // Yield once before the first slice so the "searching" state is painted first.
      await nextTick();
      if (cancelled) return null;
      const result = await runSliced(request, {
        sliceMs: SLICE_MS,
        now: () => performance.now(),
        pause: async () => {
          if (!cancelled) callbacks.progress(last.evaluated, last.budget);
          await nextTick();
        },
        onProgress: (p) => {
          last = { evaluated: p.evaluated, budget: p.budget };
        },
        isCancelled: () => cancelled,
      });
      if (result) void candidateRunsInTicks(result);
      return result;
    };
    // The candidates' runs after the result, one simulation per task, so the page stays responsive.
    const candidateRunsInTicks = async (result: TuneResult) => {
      for (const [candidate, load] of candidateRunOrder(result, request.loads)) {
        await nextTick();
        if (cancelled) return;
        callbacks.run(candidateRun(result, request.loads, candidate, load));
      }
    };
    return {
      result: run(),
      cancel: () => {
        cancelled = true;
      },
    };
  }
}

/** Passes on the latest progress at most once per interval, the first one at once. */
class ThrottledProgress {
  private lastShown = -Infinity;
  private pending: { evaluated: number; budget: number } | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly callbacks: SuggestCallbacks,
    private readonly intervalMs: number,
  ) {}

  report(evaluated: number, budget: number): void {
    this.pending = { evaluated, budget };
    if (this.timer !== undefined) return;
    const wait = this.lastShown + this.intervalMs - performance.now();
    if (wait <= 0) this.flush();
    else this.timer = setTimeout(() => this.flush(), wait);
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = null;
  }

  private flush(): void {
    this.timer = undefined;
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    this.lastShown = performance.now();
    this.callbacks.progress(p.evaluated, p.budget);
  }
}

/** Where the worker's script comes from: the simulation runner's blob: URL (simulationRunner.ts). */
export interface WorkerScriptSource {
  scriptBlobUrl(): Promise<string>;
}

/**
 * The search in a dedicated worker, one worker per search: cancel (or a new search) terminates it
 * at once, even in the middle of a step, and the simulation worker is never kept waiting.
 */
export class WorkerSuggestRunner implements SuggestRunner {
  readonly where = 'worker';
  private nextId = 0;

  constructor(private readonly script: WorkerScriptSource) {}

  start(request: TuneRequest, callbacks: SuggestCallbacks): SuggestSearch {
    const id = ++this.nextId;
    let worker: Worker | null = null;
    let settled = false;
    /** Candidate runs still to come after the result; the worker is stopped when none are. */
    let runsToCome = 0;
    const stopWorker = () => {
      worker?.terminate();
      worker = null;
    };
    const progress = new ThrottledProgress(callbacks, PROGRESS_REPAINT_MS);
    let settle: (result: TuneResult | null, error?: string | Error) => void = () => undefined;
    const result = new Promise<TuneResult | null>((resolve, reject) => {
      settle = (value, error) => {
        if (settled) return;
        settled = true;
        progress.stop();
        // A result is followed by the candidates' runs: the worker stays until they are in.
        if (value === null || runsToCome === 0) stopWorker();
        if (error === undefined) resolve(value);
        else reject(typeof error === 'string' ? new Error(error) : error);
      };
    });
    /** Ends the search (a failure when `error` is given) and the runs after it, and stops the worker. */
    const stopEverything = (error?: string) => {
      settle(null, error);
      runsToCome = 0;
      stopWorker();
    };
    this.script.scriptBlobUrl().then(
      (url) => {
        if (settled) return;
        try {
          worker = new Worker(url);
        } catch (err) {
          settle(null, `the simulation worker did not start: ${errorText(err)}`);
          return;
        }
        worker.onmessage = (event: MessageEvent<TuneWorkerReply>) => {
          const reply = event.data;
          if (reply.id !== id) return;
          if (reply.kind === 'tuneRun') {
            if (runsToCome <= 0) return;
            callbacks.run(reply.run);
            runsToCome -= 1;
            if (runsToCome === 0) stopWorker();
            return;
          }
          if (settled) {
            // The candidates' runs failed: nothing more comes.
            if (reply.kind === 'tuneFailure') stopEverything();
            return;
          }
          if (reply.kind === 'tuneProgress') progress.report(reply.evaluated, reply.budget);
          else if (reply.kind === 'tuneDone') {
            runsToCome = candidateRunOrder(reply.result, request.loads).length;
            settle(reply.result);
          } else
            settle(
              null,
              // A bad request comes back as the page's own TuneInputError, to be said in the panel's language.
              reply.problem ? new TuneInputError(reply.problem.key, reply.problem.args) : reply.message,
            );
        };
        worker.onerror = (event: ErrorEvent) => {
          event.preventDefault();
          stopEverything(`the simulation worker stopped: ${event.message || 'its script did not load'}`);
        };
        worker.onmessageerror = () =>
          stopEverything('the simulation worker sent a result the page could not read');
        const message: TuneWorkerRequest = { kind: 'tune', id, request };
        try {
          worker.postMessage(message);
        } catch (err) {
          // A request the structured clone cannot copy: say so rather than wait forever.
          settle(null, errorText(err));
        }
      },
      (err: unknown) => settle(null, errorText(err)),
    );
    return { result, cancel: () => stopEverything() };
  }
}
