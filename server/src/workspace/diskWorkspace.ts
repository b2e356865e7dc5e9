/**
 * The workspace's YAML files on disk: found at start-up under the folders the client names, and
 * re-read when the client reports a change. Open documents are the service's business, not this one's.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isIndexedPath } from './filePaths';

const SKIPPED_DIRECTORIES = new Set(['node_modules', '.git', 'dist', 'out', '.vscode-test']);
/** A workspace with more YAML files than this is indexed partially rather than stalling start-up. */
export const MAX_INDEXED_FILES = 5000;

/** URIs of the indexed files (isIndexedPath) under a folder URI, skipping dependency and build folders. */
export async function findYamlFiles(folderUri: string, limit = MAX_INDEXED_FILES): Promise<string[]> {
  if (!folderUri.startsWith('file:')) return [];
  const found: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      return; // unreadable folder: index what can be read
    }
    for (const entry of entries) {
      if (found.length >= limit) return;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) await walk(path);
      } else if (entry.isFile() && isIndexedPath(entry.name)) {
        found.push(pathToFileURL(path).toString());
      }
    }
  };
  await walk(fileURLToPath(folderUri));
  return found;
}

/** A file's text, or undefined when it cannot be read or is larger than `maxBytes`. */
export async function readYamlFile(uri: string, maxBytes: number): Promise<string | undefined> {
  if (!uri.startsWith('file:')) return undefined;
  try {
    const path = fileURLToPath(uri);
    if ((await stat(path)).size > maxBytes) return undefined;
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}
