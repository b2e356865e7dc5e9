/** The Node server's renderer: the overlay process (overlayJobs.ts) running the real kustomize. */
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import type { OverlayRenderer } from './overlayRenderer';
import { OverlayJobs, type OverlayJobsWhere } from './overlayJobs';
import { DEFAULT_RENDER_TIMEOUT_MS, findKustomizeCommand } from './render';

/** `where`: the overlay process (the default when its script is there) or this process (tests). */
export function nodeOverlayRenderer(workspace: WorkspaceIndex, where?: OverlayJobsWhere): OverlayRenderer {
  const jobs = new OverlayJobs(workspace, where);
  return {
    where: jobs.where,
    findCommand: (configured) => findKustomizeCommand(configured || undefined),
    run: (request) => jobs.run({ ...request, timeoutMs: request.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS }),
    dispose: () => jobs.dispose(),
  };
}
