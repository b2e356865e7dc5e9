/**
 * The workspace's YAML files on disk, for the Node server: found at start-up under the folders the
 * client names, and re-read when the client reports a change. Open documents are the service's
 * business, not this one's.
 */
import { decodeManifestBytes } from './textDecoding';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type FolderEntry, MAX_INDEXED_FILES, type WorkspaceFiles, findIndexedFiles } from './workspaceFiles';

/** A folder's files and subfolders as the walk takes them; throws when it cannot be read. */
export async function listFolder(dir: string): Promise<FolderEntry[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const listed: FolderEntry[] = [];
  for (const entry of entries) {
    // A link is listed as a file (never followed into a folder): reading it tells whether it leads
    // anywhere, so a dangling link is a read error in hpa-lint, not a file skipped in silence.
    const type = entry.isDirectory()
      ? 'directory'
      : entry.isFile() || entry.isSymbolicLink()
        ? 'file'
        : undefined;
    if (type) listed.push({ name: entry.name, location: join(dir, entry.name), type });
  }
  return listed;
}

async function readFolder(dir: string): Promise<FolderEntry[]> {
  try {
    return await listFolder(dir);
  } catch {
    return []; // unreadable folder: index what can be read
  }
}

/** URIs of the indexed files under a `file:` folder URI (none under another scheme). */
export async function findYamlFiles(folderUri: string, limit = MAX_INDEXED_FILES): Promise<string[]> {
  if (!folderUri.startsWith('file:')) return [];
  const paths = await findIndexedFiles(fileURLToPath(folderUri), readFolder, limit);
  return paths.map((path) => pathToFileURL(path).toString());
}

/** A file's text, or undefined when it cannot be read or is larger than `maxBytes`. */
export async function readYamlFile(uri: string, maxBytes: number): Promise<string | undefined> {
  if (!uri.startsWith('file:')) return undefined;
  try {
    const path = fileURLToPath(uri);
    if ((await stat(path)).size > maxBytes) return undefined;
    return decodeManifestBytes(await readFile(path));
  } catch {
    return undefined;
  }
}

export const DISK_WORKSPACE: WorkspaceFiles = { find: findYamlFiles, read: readYamlFile };
