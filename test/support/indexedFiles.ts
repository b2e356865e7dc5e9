/**
 * Files as the language server holds them, for the feature tests: each text a `FileModel` in one
 * `WorkspaceIndex`, parsed either as the CLI parses (in full) or as the language server does
 * (workloads from their read fields). `sameBothWays` runs a feature on both and fails when the
 * answers differ, so every feature test also shows the read-fields parse is enough for it.
 */
import assert from 'node:assert/strict';
import { FileModel, type ParseOptions } from '../../server/src/yaml/documents';
import { WorkspaceIndex } from '../../server/src/workspace/workspaceIndex';

export interface IndexedFiles {
  workspace: WorkspaceIndex;
  file(uri: string): FileModel;
}

export const FULL_PARSE: ParseOptions = { blankUnreadFields: false };
export const SERVER_PARSE: ParseOptions = { blankUnreadFields: true };

/** Indexes every text (uri -> text) in one workspace. */
export function indexFiles(
  files: Record<string, string>,
  options: ParseOptions = SERVER_PARSE,
): IndexedFiles {
  const workspace = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files))
    workspace.setFile(new FileModel(uri, text, 1, undefined, options));
  return {
    workspace,
    file(uri) {
      const file = workspace.getFile(uri);
      if (!file) throw new Error(`no file ${uri}`);
      return file;
    },
  };
}

/** Runs `answer` over the files parsed both ways and returns the answer, failing when they differ. */
export function sameBothWays<T>(files: Record<string, string>, answer: (indexed: IndexedFiles) => T): T {
  const full = answer(indexFiles(files, FULL_PARSE));
  const server = answer(indexFiles(files, SERVER_PARSE));
  assert.deepEqual(server, full, 'the language server (read fields) and a full parse answer differently');
  return full;
}
