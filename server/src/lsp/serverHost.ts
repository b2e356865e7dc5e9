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
 * config lookup runs inside each lint. Node reads the disk. The browser answers from what it has
 * learnt and asks the client for the rest (lsp/clientConfigFiles.ts): until the answers are in,
 * `loading()` is true, and `onDidLoad` says when they are.
 */
export interface ConfigFileAccess {
  /** The file's text, or undefined when there is none or it cannot be read (or is not known yet). */
  read(uri: string): string | undefined;
  /** True for a folder that holds a `.git`: the config lookup stops there. */
  isRepositoryRoot(folderUri: string): boolean;
  /** A config file changed on disk or left the editor: what was read of it is stale. */
  changed?(uri: string): void;
  /** True while an answer given by read or isRepositoryRoot is still to come. */
  loading?(): boolean;
  /** Called when answers came (those URIs may now read otherwise) and none is still to come. */
  onDidLoad?(listener: (uris: string[]) => void): void;
}

export interface ServerHost {
  /** How the workspace's files are found and read (those the editor does not hold). */
  workspaceFiles(connection: Connection): WorkspaceFiles;
  /** How the config files the editor does not hold are read: the disk in Node, the client in the browser. */
  configFiles(connection: Connection): ConfigFileAccess;
  /** What renders kustomize overlays, or null where no program can run (the browser). */
  overlayRenderer(workspace: WorkspaceIndex): OverlayRenderer | null;
}
