/** Files of a folder tree on disk, for tests that check what a run wrote (or did not write) there. */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every file below `dir`, in its subfolders too (links followed), as paths. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** Every file below `dir` with its text: taken before and after a run, equal when nothing was written. */
export function textsUnder(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).map((path) => [path, readFileSync(path, 'utf8')]));
}
