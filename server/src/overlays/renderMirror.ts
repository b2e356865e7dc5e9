/**
 * A private copy of an overlay's input folders with the editor's unsaved text written over the
 * saved files, so kustomize renders what the user sees rather than what was last saved.
 *
 * kustomize reads more than the YAML the editor knows about (configMapGenerator and secretGenerator
 * files, env files, replacement sources, openapi schemas...), and it refuses a file outside the
 * folder of the kustomization that names it; so each input folder is copied whole, not file by
 * file, and the copies keep their places relative to one another: the copy's root stands for the
 * deepest real folder holding every input folder, and `../base` from a copied overlay reaches the
 * copied base. Symbolic links are followed (kustomize follows them too) and written as plain files.
 *
 * What kustomize never reads is left out (version-control folders, node_modules), and the copy is
 * bounded: a tree larger than the limits gets no copy, and the caller renders the saved files.
 */
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';

export interface MirrorLimits {
  /** Most bytes copied from disk. */
  maxBytes: number;
  /** Most files copied from disk. */
  maxFiles: number;
}

/**
 * Far above a kustomize tree (the 47 real ones of ../shared/corpus/kustomize-real hold at most a
 * few hundred kilobytes), far below what would make a render's copy noticeable on disk.
 */
const DEFAULT_MIRROR_LIMITS: MirrorLimits = { maxBytes: 32 * 1024 * 1024, maxFiles: 5_000 };

/** Folders kustomize never reads from: version control and package managers. */
const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.git', '.hg', '.svn', 'node_modules']);

export interface RenderMirror {
  /** The temporary folder holding the copy. */
  readonly dir: string;
  /** The real folder the copy's root stands for (a normalized POSIX path). */
  readonly realRoot: string;
  /** Where the copy of a real path (a normalized POSIX path under `realRoot`) is. */
  mirrorPathOf(realPath: string): string;
  /** A kustomize message with every path in the copy given back as the real path. */
  realPaths(text: string): string;
  /** Removes the copy. Never throws. */
  dispose(): Promise<void>;
}

export type MirrorResult = { ok: true; mirror: RenderMirror } | { ok: false; reason: string };

/**
 * Copies `inputDirs` (normalized POSIX paths) into a new temporary folder and writes `unsaved`
 * (real path -> text) over the copy. The caller must dispose of the mirror.
 */
export async function createRenderMirror(
  inputDirs: readonly string[],
  unsaved: ReadonlyMap<string, string>,
  limits: MirrorLimits = DEFAULT_MIRROR_LIMITS,
  tempDir = tmpdir(),
): Promise<MirrorResult> {
  const roots = outermost(inputDirs);
  const realRoot = commonFolder(roots);
  if (realRoot === undefined) return { ok: false, reason: 'the input folders share no root folder' };
  const dir = await mkdtemp(join(tempDir, 'hpa-mirror-'));
  // A temporary folder reached through a link (macOS's /var) is named by its target in kustomize's
  // messages; both names are given back as the real root.
  const dirAliases = [...new Set([dir, await realpath(dir).catch(() => dir)])].map(toPosix);
  const mirrorPathOf = (realPath: string) => join(dir, posix.relative(realRoot, realPath));
  const mirror: RenderMirror = {
    dir,
    realRoot,
    mirrorPathOf,
    realPaths: (text) => {
      let out = text;
      for (const alias of dirAliases) {
        out = out.split(`${alias}/`).join(realRoot.endsWith('/') ? realRoot : `${realRoot}/`);
        out = out.split(alias).join(realRoot);
      }
      return out;
    },
    dispose: () => rm(dir, { recursive: true, force: true }).catch(() => undefined),
  };
  try {
    const budget = { bytes: limits.maxBytes, files: limits.maxFiles };
    const visited = new Set<string>();
    for (const root of roots) {
      if (!(await copyFolder(root, mirrorPathOf(root), budget, visited))) {
        await mirror.dispose();
        return {
          ok: false,
          reason: `the input folders hold more than ${limits.maxFiles} files or ${limits.maxBytes} bytes`,
        };
      }
    }
    for (const [path, text] of unsaved) {
      if (!roots.some((root) => isUnder(path, root))) continue; // not an input: kustomize never reads it
      const target = mirrorPathOf(path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, text);
    }
    return { ok: true, mirror };
  } catch (error) {
    await mirror.dispose();
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Copies `from` into `to`, following links; false when the budget runs out. A folder already
 * copied (a link back up the tree) is not copied again.
 */
async function copyFolder(
  from: string,
  to: string,
  budget: { bytes: number; files: number },
  visited: Set<string>,
): Promise<boolean> {
  let real: string;
  try {
    real = await realpath(from);
  } catch {
    return true; // gone meanwhile, or a broken link: kustomize would not find it either
  }
  if (visited.has(real)) return true;
  visited.add(real);
  await mkdir(to, { recursive: true });
  let entries;
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch {
    return true; // unreadable: kustomize cannot read it either, and says so
  }
  for (const entry of entries) {
    const source = posix.join(from, entry.name);
    const target = join(to, entry.name);
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    let size = 0;
    if (entry.isSymbolicLink() || isFile) {
      const info = await stat(source).catch(() => undefined);
      if (!info) continue; // a broken link
      isDir = info.isDirectory();
      isFile = info.isFile();
      size = info.size;
    }
    if (isDir) {
      if (SKIPPED_FOLDERS.has(entry.name)) continue;
      if (!(await copyFolder(source, target, budget, visited))) return false;
    } else if (isFile) {
      budget.files -= 1;
      budget.bytes -= size;
      if (budget.files < 0 || budget.bytes < 0) return false;
      // A clone where the file system can make one (no bytes copied), else a copy.
      await copyFile(source, target, fsConstants.COPYFILE_FICLONE).catch(() => undefined);
    }
  }
  return true;
}

/** The folders not inside another of them. */
function outermost(dirs: readonly string[]): string[] {
  const unique = [...new Set(dirs.map((d) => posix.normalize(d)))];
  return unique.filter((dir) => !unique.some((other) => other !== dir && isUnder(dir, other)));
}

/** The deepest folder holding all of `dirs`; undefined when they share none (Windows drives). */
function commonFolder(dirs: readonly string[]): string | undefined {
  if (dirs.length === 0) return undefined;
  let common = dirs[0]!;
  for (const dir of dirs.slice(1)) {
    while (!isUnder(dir, common) && dir !== common) {
      const parent = posix.dirname(common);
      if (parent === common) return undefined;
      common = parent;
    }
  }
  return common;
}

function isUnder(path: string, dir: string): boolean {
  return path.startsWith(dir.endsWith('/') ? dir : `${dir}/`);
}

function toPosix(path: string): string {
  return path.replace(/\\/g, '/');
}
