/**
 * What the language service needs of the place it runs in, chosen by the entry point: server.ts
 * gives the Node implementations (the disk, the overlay process with kustomize), serverBrowser.ts
 * the Web Worker's (the extension host's file system, no kustomize). The service itself imports
 * neither, so the browser bundle holds no Node code.
 */
import type { Connection } from 'vscode-languageserver';
import type { OverlayRenderer } from '../overlays/overlayRenderer';
import type { WorkspaceFiles } from '../workspace/workspaceFiles';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

/**
 * The config files (`.hpa-lint.yaml`) the editor does not hold, by URI, answered synchronously: the
 * config lookup runs inside each lint.
 */
export interface ConfigFileAccess {
  /** The file's text, or undefined when there is none or it cannot be read. */
  read(uri: string): string | undefined;
  /** True for a folder that holds a `.git`: the config lookup stops there. */
  isRepositoryRoot(folderUri: string): boolean;
}

export interface ServerHost {
  /** How the workspace's files are found and read (those the editor does not hold). */
  workspaceFiles(connection: Connection): WorkspaceFiles;
  /**
   * Synchronous reads of the config files (`.hpa-lint.yaml`) the editor does not hold: the disk in
   * Node; none in the browser, where only a config file open in the editor applies.
   */
  configFiles: ConfigFileAccess;
  /** What renders kustomize overlays, or null where no program can run (the browser). */
  overlayRenderer(workspace: WorkspaceIndex): OverlayRenderer | null;
}
