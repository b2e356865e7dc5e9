/**
 * The kustomize structure of a workspace: which files are patches (partial objects, checked field
 * by field but never for required fields, and never a definition a reference resolves to), and
 * which kustomizations are overlays that no other kustomization includes (the ones rendered).
 *
 * Files are named as the caller names them: `file:` URIs (the language server) or plain paths
 * (the CLI); both are turned into file-system paths for joining kustomize's relative entries.
 */
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { type Kustomization, parseKustomization } from './kustomization';
import { isKustomizationPath } from '../workspace/filePaths';

export interface KustomizationFile {
  /** The caller's name for the file. */
  uri: string;
  /** Its folder as a normalized file-system path. */
  dir: string;
  kustomization: Kustomization;
}

export interface KustomizeLayout {
  /** What relative file names are relative to (the CLI's current folder), for fsPathOf. */
  cwd: string | undefined;
  kustomizations: KustomizationFile[];
  /** Caller names of the files some kustomization applies as a patch. */
  patchUris: Set<string>;
  /** File-system paths of every patch a kustomization names, whether the file is known or not. */
  patchPaths: Set<string>;
  /** Kustomizations no other kustomization includes: each is rendered on its own. */
  overlays: KustomizationFile[];
}

/** A `file:` URI or a path, as a normalized POSIX path; a relative path is resolved against `cwd` when given. */
export function fsPathOf(uri: string, cwd?: string): string {
  const path = (uri.startsWith('file:') ? fileURLToPath(uri) : uri).replace(/\\/g, '/');
  return cwd === undefined ? posix.normalize(path) : posix.resolve(cwd.replace(/\\/g, '/'), path);
}

/** The layout of the files an index holds: only the kustomizations' text is read, of the rest their names. */
export function indexLayout(index: WorkspaceIndex): KustomizeLayout {
  const files = new Map<string, string>();
  for (const uri of index.uris())
    files.set(uri, isKustomizationPath(uri) ? (index.getFile(uri)?.text ?? '') : '');
  return kustomizeLayout(files);
}

/**
 * Reads every kustomization among `files` (caller name -> text; other files are only matched as
 * patch targets). Remote entries (URLs) are ignored: kustomize fetches them when it renders.
 */
export function kustomizeLayout(files: ReadonlyMap<string, string>, cwd?: string): KustomizeLayout {
  const uriByPath = new Map<string, string>();
  for (const uri of files.keys()) uriByPath.set(fsPathOf(uri, cwd), uri);
  const kustomizations: KustomizationFile[] = [];
  for (const [uri, text] of files) {
    if (!isKustomizationPath(uri)) continue;
    const kustomization = parseKustomization(text);
    if (kustomization) kustomizations.push({ uri, dir: posix.dirname(fsPathOf(uri, cwd)), kustomization });
  }
  const dirs = new Set(kustomizations.map((k) => k.dir));
  const included = new Set<string>();
  const patchUris = new Set<string>();
  const patchPaths = new Set<string>();
  for (const k of kustomizations) {
    for (const entry of k.kustomization.includes) {
      if (isRemote(entry)) continue;
      const target = includedPath(k.dir, entry);
      if (dirs.has(target)) included.add(target);
    }
    for (const entry of k.kustomization.patchFiles) {
      const path = posix.normalize(posix.join(k.dir, entry));
      patchPaths.add(path);
      const uri = uriByPath.get(path);
      if (uri) patchUris.add(uri);
    }
  }
  return {
    cwd,
    kustomizations,
    patchUris,
    patchPaths,
    overlays: kustomizations.filter((k) => !included.has(k.dir)),
  };
}

/** A `resources:`-style entry of the kustomization in `dir` as a normalized path; `api/` names the folder `api`. */
export function includedPath(dir: string, entry: string): string {
  return posix.normalize(posix.join(dir, entry)).replace(/\/+$/, '');
}

/** A URL or a `github.com/...?ref=` entry: kustomize fetches it, nothing in the workspace. */
export function isRemote(entry: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.startsWith('github.com/') || entry.includes('?ref=');
}

/** Whether a file-system path lies inside one of these folders (an overlay's input folders). */
export function isInsideAny(path: string, dirs: readonly string[]): boolean {
  return dirs.some((dir) => path.startsWith(`${dir}/`));
}

/**
 * The folders whose files feed an overlay: its own, those of every kustomization it includes
 * (transitively), and those of the files it names (resources and patches outside them).
 */
export function overlayInputDirs(layout: KustomizeLayout, overlay: KustomizationFile): string[] {
  const byDir = new Map(layout.kustomizations.map((k) => [k.dir, k]));
  const dirs = new Set<string>([overlay.dir]);
  const queue = [overlay];
  while (queue.length > 0) {
    const k = queue.pop()!;
    for (const entry of [...k.kustomization.includes, ...k.kustomization.patchFiles]) {
      if (isRemote(entry)) continue;
      const target = includedPath(k.dir, entry);
      const included = byDir.get(target);
      if (included && !dirs.has(target)) {
        dirs.add(target);
        queue.push(included);
      } else if (!included) {
        dirs.add(posix.dirname(target));
      }
    }
  }
  return [...dirs];
}
