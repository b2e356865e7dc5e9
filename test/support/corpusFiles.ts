/**
 * Where the tests that read the shared corpora find them, and the YAML files under a folder: the one
 * home for that path, so every corpus test (and the fuzz) reads the same folder. A clone without
 * ../shared beside it (a temporary folder) still finds /work/shared rather than skipping.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The repository's root (this file is test/support/corpusFiles.ts). */
export const ROOT = resolve(__dirname, '..', '..');

/** shared/ sits beside the repository (CI's clone, /work/main); a worktree elsewhere finds it at /work/shared. */
export const SHARED =
  [resolve(ROOT, '..', 'shared'), '/work/shared'].find((dir) => existsSync(dir)) ??
  resolve(ROOT, '..', 'shared');

/** Every .yaml/.yml file below `dir`, sorted; none for a folder that is not there. */
export function yamlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...yamlFilesUnder(path));
    else if (/\.ya?ml$/i.test(entry.name)) out.push(path);
  }
  return out.sort();
}
