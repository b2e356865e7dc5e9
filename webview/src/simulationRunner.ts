/**
 * Where the panel's simulations run. In VS Code the page names the worker script (dist/
 * simulationWorker.js, by the webview's asWebviewUri) and long runs happen in a Web Worker, off the
 * main thread (SplitRunner). Without one (the standalone HTML report, or a browser without
 * workers) they run in the page itself, as before.
 */
import { runPreview } from '../../common/preview/run';
import { RunAssembler } from './runTransfer';
import type { SimulationReply, SimulationRequest, WorkerSimulationMessage } from './simulationMessages';

export interface SimulationRunner {
  /** 'worker' or 'page': where the engine runs (shown on the page for the tests and bug reports). */
  readonly where: 'worker' | 'page';
  /**
   * Starts a run. `done` gets its reply, possibly before `start` returns. Starting another run
   * may abandon this one: its `done` is then never called (its inputs are out of date anyway).
   */
  start(request: SimulationRequest, done: (reply: SimulationReply) => void): void;
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** The engine on the page's own thread: a long run blocks the page until it is done. */
export class PageRunner implements SimulationRunner {
  readonly where = 'page';

  start(request: SimulationRequest, done: (reply: SimulationReply) => void): void {
    const started = performance.now();
    let reply: SimulationReply;
    try {
      const run = runPreview(request.model, request.settings, request.fixed);
      // No series or summaries attached: the chart and the summary make them from the steps on first use.
      reply = { id: request.id, run, computeMs: performance.now() - started, ranIn: 'page' };
    } catch (err) {
      reply = { id: request.id, failure: errorText(err) };
    }
    done(reply);
  }
}

/**
 * The engine in a dedicated Web Worker. The script is fetched and started from a blob: URL because
 * `new Worker(url)` accepts only a script of the page's own origin, and a webview's resources
 * (https://file+.vscode-resource.vscode-cdn.net/…) are not of its origin (vscode-webview://… on the
 * desktop, the workbench's host in code-server); a fetch of them is answered by the webview's own
 * service worker like every other resource, and a blob: URL belongs to the page that made it.
 * One run at a time: a new request while one is in flight stops that worker (its answer would be
 * dropped anyway) and starts a fresh one, so stale work never delays the current inputs.
 */
export class WorkerRunner implements SimulationRunner {
  readonly where = 'worker';
  private blobUrl: Promise<string> | null = null;
  private worker: Worker | null = null;
  private inFlight: { id: number; done: (reply: SimulationReply) => void } | null = null;
  /** The reply in flight whose head is in and whose steps are still arriving. */
  private assembling: { reply: SimulationReply; parts: RunAssembler } | null = null;

  constructor(private readonly scriptUrl: string) {}

  start(request: SimulationRequest, done: (reply: SimulationReply) => void): void {
    if (this.inFlight) this.stopWorker();
    this.inFlight = { id: request.id, done };
    this.scriptBlobUrl().then(
      (url) => {
        if (this.inFlight?.id !== request.id) return;
        try {
          (this.worker ?? this.spawn(url)).postMessage(request);
        } catch (err) {
          this.fail(`the simulation worker did not start: ${errorText(err)}`);
        }
      },
      (err: unknown) => {
        if (this.inFlight?.id === request.id) this.fail(errorText(err));
      },
    );
  }

  /** The worker script as a blob: URL, fetched once; also starts the search's worker (suggestRunner.ts). */
  scriptBlobUrl(): Promise<string> {
    this.blobUrl ??= fetch(this.scriptUrl).then(async (response) => {
      if (!response.ok) {
        throw new Error(`the simulation worker could not be loaded (${response.status} ${this.scriptUrl})`);
      }
      const text = await response.text();
      return URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
    });
    // A failed download is tried again by the next run or search.
    const loading = this.blobUrl;
    loading.catch(() => {
      if (this.blobUrl === loading) this.blobUrl = null;
    });
    return loading;
  }

  private spawn(url: string): Worker {
    const worker = new Worker(url);
    worker.onmessage = (event: MessageEvent<WorkerSimulationMessage>) => {
      const message = event.data;
      const pending = this.inFlight;
      if (!pending || pending.id !== message.id) return;
      if ('part' in message) {
        // One part of the steps: a short task; the run is handed on when the last is in.
        if (!this.assembling?.parts.add(message.part)) return;
        this.finish(pending, this.assembling.reply);
        return;
      }
      const { parts, ...reply } = message;
      if ('run' in reply && parts) {
        this.assembling = { reply, parts: new RunAssembler(reply.run, parts) };
        return;
      }
      this.finish(pending, reply);
    };
    worker.onerror = (event: ErrorEvent) => {
      // An uncaught error or a script that would not load: say so instead of waiting forever.
      event.preventDefault();
      this.stopWorker();
      this.fail(`the simulation worker stopped: ${event.message || 'its script did not load'}`);
    };
    worker.onmessageerror = () => {
      this.stopWorker();
      this.fail('the simulation worker sent a result the page could not read');
    };
    this.worker = worker;
    return worker;
  }

  private finish(pending: { done: (reply: SimulationReply) => void }, reply: SimulationReply): void {
    this.inFlight = null;
    this.assembling = null;
    pending.done(reply);
  }

  /** Forgets the run in flight, if any, and stops its worker: its inputs are out of date. */
  cancel(): void {
    if (!this.inFlight) return;
    this.inFlight = null;
    this.stopWorker();
  }

  private fail(failure: string): void {
    const pending = this.inFlight;
    if (!pending) return;
    this.inFlight = null;
    this.stopWorker();
    pending.done({ id: pending.id, failure });
  }

  private stopWorker(): void {
    this.assembling = null;
    this.worker?.terminate();
    this.worker = null;
  }
}

/**
 * Runs at most this many syncs × maxReplicas stay on the page. The engine's time grows with both
 * (a 24 h run at up to 1000 replicas takes it far longer than a frame: docs/measurements.md). 1 h
 * at the default 15 s sync and maxReplicas ≤ 833 stays here.
 */
export const PAGE_RUN_LIMIT = 200_000;

/**
 * Runs of more syncs than this go to the worker whatever their replicas: the three variants of a
 * 24 h run take the engine longer than a frame even at a handful of replicas, which on the page
 * would be one task with the drawing after it. Handing a run back from the worker costs the page
 * only short tasks (runTransfer.ts: one short message at a time instead of one long clone), so
 * only runs too short to matter stay here: 6 h at the default 15 s sync.
 */
export const PAGE_SYNC_LIMIT = 1_440;

/** How many syncs a run simulates. */
function syncCount(request: SimulationRequest): number {
  return request.settings.durationSeconds / Math.max(1, request.settings.syncPeriodSeconds);
}

/** The upper bound of a run's work the engine's time follows: syncs × maxReplicas. */
export function runWork(request: SimulationRequest): number {
  return syncCount(request) * Math.max(1, request.model.spec.maxReplicas);
}

/** Whether a run goes to the worker: too many syncs, or too much work for its syncs. */
export function runsInWorker(request: SimulationRequest): boolean {
  return syncCount(request) > PAGE_SYNC_LIMIT || runWork(request) > PAGE_RUN_LIMIT;
}

/** Short runs on the page (no round trip), long ones in the worker (the page keeps answering). */
export class SplitRunner implements SimulationRunner {
  readonly where = 'worker';

  constructor(
    private readonly worker: WorkerRunner,
    private readonly page: PageRunner = new PageRunner(),
  ) {}

  start(request: SimulationRequest, done: (reply: SimulationReply) => void): void {
    if (runsInWorker(request)) {
      this.worker.start(request, done);
      return;
    }
    this.worker.cancel();
    this.page.start(request, done);
  }
}
