/** The Node server's host (server.ts): files from the disk, overlays rendered in the overlay process. */
import { nodeOverlayRenderer } from '../overlays/nodeOverlayRenderer';
import { DISK_WORKSPACE } from '../workspace/diskWorkspace';
import { diskPathOf } from './configLocations';
import type { ConfigFileAccess, ServerHost } from './serverHost';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const DISK_CONFIG_FILES: ConfigFileAccess = {
  read: (uri) => {
    const path = diskPathOf(uri);
    if (path === undefined) return undefined;
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return undefined;
    }
  },
  isRepositoryRoot: (folderUri) => {
    const folder = diskPathOf(folderUri);
    return folder !== undefined && existsSync(join(folder, '.git'));
  },
};

export const NODE_HOST: ServerHost = {
  workspaceFiles: () => DISK_WORKSPACE,
  configFiles: () => DISK_CONFIG_FILES,
  overlayRenderer: (workspace) => nodeOverlayRenderer(workspace),
};
