/**
 * How the overlay service gets an overlay rendered. The Node server renders in the overlay process
 * with the real kustomize (nodeOverlayRenderer.ts); the browser server (a Web Worker) cannot run a
 * program at all and is given no renderer, so each overlay says that instead. Types only: the
 * browser bundle imports the service, and must not import what starts processes.
 */
import type { OverlayJobResult } from './overlayJob';
import type { OverlayJobRequest, OverlayJobsWhere } from './overlayJobs';
import type { KustomizeCommand } from './render';

/** A job as the service asks for it; without `timeoutMs` the renderer's default applies. */
export type RenderRequest = Omit<OverlayJobRequest, 'timeoutMs'> & { timeoutMs?: number };

export interface OverlayRenderer {
  /** Where the renders run (tests and measurements). */
  readonly where: OverlayJobsWhere;
  /** The command for a configured command line ('' looks for kubectl or kustomize), if it is there. */
  findCommand(configured: string): Promise<KustomizeCommand | undefined>;
  /** Renders, lints and maps back one overlay; rejects when the renderer failed under it. */
  run(request: RenderRequest): Promise<OverlayJobResult>;
  /** Stops rendering; resolves once everything it started has ended and its folders are gone. */
  dispose(): Promise<void>;
}
