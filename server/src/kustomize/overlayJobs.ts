/**
 * Hands overlay jobs (overlayJob.ts) to the overlay worker thread and brings back their findings.
 *
 * The worker holds its own copy of the files: each job carries only what changed since the job
 * before (a changed text is a new string, so finding it is a pointer comparison per file) plus the
 * job's inputs the worker has not seen. When the worker fails it is replaced on the next job, which
 * then carries every input again.
 *
 * Without the worker's script (running from sources outside tests) the jobs run in this thread.
 *
 * Every temporary folder of a render (kustomize's wrapper, the copy of unsaved inputs) is made in
 * one folder of this process, removed when the jobs are disposed of and when the process exits: a
 * server stopped in the middle of a render (the editor closing) leaves nothing behind.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { currentLocale } from '../localize';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { fsPathOf } from './layout';
import { type JobFile, type OverlayJob, type OverlayJobResult, OverlayJobRunner } from './overlayJob';
import type { FromOverlayWorker, ToOverlayWorker } from './overlayWorkerProtocol';

/** The worker's bundle, beside dist/server.js. */
const BUNDLED_SCRIPT = resolve(__dirname, 'overlayWorker.js');
/** The worker's source, when this file runs from its source under tsx (the unit tests). */
const SOURCE_SCRIPT = resolve(__dirname, 'overlayWorker.ts');

export type OverlayThread = 'worker' | 'inline';

/** A job as the service describes it; the files and the language are added here. */
export type OverlayJobRequest = Omit<OverlayJob, 'files' | 'deleted' | 'locale' | 'tempDir'>;

export class OverlayJobs {
  /** What the runner holds of each file: the text sent and whether it was an editor's. */
  private readonly sent = new Map<string, { text: string; buffer: boolean }>();
  private readonly paths = new Map<string, string>();
  private worker: Worker | undefined;
  private inline: OverlayJobRunner | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (r: OverlayJobResult) => void; reject: (e: Error) => void }
  >();
  private disposed = false;
  /** This process's folder for the renders' temporary folders, made at the first job. */
  private tempDir: string | undefined;
  private readonly removeTempDir = () => {
    if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true });
  };

  constructor(
    private readonly workspace: WorkspaceIndex,
    readonly thread: OverlayThread = defaultThread(),
  ) {}

  /** Runs one job; rejects when the worker fails or the jobs are disposed of. */
  run(request: OverlayJobRequest): Promise<OverlayJobResult> {
    if (this.disposed) return Promise.reject(new Error('overlay jobs stopped'));
    if (this.thread === 'inline') {
      const runner = (this.inline ??= new OverlayJobRunner());
      return runner.run(this.withFiles(request)).catch((error: unknown) => {
        // The runner may have taken half a job's files: start afresh.
        this.inline = undefined;
        this.sent.clear();
        throw error;
      });
    }
    const worker = this.worker ?? this.startWorker();
    const id = this.nextId++;
    const job = this.withFiles(request);
    return new Promise<OverlayJobResult>((resolveJob, reject) => {
      this.pending.set(id, { resolve: resolveJob, reject });
      worker.postMessage({ type: 'job', id, job } satisfies ToOverlayWorker);
    });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const worker = this.worker;
    this.worker = undefined;
    this.failPending(new Error('overlay jobs stopped'));
    const cleanUp = () => {
      process.off('exit', this.removeTempDir);
      this.removeTempDir();
    };
    if (worker) {
      // The worker kills a running kustomize and removes its folders, then ends; then this folder goes.
      worker.once('exit', cleanUp);
      worker.postMessage({ type: 'stop' } satisfies ToOverlayWorker);
    } else {
      cleanUp();
    }
  }

  /** The request with the files the runner does not hold as the index does. */
  private withFiles(request: OverlayJobRequest): OverlayJob {
    const files: JobFile[] = [];
    const deleted: string[] = [];
    for (const [uri, held] of this.sent) {
      const file = this.workspace.getFile(uri);
      if (!file) {
        deleted.push(uri);
        this.sent.delete(uri);
        this.paths.delete(uri);
        continue;
      }
      const buffer = file.version !== undefined;
      if (file.text === held.text && buffer === held.buffer) continue;
      files.push({ uri, text: file.text, buffer });
      this.sent.set(uri, { text: file.text, buffer });
    }
    for (const uri of this.workspace.uris()) {
      if (this.sent.has(uri)) continue;
      const path = this.pathOf(uri);
      if (!request.inputDirs.some((dir) => path.startsWith(`${dir}/`))) continue;
      const file = this.workspace.getFile(uri)!;
      const buffer = file.version !== undefined;
      files.push({ uri, text: file.text, buffer });
      this.sent.set(uri, { text: file.text, buffer });
    }
    return { ...request, locale: currentLocale(), tempDir: this.ownTempDir(), files, deleted };
  }

  private ownTempDir(): string {
    if (this.tempDir === undefined) {
      this.tempDir = mkdtempSync(join(tmpdir(), 'hpa-lint-'));
      process.on('exit', this.removeTempDir);
    }
    return this.tempDir;
  }

  private pathOf(uri: string): string {
    let path = this.paths.get(uri);
    if (path === undefined) {
      path = fsPathOf(uri);
      this.paths.set(uri, path);
    }
    return path;
  }

  private startWorker(): Worker {
    const worker = existsSync(BUNDLED_SCRIPT)
      ? new Worker(BUNDLED_SCRIPT, { stdout: true, stderr: true })
      : // From sources the worker loads its TypeScript through tsx's require hook, as the tests do.
        new Worker(`require('tsx/cjs'); require(${JSON.stringify(SOURCE_SCRIPT)});`, {
          eval: true,
          stdout: true,
          stderr: true,
        });
    // The language server's stdout is the protocol: whatever the thread prints goes to stderr.
    worker.stdout.pipe(process.stderr);
    worker.stderr.pipe(process.stderr);
    worker.unref();
    worker.on('message', (message: FromOverlayWorker) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'done') waiting?.resolve(message.result);
      else {
        // The runner may have taken half a job's files: start afresh.
        this.replaceWorker(worker);
        waiting?.reject(new Error(message.message));
      }
    });
    const failed = (error: Error) => {
      if (this.worker !== worker) return;
      this.replaceWorker(worker);
      this.failPending(error);
    };
    worker.on('error', failed);
    worker.on('exit', (code) => failed(new Error(`overlay worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  /** The next job starts a new worker with every input. */
  private replaceWorker(worker: Worker): void {
    if (this.worker === worker) {
      this.worker = undefined;
      void worker.terminate();
    }
    this.sent.clear();
  }

  private failPending(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(error);
  }
}

function defaultThread(): OverlayThread {
  return existsSync(BUNDLED_SCRIPT) || (__filename.endsWith('.ts') && existsSync(SOURCE_SCRIPT))
    ? 'worker'
    : 'inline';
}
