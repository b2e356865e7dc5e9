/** The Node server's host (server.ts): files from the disk, overlays rendered in the overlay process. */
import { nodeOverlayRenderer } from '../overlays/nodeOverlayRenderer';
import { DISK_WORKSPACE } from '../workspace/diskWorkspace';
import type { ServerHost } from './serverHost';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const NODE_HOST: ServerHost = {
  workspaceFiles: () => DISK_WORKSPACE,
  configFiles: {
    read: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    isRepositoryRoot: (folder) => existsSync(join(folder, '.git')),
  },
  overlayRenderer: (workspace) => nodeOverlayRenderer(workspace),
};
