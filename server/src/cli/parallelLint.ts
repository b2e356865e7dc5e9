/**
 * `hpa-lint` over many files on every core. The files are cut into contiguous batches that worker
 * threads (lintWorker.ts) take one after another, each linting a batch against an index of that
 * batch alone and reporting its files' relation keys. A file whose objects relate (fileGroups.ts)
 * only to objects of its own batch has its final findings then, since the batch's index answers
 * every lookup its rules make as the whole workspace's would. The few groups that span batches
 * are linted once more, each against an index of the whole group, and those findings replace the
 * first ones. So each file is parsed and linted once in the usual case (related files sit side by
 * side), memory follows a batch rather than the repository, and the findings are those of the
 * one-thread run (a test compares them).
 *
 * Heap: the CLI is a plain `node` process, without the language server's V8 heap flags
 * (common/serverNodeFlags.ts), and garbage collection was about a fifth of a one-thread profile. A
 * worker's young generation can be sized per thread (`resourceLimits`, below); no size measured
 * better than V8's own.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LocatedFinding } from '../lint/findingsOutput';
import type { HpaSettings } from '../lint/settings';
import { currentLocale } from '../localize';
import { batchesOf, groupFilesByKeys } from './fileGroups';
import type { FileText, FromWorker, LintReply, LintRequest, WorkerSetup } from './lintWorkerProtocol';

/** The worker's bundle, beside dist/cli.js. Absent when the CLI runs from its sources (tests under tsx). */
const WORKER_SCRIPT = resolve(__dirname, 'lintWorker.js');

/**
 * Below this much YAML a run stays on one thread unless `--jobs` says otherwise. Each worker loads
 * the bundle, compiles the schemas (60-70 ms of ajv in a profile) and warms its own JIT, and one
 * `node` thread already keeps a second core partly busy with V8's concurrent compiler and
 * collector. Measured with bench/cli.bench.ts at load 2 on the 2-core machine: the 300-file release
 * (1.2 M characters) took 522 ms on two threads against 440 ms on one (median of five interleaved
 * runs), 50,000 resources (30 M characters) 3.11 s against 3.19 s with 6 % less peak memory.
 */
const PARALLEL_MIN_CHARS = 8_000_000;

/**
 * Most a worker's young generation may grow to, in MB. Worker threads take no V8 command-line flags,
 * so this is the one heap setting a thread gets. On the 300-file release, 8, 32, 96 MB and V8's
 * default gave the same CPU time within noise (0.64-0.72 s user, four interleaved runs each); the
 * semi-space minimum (`--min-semi-space-size` set before the workers start) cost slightly more at
 * 4-16 MB, as in the server (common/serverNodeFlags.ts: first touches of fresh pages). 32 MB bounds a
 * thread's young generation without shrinking V8's usual one.
 */
const YOUNG_GENERATION_MB = 32;

/** Most source characters in one batch: what bounds a worker's parses at once. */
const MAX_BATCH_CHARS = 2_000_000;
/** Batches per thread at least, so a thread that finishes early takes more work. */
const BATCHES_PER_THREAD = 4;

/**
 * Threads for this run: `--jobs N` as given (so a test can make a small run use threads), otherwise
 * one per core when there is enough YAML to pay for starting them. 1 means this thread only.
 */
export function threadsFor(jobs: number | undefined, files: readonly { text: string }[]): number {
  if (files.length < 2 || !existsSync(WORKER_SCRIPT)) return 1;
  if (jobs !== undefined) return Math.min(jobs, files.length);
  let chars = 0;
  for (const f of files) chars += f.text.length;
  return chars >= PARALLEL_MIN_CHARS ? Math.min(availableParallelism(), files.length) : 1;
}

class LintWorker {
  private readonly worker: Worker;
  private pending: { resolve: (m: LintReply) => void; reject: (e: Error) => void } | undefined;

  constructor(setup: WorkerSetup, script: string) {
    this.worker = new Worker(script, {
      workerData: setup,
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.on('message', (m: FromWorker) => {
      const pending = this.pending;
      this.pending = undefined;
      if (m.type === 'failed') pending?.reject(new Error(m.message));
      else pending?.resolve(m);
    });
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`lint worker exited with code ${code}`)));
  }

  private fail(error: Error): void {
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(error);
  }

  lint(request: LintRequest): Promise<LintReply> {
    return new Promise<LintReply>((resolveReply, reject) => {
      this.pending = { resolve: resolveReply, reject };
      this.worker.postMessage(request);
    });
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/** Runs every task on the first free worker; resolves when all are done. */
async function runQueue(
  workers: readonly LintWorker[],
  tasks: LintRequest[],
  done: (reply: LintReply) => void,
): Promise<void> {
  let next = 0;
  await Promise.all(
    workers.map(async (worker) => {
      while (next < tasks.length) {
        const task = tasks[next++] as LintRequest;
        done(await worker.lint(task));
      }
    }),
  );
}

/**
 * Lints `files` (unique URIs) on `jobs` threads; returns each file's located findings, by index.
 * `workerScript` is for tests that run from the sources and point at the built worker;
 * `batchChars` lets a test cut small inputs into several batches.
 */
export async function lintInParallel(
  files: readonly { uri: string; text: string }[],
  settings: HpaSettings,
  jobs: number,
  workerScript = WORKER_SCRIPT,
  batchChars?: number,
): Promise<LocatedFinding[][]> {
  const setup: WorkerSetup = { settings, locale: currentLocale() };
  const lengths = files.map((f) => f.text.length);
  const total = lengths.reduce((sum, n) => sum + n, 0);
  const limit = batchChars ?? Math.min(MAX_BATCH_CHARS, Math.ceil(total / (jobs * BATCHES_PER_THREAD)));
  const batches = batchesOf(lengths, limit);
  const workers = Array.from(
    { length: Math.min(jobs, batches.length) },
    () => new LintWorker(setup, workerScript),
  );
  try {
    const fileText = (id: number): FileText => ({ id, uri: files[id]!.uri, text: files[id]!.text });
    const results: LocatedFinding[][] = files.map(() => []);
    const keysByFile: string[][] = files.map(() => []);
    const batchOf: number[] = files.map(() => 0);
    batches.forEach((batch, b) => batch.forEach((id) => (batchOf[id] = b)));

    await runQueue(
      workers,
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
      workers,
      spanning.map((group) => ({ type: 'lint', sets: [group.map(fileText)], withKeys: false })),
      (reply) => {
        for (const f of reply.files) results[f.id] = f.diagnostics;
      },
    );
    return results;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}
