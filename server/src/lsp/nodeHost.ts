/** The Node server's host (server.ts): files from the disk, overlays rendered in the overlay process. */
import { nodeOverlayRenderer } from '../overlays/nodeOverlayRenderer';
import { DISK_WORKSPACE } from '../workspace/diskWorkspace';
import type { ServerHost } from './serverHost';

export const NODE_HOST: ServerHost = {
  workspaceFiles: () => DISK_WORKSPACE,
  overlayRenderer: (workspace) => nodeOverlayRenderer(workspace),
};
