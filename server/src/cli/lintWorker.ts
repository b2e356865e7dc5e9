/**
 * One worker thread of `hpa-lint` (bundled as dist/lintWorker.js; started by parallelLint.ts): runs
 * each request it is sent through lintBatch.ts, in the order sent, and replies to each in turn.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { setLocale } from '../localize';
import { lintBatch } from './lintBatch';
import type { FromWorker, LintRequest, WorkerSetup } from './lintWorkerProtocol';

const setup = workerData as WorkerSetup;
setLocale(setup.locale);

function reply(message: FromWorker): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (message: LintRequest) => {
  try {
    reply(lintBatch(message, setup.settings));
  } catch (error) {
    reply({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
