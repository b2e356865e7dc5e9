/**
 * The browser server's host (serverBrowser.ts): a Web Worker has no disk and cannot start kustomize.
 * Files are read by the extension host through `vscode.workspace.fs` (hpa/workspace/readDirectory
 * and hpa/workspace/readFile, common/protocol.ts), so virtual workspaces such as github.dev work.
 * The `.hpa-lint.yaml` files are known from the same requests (clientConfigFiles.ts): what the
 * workspace scan lists and reads, and what a config lookup asks for.
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
import { ClientConfigFiles, type ClientFileRequests } from './clientConfigFiles';
import type { ServerHost } from './serverHost';

/** The two requests to the client. A failed or malformed answer counts as nothing there. */
export function clientFileRequests(connection: Connection): ClientFileRequests {
  return {
    readFolder: async (uri) => {
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
        .map((e): FolderEntry => ({ name: e.name, location: e.uri, type: e.type }));
    },
    readFile: async (uri, maxBytes) => {
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

/** The workspace as the client reads it; what the scan lists and reads tells `configs` too. */
export function clientWorkspaceFiles(
  requests: ClientFileRequests,
  configs: ClientConfigFiles,
): WorkspaceFiles {
  const readFolder = async (uri: string): Promise<FolderEntry[]> => {
    const entries = await requests.readFolder(uri);
    configs.listed(uri, entries);
    return entries;
  };
  return {
    find: (folderUri, limit = MAX_INDEXED_FILES) => findIndexedFiles(folderUri, readFolder, limit),
    read: async (uri, maxBytes) => {
      const text = await requests.readFile(uri, maxBytes);
      if (text !== undefined) configs.fileRead(uri, text);
      return text;
    },
  };
}

interface ClientFileSystem {
  workspace: WorkspaceFiles;
  configs: ClientConfigFiles;
}

/** One per connection: the service asks for the workspace files and the config files apart. */
const fileSystems = new WeakMap<Connection, ClientFileSystem>();

function clientFileSystem(connection: Connection): ClientFileSystem {
  let known = fileSystems.get(connection);
  if (!known) {
    const requests = clientFileRequests(connection);
    const configs = new ClientConfigFiles(requests);
    known = { workspace: clientWorkspaceFiles(requests, configs), configs };
    fileSystems.set(connection, known);
  }
  return known;
}

export const BROWSER_HOST: ServerHost = {
  workspaceFiles: (connection) => clientFileSystem(connection).workspace,
  configFiles: (connection) => clientFileSystem(connection).configs,
  overlayRenderer: () => null,
};
