/**
 * The language server's overlay checks in a worker thread (bundled as dist/overlayWorker.js;
 * started by overlayJobs.ts). Everything a render costs in this process happens here: asking the
 * launcher process to start kustomize (launch.ts), reading its output, copying unsaved inputs,
 * parsing the rendered YAML, running every rule on it and mapping the findings back. The thread
 * runs at the lowest priority where the system allows it, as kustomize does, so on a busy machine
 * it takes the CPU the editor's thread leaves over.
 */
import { readlinkSync } from 'node:fs';
import { constants as osConstants, setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { LauncherProcess } from './launch';
import { type OverlayJob, OverlayJobRunner } from './overlayJob';
import type { FromOverlayWorker, ToOverlayWorker } from './overlayWorkerProtocol';

const stopping = new AbortController();
// The launcher is this process's one fork for kustomize (launch.ts says why it matters), made
// while the thread still has its normal priority: a fork preempted half-way stalls the main thread.
const launcher = new LauncherProcess();
const launch = LauncherProcess.available() && launcher.start() ? launcher.launch : undefined;
const runner = new OverlayJobRunner({ signal: stopping.signal, ...(launch ? { launch } : {}) });
lowerThreadPriority();

/** Jobs run one after another, in the order they came. */
let queue: Promise<void> = Promise.resolve();

parentPort?.on('message', (message: ToOverlayWorker) => {
  if (message.type === 'stop') {
    // A running kustomize is killed, and its temporary folders removed, before the thread ends.
    stopping.abort();
    void queue.then(() => {
      launcher.dispose();
      process.exit(0);
    });
    return;
  }
  queue = queue.then(() => run(message.id, message.job));
});

async function run(id: number, job: OverlayJob): Promise<void> {
  let reply: FromOverlayWorker;
  try {
    reply = { type: 'done', id, result: await runner.run(job) };
  } catch (error) {
    reply = {
      type: 'failed',
      id,
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    };
  }
  parentPort?.postMessage(reply);
}

/**
 * Linux gives each thread its own niceness: this thread's id is the last part of
 * /proc/thread-self, and setpriority on it leaves the process's other threads as they are. Elsewhere
 * (no /proc) the thread keeps the process's priority; kustomize is lowered on its own (render.ts).
 */
function lowerThreadPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, osConstants.priority.PRIORITY_LOW);
  } catch {
    // not Linux, or not allowed: the thread runs at the process's priority
  }
}
