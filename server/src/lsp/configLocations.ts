/**
 * Where the `.hpa-lint.yaml` lookup (config/lintConfigFiles.ts, which walks up folders by path) looks
 * for a document, whatever its URI: a `file:` URI is its disk path, as hpa-lint sees it; a URI of
 * another file system (`vscode-vfs://github/acme/deploy/...` in github.dev, `vscode-remote://host/...`
 * in a VS Code server opened in a browser) is a path under a top folder named after its scheme and
 * authority, so its walk up stays in that file system and stops at its top.
 *
 * That top folder's name starts with a NUL character, which no file path holds: a path of another
 * file system is never taken for a disk path. Its segments are the URI's own (still percent-encoded),
 * so the URI of a folder or file derived from it is spelled as the client spells its URIs.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';

const OTHER_FILE_SYSTEM = '\u0000';
/** scheme://authority/path, the form of every URI with folders; query and fragment are no file's. */
const HIERARCHICAL_URI = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)$/;

/** The disk path of a `file:` URI; undefined for another file system's or a malformed one. */
export function diskPathOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/** The lookup path of a document URI, or undefined for a URI with no folders (`untitled:`). */
export function lookupPathOf(uri: string): string | undefined {
  if (uri.startsWith('file:')) return diskPathOf(uri);
  const match = HIERARCHICAL_URI.exec(uri);
  if (!match) return undefined;
  const [, scheme, authority, path] = match as unknown as [string, string, string, string];
  const segments = path.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.includes('..')) return undefined;
  return ['', `${OTHER_FILE_SYSTEM}${scheme}:${authority}`, ...segments].join('/');
}

/** The URI of a lookup path (lookupPathOf's inverse, for the paths the lookup derives too). */
export function uriOfLookupPath(path: string): string {
  // node:path on Windows joins with '\'; a URI's own backslashes are percent-encoded.
  const other = otherFileSystemParts(path);
  if (!other) return pathToFileURL(path).toString();
  return `${other.top}${other.rest.length > 0 ? `/${other.rest.join('/')}` : ''}`;
}

/** True for the top folder of another file system: the walk up stops there. */
export function isOtherFileSystemTop(path: string): boolean {
  const other = otherFileSystemParts(path);
  return other !== undefined && other.rest.length === 0;
}

/** How a lookup path is shown to the user: a disk path as it is, another file system's as its URI. */
export function displayLookupPath(path: string): string {
  if (!otherFileSystemParts(path)) return path;
  const uri = uriOfLookupPath(path);
  try {
    return decodeURIComponent(uri);
  } catch {
    return uri;
  }
}

function otherFileSystemParts(path: string): { top: string; rest: string[] } | undefined {
  const segments = path.replace(/\\/g, '/').split('/').filter(Boolean);
  const first = segments[0];
  if (first === undefined || !first.startsWith(OTHER_FILE_SYSTEM)) return undefined;
  const name = first.slice(OTHER_FILE_SYSTEM.length);
  const colon = name.indexOf(':');
  return { top: `${name.slice(0, colon)}://${name.slice(colon + 1)}`, rest: segments.slice(1) };
}
