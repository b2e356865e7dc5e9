/**
 * The extension host's answers to the browser language server's file requests (common/protocol.ts):
 * a Web Worker has no disk, so the server reads the workspace through `vscode.workspace.fs`, which
 * serves every file system VS Code has (a VS Code server's folders, github.dev's virtual ones).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import {
  type WorkspaceDirectoryEntry,
  WorkspaceReadDirectoryRequest,
  type WorkspaceReadDirectoryParams,
  WorkspaceReadFileRequest,
  type WorkspaceReadFileParams,
} from '../../common/protocol';

/** A folder's files and subfolders; symbolic links count as what they point at. Unreadable: []. */
export async function readDirectory(
  params: WorkspaceReadDirectoryParams,
): Promise<WorkspaceDirectoryEntry[]> {
  if (typeof params?.uri !== 'string') return [];
  try {
    const folder = vscode.Uri.parse(params.uri, true);
    const entries = await vscode.workspace.fs.readDirectory(folder);
    const listed: WorkspaceDirectoryEntry[] = [];
    for (const [name, type] of entries) {
      const kind =
        type & vscode.FileType.Directory ? 'directory' : type & vscode.FileType.File ? 'file' : undefined;
      if (kind) listed.push({ name, uri: vscode.Uri.joinPath(folder, name).toString(), type: kind });
    }
    return listed;
  } catch {
    return [];
  }
}

/** A file's text, or null when it cannot be read or is larger than `maxBytes` (then it is not read). */
export async function readFile(params: WorkspaceReadFileParams): Promise<string | null> {
  if (typeof params?.uri !== 'string' || typeof params.maxBytes !== 'number') return null;
  try {
    const uri = vscode.Uri.parse(params.uri, true);
    if ((await vscode.workspace.fs.stat(uri)).size > params.maxBytes) return null;
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return null;
  }
}

/** Answers the two requests for `client`; registered before start, so the first scan finds them. */
export function answerWorkspaceFileRequests(client: BaseLanguageClient): vscode.Disposable[] {
  return [
    client.onRequest(WorkspaceReadDirectoryRequest.method, readDirectory),
    client.onRequest(WorkspaceReadFileRequest.method, readFile),
  ];
}
