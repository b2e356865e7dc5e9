/** The messages between overlayJobs.ts and the overlay worker thread (overlayWorker.ts). */
import type { OverlayJob, OverlayJobResult } from './overlayJob';

export type ToOverlayWorker =
  | { type: 'job'; id: number; job: OverlayJob }
  /** Kill a running kustomize, clean up, and end the thread. */
  | { type: 'stop' };

export type FromOverlayWorker =
  { type: 'done'; id: number; result: OverlayJobResult } | { type: 'failed'; id: number; message: string };
