/**
 * `hpa-lint` over many files on every core: worker threads (lintWorker.ts) scan contiguous shares
 * of the files, the main thread groups the files whose objects relate (fileGroups.ts), and each group
 * is linted by the worker that already holds most of it. The findings are those of the one-thread
 * run (a test compares them), since every group's index answers its rules' lookups as the whole
 * workspace's would.
 *
 * Why worker threads with `resourceLimits`: the CLI is a plain `node` process, without the
 * language server's V8 heap flags (common/serverNodeFlags.ts), and a lint of a whole repository is
 * one long burst of allocation in which V8's default young generation spends about a fifth of the
 * time collecting. A worker's young generation can be sized per thread.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { LocatedFinding } from '../lint/findingsOutput';
import type { HpaSettings } from '../lint/settings';
import { currentLocale } from '../localize';
import { contiguousShares, groupFilesByKeys } from './fileGroups';
import type { FileText, FromWorker, LintReply, ScanReply, ToWorker, WorkerSetup } from './lintWorkerProtocol';

/** The worker's bundle, beside dist/cli.js. Absent when the CLI runs from its sources (tests under tsx). */
const WORKER_SCRIPT = resolve(__dirname, 'lintWorker.js');

/** Below this much YAML, starting threads costs more than it saves (a worker loads in about 60 ms). */
const PARALLEL_MIN_CHARS = 400_000;

/**
 * Young generation of each worker, in MB. Measured on the 300-app release split per app
 * (bench/cli.bench.ts): see docs in server/README.md's Performance section.
 */
const YOUNG_GENERATION_MB = 24;

/** Source characters per worker whose parse is kept from scan to lint (above it, files are parsed twice, memory stays bounded). */
const KEPT_TEXT_BUDGET = 16_000_000;

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
  private pending: { resolve: (m: FromWorker) => void; reject: (e: Error) => void } | undefined;

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

  ask<T extends FromWorker>(message: ToWorker): Promise<T> {
    return new Promise<T>((resolveReply, reject) => {
      this.pending = { resolve: (m) => resolveReply(m as T), reject };
      this.worker.postMessage(message);
    });
  }

  async stop(): Promise<void> {
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/**
 * Lints `files` (unique URIs) on `jobs` threads; returns each file's located findings, by index.
 * `workerScript` is for tests that run from the sources and point at the built worker.
 */
export async function lintInParallel(
  files: readonly { uri: string; text: string }[],
  settings: HpaSettings,
  jobs: number,
  workerScript = WORKER_SCRIPT,
): Promise<LocatedFinding[][]> {
  const setup: WorkerSetup = { settings, locale: currentLocale(), keptTextBudget: KEPT_TEXT_BUDGET };
  const shares = contiguousShares(
    files.map((f) => f.text.length),
    jobs,
  ).filter((share) => share.length > 0);
  const workers = shares.map(() => new LintWorker(setup, workerScript));
  try {
    const fileText = (id: number): FileText => ({ id, uri: files[id]!.uri, text: files[id]!.text });
    const scans = await Promise.all(
      shares.map((share, w) => workers[w]!.ask<ScanReply>({ type: 'scan', files: share.map(fileText) })),
    );

    const keysByFile: string[][] = files.map(() => []);
    const scannedBy: number[] = files.map(() => 0);
    scans.forEach((scan, w) => {
      for (const f of scan.files) {
        keysByFile[f.id] = f.keys;
        scannedBy[f.id] = w;
      }
    });

    // Each group goes to the worker that scanned most of its text; a file it did not scan travels with it.
    const groupsOf: { id: number; uri: string; text?: string }[][][] = workers.map(() => []);
    for (const group of groupFilesByKeys(keysByFile)) {
      const held = workers.map(() => 0);
      for (const id of group) held[scannedBy[id]!]! += files[id]!.text.length;
      const w = held.indexOf(Math.max(...held));
      groupsOf[w]!.push(
        group.map((id) =>
          scannedBy[id] === w
            ? { id, uri: files[id]!.uri }
            : { id, uri: files[id]!.uri, text: files[id]!.text },
        ),
      );
    }
    const lints = await Promise.all(
      workers.map((worker, w) => worker.ask<LintReply>({ type: 'lint', groups: groupsOf[w]! })),
    );

    const results: LocatedFinding[][] = files.map(() => []);
    for (const lint of lints) for (const f of lint.files) results[f.id] = f.diagnostics;
    return results;
  } finally {
    await Promise.all(workers.map((worker) => worker.stop()));
  }
}
