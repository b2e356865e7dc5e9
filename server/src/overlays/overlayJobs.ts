/**
 * Hands overlay jobs (overlayJob.ts) to the overlay process (overlayProcess.ts) and brings back
 * their findings.
 *
 * The process holds its own copy of the files: each job carries only what changed since the job
 * before (a changed text is a new string, so finding it is a pointer comparison per file) plus the
 * job's inputs the process has not seen. When the process fails it is replaced on the next job,
 * which then carries every input again.
 *
 * Every temporary folder of a render (kustomize's wrapper, the copy of unsaved inputs) is made in
 * one folder of this server, removed when the jobs are disposed of and when the server exits: a
 * server stopped in the middle of a render (the editor closing) leaves nothing behind.
 *
 * Without the process's script (running from sources outside the tests) the jobs run in this
 * process.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { currentLocale } from '../localize';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import type { FileModel } from '../yaml/documents';
import { idlePolicyCommand, lowerPriority } from './launch';
import { fsPathOf, isInsideAny } from '../kustomize/layout';
import { type JobFile, type OverlayJob, type OverlayJobResult, OverlayJobRunner } from './overlayJob';
import type { FromOverlayProcess, ToOverlayProcess } from './overlayProcessProtocol';

/** The process's bundle, beside dist/server.js. */
const BUNDLED_SCRIPT = resolve(__dirname, 'overlayProcess.js');
/** Its source, when this file runs from its source under tsx (the tests). */
const SOURCE_SCRIPT = resolve(__dirname, 'overlayProcess.ts');

/** Where the jobs run: the overlay process, or this one. */
export type OverlayJobsWhere = 'process' | 'inline';

/** A job as the service describes it; the files, the language and the temporary folder are added here. */
export type OverlayJobRequest = Omit<OverlayJob, 'files' | 'deleted' | 'locale' | 'tempDir'>;

export class OverlayJobs {
  /** What the runner holds of each file: the text sent and whether it was an editor's. */
  private readonly sent = new Map<string, JobFile>();
  private readonly paths = new Map<string, string>();
  private child: ChildProcess | undefined;
  private inline: OverlayJobRunner | undefined;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (r: OverlayJobResult) => void; reject: (e: Error) => void }
  >();
  private disposed = false;
  /** Start the process under SCHED_IDLE (until a start that way fails). */
  private idlePolicy = true;
  /** This server's folder for the renders' temporary folders, made at the first job. */
  private tempDir: string | undefined;
  private readonly removeTempDir = () => {
    try {
      if (this.tempDir) rmSync(this.tempDir, { recursive: true, force: true, maxRetries: 2 });
    } catch {
      // The overlay process was still writing there; it removes its own folders as it ends.
    }
  };

  constructor(
    private readonly workspace: WorkspaceIndex,
    readonly where: OverlayJobsWhere = defaultWhere(),
  ) {}

  /** Runs one job; rejects when the process fails or the jobs are disposed of. */
  run(request: OverlayJobRequest): Promise<OverlayJobResult> {
    if (this.disposed) return Promise.reject(new Error('overlay jobs stopped'));
    if (this.where === 'inline') {
      const runner = (this.inline ??= new OverlayJobRunner());
      return runner.run(this.withFiles(request)).catch((error: unknown) => {
        // The runner may have taken half a job's files: start afresh.
        this.inline = undefined;
        this.sent.clear();
        throw error;
      });
    }
    const child = this.child ?? this.startProcess();
    const id = this.nextId++;
    const job = this.withFiles(request);
    return new Promise<OverlayJobResult>((resolveJob, reject) => {
      this.pending.set(id, { resolve: resolveJob, reject });
      try {
        child.send({ type: 'job', id, job } satisfies ToOverlayProcess);
      } catch (error) {
        // The process ended just now: the next job starts a new one.
        this.replaceProcess(child);
        this.failPending(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /**
   * Stops the jobs: the overlay process kills a running kustomize, removes its folders and ends;
   * then this server's temporary folder goes. Resolves when all of that is done.
   */
  dispose(): Promise<void> {
    if (this.disposed) return Promise.resolve();
    this.disposed = true;
    const child = this.child;
    this.child = undefined;
    this.failPending(new Error('overlay jobs stopped'));
    const cleanUp = () => {
      process.off('exit', this.removeTempDir);
      this.removeTempDir();
    };
    if (!child?.connected || child.exitCode !== null) {
      cleanUp();
      return Promise.resolve();
    }
    return new Promise<void>((resolveStopped) => {
      // Whoever waits for the stop keeps this process running until the overlay process has ended.
      child.ref();
      child.once('exit', () => {
        cleanUp();
        resolveStopped();
      });
      child.disconnect();
    });
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
      if (file.text === held.text && (file.version !== undefined) === held.buffer) continue;
      files.push(this.jobFile(uri, file));
    }
    for (const uri of this.workspace.uris()) {
      if (this.sent.has(uri)) continue;
      const path = this.pathOf(uri);
      if (!isInsideAny(path, request.inputDirs)) continue;
      files.push(this.jobFile(uri, this.workspace.getFile(uri)!));
    }
    return { ...request, locale: currentLocale(), tempDir: this.ownTempDir(), files, deleted };
  }

  /** The file as a job carries it, noted as what the runner holds from now on. */
  private jobFile(uri: string, file: FileModel): JobFile {
    const sent = { uri, text: file.text, buffer: file.version !== undefined };
    this.sent.set(uri, sent);
    return sent;
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

  /** The one fork of this server for overlays (launch.ts says why that matters), once. */
  private startProcess(): ChildProcess {
    const bundled = existsSync(BUNDLED_SCRIPT);
    // From sources, tsx's require hook is found from the repository's root.
    const args = bundled ? [BUNDLED_SCRIPT] : ['--require', 'tsx/cjs', SOURCE_SCRIPT];
    // Under SCHED_IDLE where the system has `chrt` (launch.ts); a chrt that fails is not tried again.
    const chrt = this.idlePolicy ? idlePolicyCommand() : undefined;
    const [program, ...programArgs] = chrt
      ? [chrt, '--idle', '0', process.execPath, ...args]
      : [process.execPath, ...args];
    const child = spawn(program!, programArgs, {
      cwd: bundled ? __dirname : resolve(__dirname, '..', '..', '..'),
      // Never the server's stdout: that is the protocol. What the process prints goes to stderr.
      stdio: ['ignore', 2, 2, 'ipc'],
      serialization: 'advanced',
      windowsHide: true,
    });
    lowerPriority(child.pid);
    let answered = false;
    child.on('message', (message: FromOverlayProcess) => {
      answered = true;
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.type === 'done') waiting?.resolve(message.result);
      else {
        // The runner may have taken half a job's files: start afresh.
        this.replaceProcess(child);
        waiting?.reject(new Error(message.message));
      }
    });
    const failed = (error: Error) => {
      if (this.child !== child) return;
      this.replaceProcess(child);
      this.failPending(error);
    };
    child.on('error', (error) => {
      if (chrt && !answered) this.idlePolicy = false;
      failed(error);
    });
    child.on('exit', (code, signal) => {
      if (chrt && !answered && !this.disposed) this.idlePolicy = false;
      failed(new Error(`overlay process exited (${signal ?? `code ${String(code)}`})`));
    });
    // The server may exit while the process still works; the process ends when the channel closes.
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }

  /** The next job starts a new process with every input. */
  private replaceProcess(child: ChildProcess): void {
    if (this.child === child) {
      this.child = undefined;
      if (child.connected) child.disconnect();
    }
    this.sent.clear();
  }

  private failPending(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const w of waiting) w.reject(error);
  }
}

function defaultWhere(): OverlayJobsWhere {
  return existsSync(BUNDLED_SCRIPT) || (__filename.endsWith('.ts') && existsSync(SOURCE_SCRIPT))
    ? 'process'
    : 'inline';
}
