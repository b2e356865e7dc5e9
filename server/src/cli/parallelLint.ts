/**
 * `hpa-lint` over many files in batches, on the idle cores. The files are cut into contiguous batches
 * that the threads take one after another: this thread and a worker thread (lintWorker.ts) per further
 * core (threadsFor below),
 * each linting a batch against an index of that batch alone and reporting its files' relation keys
 * (lintBatch.ts). A file whose objects relate (fileGroups.ts) only to objects of its own batch has
 * its final findings then, since the batch's index answers every lookup its rules make as the whole
 * workspace's would. The few groups that span batches are linted once more, each against an index
 * of the whole group, and those findings replace the first ones. So each file is parsed and linted
 * once in the usual case (related files sit side by side), memory follows a batch rather than the
 * repository, and the findings are those of the one-thread run (a test compares them).
 *
 * Why this thread lints too: a worker is a second V8 isolate that loads the bundle and warms its own
 * JIT before its first batch. Had this thread only handed out batches, a two-core run would have
 * paid that start-up on the critical path and left a core's worth of waiting; now the worker starts
 * early (while files are still being read: readInputs.ts) and this thread lints from the start. In
 * a timeline of a 300-file run the worker took its first batch while this thread was on its first.
 *
 * Heap: the CLI is a plain `node` process, without the language server's V8 heap flags
 * (common/serverNodeFlags.ts), and garbage collection was about a fifth of a one-thread profile. A
 * worker's young generation can be sized per thread (`resourceLimits`, below); no size measured
 * better than V8's own.
 */
import { existsSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LocatedFinding } from '../lint/findingsOutput';
import type { HpaSettings } from '../settings';
import { currentLocale } from '../localize';
import { batchesOf, groupFilesByKeys } from './fileGroups';
import { lintBatch } from './lintBatch';
import type { FileText, FromWorker, LintReply, LintRequest, WorkerSetup } from './lintWorkerProtocol';

/** The worker's bundle, beside dist/cli.js. Absent when the CLI runs from its sources (tests under tsx). */
const WORKER_SCRIPT = resolve(__dirname, 'lintWorker.js');

/**
 * From this much YAML on, a run without `--jobs` lints in batches: memory bounded by a batch, and
 * faster on one thread too once the whole workspace's parses grow large. Measured on an idle 2-core
 * machine (bench/cli.bench.ts's release, one app per file; median of five to seven interleaved runs):
 * at 0.9 M characters batches took 296 against 305 ms for the whole workspace at once, at 3.1 M 555
 * against 561 ms, at 9.3 M 1,052 against 1,161 ms, at 22 M 2,310 against 2,613 ms. Below it, the whole
 * workspace at once on this thread.
 */
export const BATCH_MIN_CHARS = 1_000_000;

/**
 * From this much YAML on, the batches also go to worker threads on the idle cores. A worker is a
 * second V8 isolate that warms its own JIT, and on two cores a one-thread run already keeps the
 * second core partly busy with V8's compiler and collector, so a worker pays only on long runs. Same
 * measurements, batches on this thread against `--jobs 2`: 296 / 327 ms at 0.9 M characters, 555 /
 * 602 at 3.1 M, 1,052 / 1,209 at 9.3 M, 1,573 / 1,598 at 15.6 M (with 27 % more CPU), 2,310 / 2,153
 * at 22 M. Break-even is near 16 M; 20 M leaves the margin to runs where the second core wins.
 */
export const WORKERS_MIN_CHARS = 20_000_000;

/**
 * Most a worker's young generation may grow to, in MB. Worker threads take no V8 command-line flags,
 * so this is the one heap setting a thread gets. On the 300-file release, 8, 32, 96 MB and V8's
 * default gave the same CPU time within noise (0.64-0.72 s user, four interleaved runs each); the
 * semi-space minimum (`--min-semi-space-size` set before the workers start) cost slightly more at
 * 4-16 MB, as in the server (common/serverNodeFlags.ts: first touches of fresh pages). 32 MB bounds a
 * thread's young generation without shrinking V8's usual one.
 */
const YOUNG_GENERATION_MB = 32;

/** Most source characters in one batch: what bounds a thread's parses at once. */
const MAX_BATCH_CHARS = 2_000_000;
/**
 * Batches per thread at least. Small batches even out the threads' finishing times (the last batch
 * is the only wait); each batch costs one message each way and one index.
 */
const BATCHES_PER_THREAD = 8;
/** Requests a worker holds at once: one running, one waiting, so it never idles for this thread. */
const WORKER_QUEUE_DEPTH = 2;

/** What the automatic choice looks at besides the work: the machine. */
export interface Machine {
  cores: number;
  /** The one-minute load average (0 where the system does not report one). */
  load: number;
  /** The worker threads' bundle; without it (running from the sources) batches stay on this thread. */
  workerScript: string;
}

export function thisMachine(): Machine {
  return { cores: availableParallelism(), load: loadavg()[0] ?? 0, workerScript: WORKER_SCRIPT };
}

/**
 * How to lint a run: undefined for the whole workspace at once on this thread, otherwise the number
 * of threads (this one included) to lint it in batches on. `--jobs N` is followed as given, 1 being
 * the whole-workspace path (so a test can make a small run use threads, and `--jobs 1` is the
 * reference the batch path is compared with). Without it, a large run is linted in batches, and a
 * very large one on one thread per idle core: a worker only pays where a core would otherwise wait
 * (on a busy machine each process gets its share of the cores whatever its thread count, and a
 * worker is extra work). `chars` may be a count so far, for starting threads early.
 */
export function threadsFor(
  jobs: number | undefined,
  fileCount: number,
  chars: number,
  machine: Machine = thisMachine(),
): number | undefined {
  if (fileCount < 2) return undefined;
  // Asked only where the answer depends on it: readInputs.ts calls this after every file it reads.
  const workers = (): boolean => existsSync(machine.workerScript);
  if (jobs !== undefined) return jobs > 1 && workers() ? Math.min(jobs, fileCount) : undefined;
  if (chars < BATCH_MIN_CHARS) return undefined;
  if (chars < WORKERS_MIN_CHARS || !workers()) return 1;
  const idle = Math.ceil(machine.cores - machine.load);
  return Math.max(1, Math.min(machine.cores, idle, fileCount));
}

/** Something that lints batches: a worker thread, or this thread between its other work. */
interface BatchLinter {
  lint(request: LintRequest): Promise<LintReply>;
}

class WorkerLinter implements BatchLinter {
  private readonly worker: Worker;
  /** The requests sent and not yet answered, oldest first: a worker answers in the order sent. */
  private readonly pending: { resolve: (m: LintReply) => void; reject: (e: Error) => void }[] = [];

  constructor(setup: WorkerSetup, script: string) {
    this.worker = new Worker(script, {
      workerData: setup,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.on('message', (m: FromWorker) => {
      const pending = this.pending.shift();
      if (m.type === 'failed') pending?.reject(new Error(m.message));
      else pending?.resolve(m);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`lint worker exited with code ${code}`)));
  }

  private fail(error: Error): void {
    for (const pending of this.pending.splice(0)) pending.reject(error);
  }

  lint(request: LintRequest): Promise<LintReply> {
    return new Promise<LintReply>((resolveReply, reject) => {
      this.pending.push({ resolve: resolveReply, reject });
      this.worker.postMessage(request);
    });
  }

  stop(): Promise<number> {
    this.worker.removeAllListeners('exit');
    return this.worker.terminate();
  }
}

/**
 * This thread as one of the linters. Each batch runs from a `setImmediate`, so between batches the
 * event loop delivers the workers' replies and hands them their next requests.
 */
class ThisThreadLinter implements BatchLinter {
  constructor(private readonly settings: HpaSettings) {}

  lint(request: LintRequest): Promise<LintReply> {
    return new Promise<LintReply>((resolveReply, reject) => {
      setImmediate(() => {
        try {
          resolveReply(lintBatch(request, this.settings));
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
  }
}

/** Runs every task on the first free linter, `depth` at a time per linter; resolves when all are done. */
async function runQueue(
  lanes: readonly { linter: BatchLinter; depth: number }[],
  tasks: readonly LintRequest[],
  done: (reply: LintReply) => void,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async (linter: BatchLinter): Promise<void> => {
    // After a failure the run is over: no lane takes another task (this thread's would run on).
    while (next < tasks.length && !failed) {
      const task = tasks[next++] as LintRequest;
      try {
        done(await linter.lint(task));
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(lanes.flatMap(({ linter, depth }) => Array.from({ length: depth }, () => lane(linter))));
}

/**
 * The threads of one run: this one and `threads - 1` workers, started when this is constructed so
 * they load while the caller still reads files. `stop()` ends the workers; call it in every case.
 */
export class LintThreads {
  private readonly workers: WorkerLinter[];
  private readonly here: ThisThreadLinter;

  /** `workerScript` is for tests that run from the sources and point at the built worker. */
  constructor(
    settings: HpaSettings,
    readonly threads: number,
    workerScript = WORKER_SCRIPT,
  ) {
    const setup: WorkerSetup = { settings, locale: currentLocale() };
    this.workers = Array.from(
      { length: Math.max(0, threads - 1) },
      () => new WorkerLinter(setup, workerScript),
    );
    this.here = new ThisThreadLinter(settings);
  }

  /**
   * Lints `files` (unique URIs); returns each file's located findings, by index. `batchChars` lets
   * a test cut small inputs into several batches.
   */
  async lint(
    files: readonly { uri: string; text: string }[],
    batchChars?: number,
  ): Promise<LocatedFinding[][]> {
    const lengths = files.map((f) => f.text.length);
    const total = lengths.reduce((sum, n) => sum + n, 0);
    const limit =
      batchChars ?? Math.min(MAX_BATCH_CHARS, Math.ceil(total / (this.threads * BATCHES_PER_THREAD)));
    const batches = batchesOf(lengths, limit);
    const lanes = [
      { linter: this.here as BatchLinter, depth: 1 },
      ...this.workers.map((worker) => ({ linter: worker as BatchLinter, depth: WORKER_QUEUE_DEPTH })),
    ];
    const fileText = (id: number): FileText => ({ id, uri: files[id]!.uri, text: files[id]!.text });
    const results: LocatedFinding[][] = files.map(() => []);
    const keysByFile: string[][] = files.map(() => []);
    const batchOf: number[] = files.map(() => 0);
    batches.forEach((batch, b) => batch.forEach((id) => (batchOf[id] = b)));

    await runQueue(
      lanes,
      batches.map((batch) => ({ type: 'lint', sets: [batch.map(fileText)], withKeys: true })),
      (reply) => {
        for (const f of reply.files) {
          results[f.id] = f.diagnostics;
          keysByFile[f.id] = f.keys;
        }
      },
    );

    // Groups that span batches: their files' rules may have missed objects of another batch.
    const spanning = groupFilesByKeys(keysByFile).filter((group) =>
      group.some((id) => batchOf[id] !== batchOf[group[0]!]),
    );
    await runQueue(
      lanes,
      spanning.map((group) => ({ type: 'lint', sets: [group.map(fileText)], withKeys: false })),
      (reply) => {
        for (const f of reply.files) results[f.id] = f.diagnostics;
      },
    );
    return results;
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}

/** Lints `files` on `jobs` threads, starting and stopping them (LintThreads for the parameters). */
export async function lintInParallel(
  files: readonly { uri: string; text: string }[],
  settings: HpaSettings,
  jobs: number,
  workerScript = WORKER_SCRIPT,
  batchChars?: number,
): Promise<LocatedFinding[][]> {
  const threads = new LintThreads(settings, jobs, workerScript);
  try {
    return await threads.lint(files, batchChars);
  } finally {
    await threads.stop();
  }
}
