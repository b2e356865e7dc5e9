/**
 * The browser server's host (serverBrowser.ts): a Web Worker has no disk and cannot start kustomize.
 * Files are read by the extension host through `vscode.workspace.fs` (hpa/workspace/readDirectory
 * and hpa/workspace/readFile, common/protocol.ts), so virtual workspaces such as github.dev work.
 */
import type { Connection } from 'vscode-languageserver';
import {
  type WorkspaceDirectoryEntry,
  WorkspaceReadDirectoryRequest,
  WorkspaceReadFileRequest,
} from '../../../common/protocol';
import {
  type FolderEntry,
  MAX_INDEXED_FILES,
  type WorkspaceFiles,
  findIndexedFiles,
} from '../workspace/workspaceFiles';
import type { ServerHost } from './serverHost';

/** The workspace as the client reads it. A failed or malformed answer counts as nothing there. */
export function clientWorkspaceFiles(connection: Connection): WorkspaceFiles {
  const readFolder = async (uri: string): Promise<FolderEntry[]> => {
    let entries: unknown;
    try {
      entries = await connection.sendRequest(WorkspaceReadDirectoryRequest.method, { uri });
    } catch {
      return [];
    }
    if (!Array.isArray(entries)) return [];
    return (entries as WorkspaceDirectoryEntry[])
      .filter(
        (e) =>
          typeof e?.name === 'string' &&
          typeof e.uri === 'string' &&
          (e.type === 'file' || e.type === 'directory'),
      )
      .map((e) => ({ name: e.name, location: e.uri, type: e.type }));
  };
  return {
    find: (folderUri, limit = MAX_INDEXED_FILES) => findIndexedFiles(folderUri, readFolder, limit),
    read: async (uri, maxBytes) => {
      try {
        const text: unknown = await connection.sendRequest(WorkspaceReadFileRequest.method, {
          uri,
          maxBytes,
        });
        return typeof text === 'string' ? text : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

export const BROWSER_HOST: ServerHost = {
  workspaceFiles: clientWorkspaceFiles,
  overlayRenderer: () => null,
};
