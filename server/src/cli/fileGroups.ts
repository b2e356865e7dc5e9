/**
 * Which files of a lint run must be linted together, so that worker threads can lint the rest apart.
 *
 * Why it is safe: a rule reads other objects only through the WorkspaceIndex's lookups by object key
 * (kind, namespace, name): an object's own key (`find`, duplicates), and the key of the workload an
 * autoscaler scales (`resolveTarget`, `autoscalersOf`, `autoscalersTargeting`). Files that share a
 * key are put in one group (union-find), so each group's own index answers every lookup its files
 * make exactly as the whole workspace's index would. selector-overlap reads the objects creating Pods
 * in a target's folder: a selector gives the keys a matching object must hold (PASSIVE below). A rule that starts reading objects some other
 * way adds the key it reads to `relationKeys` (workers) and test/server/cli-parallel.test.ts checks
 * the findings against the single-thread run.
 */

/**
 * A key that joins a file only to the files holding the same key without the mark, never to the
 * other files marked with it: the labels of a workload's Pods meet the selectors that may match
 * them, but two workloads sharing a label have nothing to do with each other for that alone.
 */
export const PASSIVE = '~';

/** Groups of file indices (each group in ascending order, groups ordered by their first file). */
export function groupFilesByKeys(keysByFile: readonly (readonly string[])[]): number[][] {
  const parent = keysByFile.map((_, i) => i);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i] as number] as number; // path halving keeps the trees flat
      i = parent[i] as number;
    }
    return i;
  };
  const join = (file: number, other: number) => {
    const a = root(file);
    const b = root(other);
    // The smaller index becomes the root, so a group is named by its first file.
    if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
  };
  const firstFileOfKey = new Map<string, number>();
  keysByFile.forEach((keys, file) => {
    for (const key of keys) {
      if (key.startsWith(PASSIVE)) continue;
      const other = firstFileOfKey.get(key);
      if (other === undefined) firstFileOfKey.set(key, file);
      else join(file, other);
    }
  });
  keysByFile.forEach((keys, file) => {
    for (const key of keys) {
      if (!key.startsWith(PASSIVE)) continue;
      const other = firstFileOfKey.get(key.slice(PASSIVE.length));
      if (other !== undefined) join(file, other);
    }
  });
  const groups = new Map<number, number[]>();
  for (let file = 0; file < keysByFile.length; file++) {
    const r = root(file);
    const group = groups.get(r);
    if (group) group.push(file);
    else groups.set(r, [file]);
  }
  return [...groups.values()];
}

/** Contiguous runs of files of at most `limit` characters each (a larger file is a batch of its own). */
export function batchesOf(lengths: readonly number[], limit: number): number[][] {
  const batches: number[][] = [];
  let current: number[] = [];
  let chars = 0;
  lengths.forEach((length, id) => {
    if (current.length > 0 && chars + length > limit) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push(id);
    chars += length;
  });
  if (current.length > 0) batches.push(current);
  return batches;
}
