/** The messages between overlayJobs.ts and the overlay process (overlayProcess.ts), over Node's IPC channel. */
import type { OverlayJob, OverlayJobResult } from './overlayJob';

export type ToOverlayProcess = { type: 'job'; id: number; job: OverlayJob };

export type FromOverlayProcess =
  { type: 'done'; id: number; result: OverlayJobResult } | { type: 'failed'; id: number; message: string };
