/**
 * How the language server reads the workspace's files, whatever holds them: the disk in the Node
 * server (diskWorkspace.ts), the extension host's file system in the browser server
 * (clientWorkspaceFiles in lsp/browserHost.ts). Which files are indexed and which folders are skipped is decided
 * here, once, for both.
 */
import { isIndexedPath } from './filePaths';

/**
 * Folders that never hold the user's manifests: installed packages and version-control data. The
 * one skip list of both walks, the language server's and hpa-lint's, so the editor and CI see the
 * same files (a `dist/` or `out/` of rendered manifests is linted by both).
 */
export const SKIPPED_DIRECTORIES: ReadonlySet<string> = new Set(['node_modules', '.git', '.hg', '.svn']);
/** A workspace with more YAML files than this is indexed partially rather than stalling start-up. */
export const MAX_INDEXED_FILES = 5000;

export interface WorkspaceFiles {
  /** URIs of the indexed files (isIndexedPath) under a folder URI, skipping SKIPPED_DIRECTORIES. */
  find(folderUri: string, limit?: number): Promise<string[]>;
  /** A file's text, or undefined when it cannot be read or is larger than `maxBytes`. */
  read(uri: string, maxBytes: number): Promise<string | undefined>;
}

/** One entry of a folder; `location` is what readDirectory and the result use (a path or a URI). */
export interface FolderEntry {
  name: string;
  location: string;
  type: 'file' | 'directory';
}

/**
 * The locations of the indexed files under `root`, depth first in the order the folders list them,
 * at most `limit`. What a folder that cannot be read does is `readDirectory`'s choice: the server's
 * answers no entries (what can be read is indexed), hpa-lint's throws (nothing is skipped unsaid).
 */
export async function findIndexedFiles(
  root: string,
  readDirectory: (location: string) => Promise<FolderEntry[]>,
  limit = MAX_INDEXED_FILES,
): Promise<string[]> {
  const found: string[] = [];
  const walk = async (location: string): Promise<void> => {
    for (const entry of await readDirectory(location)) {
      if (found.length >= limit) return;
      if (entry.type === 'directory') {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) await walk(entry.location);
      } else if (isIndexedPath(entry.name)) {
        found.push(entry.location);
      }
    }
  };
  await walk(root);
  return found;
}
