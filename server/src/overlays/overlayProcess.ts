/**
 * The language server's overlay checks in a process of their own (bundled as
 * dist/overlayProcess.js; started by overlayJobs.ts). Everything a render costs happens here:
 * copying unsaved inputs, starting kustomize, reading its output, parsing the rendered YAML,
 * running every rule on it and mapping the findings back.
 *
 * Why a process and not a thread of the server: on Linux Node starts a child by forking the whole
 * process, and while the kernel copies the memory map, every other thread of that process that
 * touches a fresh page waits; a low-priority thread preempted half-way through a fork holds them
 * for tens of milliseconds (launch.ts has the figures). Here the fork stalls only this process.
 * And a process can run entirely at low priority, its collector's and compiler's helper threads
 * included (and under SCHED_IDLE where `chrt` is there: launch.ts), so on a busy machine it takes
 * only the CPU the editor leaves over; a thread of the server would share the server's helper
 * threads at normal priority.
 *
 * When the server goes (the IPC channel closes), a running kustomize is killed, its temporary
 * folders are removed, and the process ends.
 */
import { readdirSync, rmSync } from 'node:fs';
import { lowerPriority } from './launch';
import { type OverlayJob, OverlayJobRunner } from './overlayJob';
import type { FromOverlayProcess, ToOverlayProcess } from './overlayProcessProtocol';

lowerEveryThread();
const stopping = new AbortController();
const runner = new OverlayJobRunner({ signal: stopping.signal });

/** Jobs run one after another, in the order they came. */
let queue: Promise<void> = Promise.resolve();

/** The server's folder for temporary folders (the same for every job). */
let tempDir: string | undefined;

process.on('message', (message: ToOverlayProcess) => {
  tempDir = message.job.tempDir;
  queue = queue.then(() => run(message.id, message.job));
});

process.on('disconnect', () => {
  stopping.abort();
  void queue.then(() => {
    // The server removes it when it exits normally; a server that was killed cannot.
    if (tempDir) rmSync(tempDir, { recursive: true, force: true, maxRetries: 2 });
    process.exit(0);
  });
});

async function run(id: number, job: OverlayJob): Promise<void> {
  let reply: FromOverlayProcess;
  try {
    reply = { type: 'done', id, result: await runner.run(job) };
  } catch (error) {
    reply = {
      type: 'failed',
      id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  if (process.connected) process.send?.(reply);
}

/**
 * The server lowers this process's priority when it starts it, but on Linux that reaches only the
 * main thread: Node's helper threads, started before, keep theirs. Each is lowered here by its id
 * (/proc/self/task). Elsewhere the server's call covers the process.
 */
function lowerEveryThread(): void {
  let threads: string[];
  try {
    threads = readdirSync('/proc/self/task');
  } catch {
    return; // not Linux
  }
  // Best effort, as for the process: a thread may also have ended meanwhile.
  for (const thread of threads) lowerPriority(Number(thread));
}
