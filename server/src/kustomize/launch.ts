/**
 * Starting kustomize, two ways.
 *
 * Directly (`launchDirectly`, for `hpa-lint`): a child of this process. On Linux, Node starts a
 * child by forking the whole process, and while the kernel copies its memory map every other
 * thread of the process that touches a fresh page waits. In the language server that process is
 * large and its main thread is answering edits; from a low-priority thread a fork can also be
 * preempted half-way and hold those page faults up for tens of milliseconds (measured: a main
 * thread's 1 ms task reached a p99 of 46-68 ms while a nice-19 worker thread forked every 30 ms,
 * 4.5-12.5 ms from a normal-priority one, 1.1-1.3 ms without forks; load 15 on two cores).
 *
 * So the language server starts kustomize through a launcher (`LauncherProcess`): a small Node
 * process of its own (launcherProcess.ts), forked once, at low priority, which forks kustomize for
 * each render and sends its output back. The launcher dies with the server (its IPC channel
 * closes), and is started again if it dies first.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants as osConstants, setPriority } from 'node:os';
import { resolve } from 'node:path';
import type { LaunchReply, LaunchRequest } from './launcherProtocol';

export interface LaunchOptions {
  timeoutMs: number;
  /** Most bytes of output kept; more ends the process with an error. */
  maxBuffer: number;
  signal?: AbortSignal;
}

/** What a launch ends with: the output, and an error when the program failed, was killed or was not found. */
export interface LaunchOutcome {
  stdout: string;
  stderr: string;
  error?: { message: string; killed: boolean };
}

export type Launch = (
  file: string,
  args: readonly string[],
  options: LaunchOptions,
) => Promise<LaunchOutcome>;

/** Starts the program as a child of this process, at low priority, its input closed. */
export const launchDirectly: Launch = (file, args, options) =>
  new Promise<LaunchOutcome>((resolveOutcome) => {
    const child = execFile(
      file,
      [...args],
      {
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: options.maxBuffer,
        windowsHide: true,
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (error, stdout, stderr) =>
        resolveOutcome({
          stdout: String(stdout),
          stderr: String(stderr),
          ...(error ? { error: { message: error.message, killed: error.killed === true } } : {}),
        }),
    );
    lowerPriority(child.pid);
    // kustomize reads no input; an open pipe would only keep a misconfigured command waiting.
    child.stdin?.end();
  });

/**
 * A render is background work: on a machine with few cores, kustomize at normal priority takes CPU
 * time from the language server and the editor while the user types. Best effort (a platform or
 * sandbox that refuses leaves it as it is).
 */
export function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    setPriority(pid, osConstants.priority.PRIORITY_LOW);
  } catch {
    // not allowed here: the process still runs
  }
}

/** The launcher's bundle, beside dist/overlayWorker.js. */
const BUNDLED_SCRIPT = resolve(__dirname, 'kustomizeLauncher.js');
/** Its source, when this file runs from its source under tsx (the unit tests). */
const SOURCE_SCRIPT = resolve(__dirname, 'launcherProcess.ts');

export class LauncherProcess {
  private child: ChildProcess | undefined;
  private nextId = 0;
  private readonly pending = new Map<number, (outcome: LaunchOutcome) => void>();

  /** Whether this build has a launcher to start (else launches go direct). */
  static available(): boolean {
    return existsSync(BUNDLED_SCRIPT) || (__filename.endsWith('.ts') && existsSync(SOURCE_SCRIPT));
  }

  /**
   * Starts the launcher now (the one fork of this process; the caller does it before lowering its
   * thread's priority). Returns false when it could not be started.
   */
  start(): boolean {
    if (this.child) return true;
    const bundled = existsSync(BUNDLED_SCRIPT);
    // From sources, tsx's require hook is found from the repository's root.
    const args = bundled ? [BUNDLED_SCRIPT] : ['--require', 'tsx/cjs', SOURCE_SCRIPT];
    const cwd = bundled ? __dirname : resolve(__dirname, '..', '..', '..');
    let child: ChildProcess;
    try {
      // Never the server's stdout: that is the protocol.
      child = spawn(process.execPath, args, {
        cwd,
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
        windowsHide: true,
      });
    } catch {
      return false;
    }
    if (child.pid === undefined) return false;
    lowerPriority(child.pid);
    child.on('message', (reply: LaunchReply) => {
      const done = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      done?.(reply);
    });
    const gone = () => {
      if (this.child !== child) return;
      this.child = undefined;
      const waiting = [...this.pending.values()];
      this.pending.clear();
      for (const done of waiting)
        done({ stdout: '', stderr: '', error: { message: 'the kustomize launcher stopped', killed: false } });
    };
    child.on('exit', gone);
    child.on('error', gone);
    this.child = child;
    return true;
  }

  readonly launch: Launch = (file, args, options) => {
    if (!this.start()) return launchDirectly(file, args, options);
    const child = this.child!;
    const id = this.nextId++;
    return new Promise<LaunchOutcome>((resolveOutcome) => {
      const onAbort = () => child.send({ type: 'kill', id } satisfies LaunchRequest);
      options.signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, (outcome) => {
        options.signal?.removeEventListener('abort', onAbort);
        resolveOutcome(outcome);
      });
      try {
        child.send({
          type: 'run',
          id,
          file,
          args: [...args],
          timeoutMs: options.timeoutMs,
          maxBuffer: options.maxBuffer,
        } satisfies LaunchRequest);
      } catch {
        // The launcher ended just now: this one goes direct, the next starts a new launcher.
        this.pending.delete(id);
        options.signal?.removeEventListener('abort', onAbort);
        resolveOutcome(launchDirectly(file, args, options));
      }
    });
  };

  dispose(): void {
    const child = this.child;
    this.child = undefined;
    child?.disconnect();
  }
}
