/**
 * Starting kustomize: a child process at low priority, its input closed, killed after a timeout.
 *
 * Where it is started from matters. On Linux, Node starts a child by forking the whole process,
 * and while the kernel copies the memory map every other thread of that process that touches a
 * fresh page waits; a fork from a low-priority thread can be preempted half-way and hold them for
 * tens of milliseconds (docs/measurements.md: forks from a worker thread stall the main thread, far
 * worse from a nice-19 one). So the language server starts kustomize only from its overlay process
 * (overlayProcess.ts), never from a thread of its own; `hpa-lint` starts it from its one thread.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { constants as osConstants, setPriority } from 'node:os';
import { delimiter, join } from 'node:path';

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

/** Starts the program as a child of this process, at low priority, its input closed. */
export const launchDirectly = (
  file: string,
  args: readonly string[],
  options: LaunchOptions,
): Promise<LaunchOutcome> =>
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

/**
 * On Linux, `chrt` (util-linux) when it is on PATH: a program started through `chrt --idle 0` runs
 * under SCHED_IDLE, and so does everything it starts. Low priority (nice 19) alone still lets a
 * background thread finish its time slice before a woken editor thread gets the core; a SCHED_IDLE
 * one gives way at once: on the overlay bench, renders at nice 19 lengthen the main thread's
 * run-queue wait per edit and renders under SCHED_IDLE do not (docs/measurements.md).
 */
export function idlePolicyCommand(path = process.env.PATH ?? ''): string | undefined {
  if (process.platform !== 'linux') return undefined;
  return programOnPath('chrt', path);
}

/** The first executable `program` in the folders of `path` (a PATH value), or undefined. */
export function programOnPath(program: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}
