/**
 * "Did you mean …?" for a misspelt field name or enum value: the one allowed name closest to what
 * was written, or none when nothing is close or two names are equally close (a wrong guess costs
 * more than no guess). Used by the schema and select-policy rules for their messages, by the
 * metric-target rule to leave a required value to the typo that hides it, and by the quick fix
 * that writes the name.
 */
import type { Span } from '../yaml/ranges';

/** A written key or value (its span in the file) and the name it most likely stands for. */
export interface Suggestion {
  span: Span;
  replacement: string;
}

/**
 * How many edits a name of this length may be away: none below 3 characters (`on` for `no` would
 * be a guess), one up to 5 (`valu`), two up to 10 (`periodSecnd`), three beyond. A case-only
 * difference costs nothing, so `scaledown` and `max` are always found.
 */
function maxDistance(length: number): number {
  if (length < 3) return 0;
  if (length <= 5) return 1;
  if (length <= 10) return 2;
  return 3;
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions and swaps of two
 * neighbours), stopping early once every path is over `limit`.
 */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1).fill(0);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate `written` most likely stands for: the only one equal to it but for case, else the
 * only one at the smallest edit distance (case ignored) within `maxDistance`; undefined otherwise.
 */
export function likelyMeant(written: string, candidates: readonly string[]): string | undefined {
  const lower = written.toLowerCase();
  const others = candidates.filter((c) => c !== written);
  const sameButCase = others.filter((c) => c.toLowerCase() === lower);
  if (sameButCase.length > 0) return sameButCase.length === 1 ? sameButCase[0] : undefined;
  const limit = maxDistance(written.length);
  if (limit === 0) return undefined;
  let best: string | undefined;
  let bestDistance = limit + 1;
  let ties = 0;
  for (const candidate of others) {
    const distance = editDistance(lower, candidate.toLowerCase(), limit);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      ties = 1;
    } else if (distance === bestDistance) {
      ties++;
    }
  }
  return bestDistance <= limit && ties === 1 ? best : undefined;
}

/**
 * The allowed field an unknown key stands for, among the allowed fields not already written in
 * the same map (renaming onto a written key would make a duplicate).
 */
export function likelyField(
  unknownKey: string,
  allowed: readonly string[],
  written: readonly string[],
): string | undefined {
  const present = new Set(written);
  return likelyMeant(
    unknownKey,
    allowed.filter((name) => !present.has(name)),
  );
}

/**
 * True when one of the map's keys outside `allowed` is most likely a misspelling of one of
 * `required`: the missing value is then the typo's fault, and the typo's own diagnostic says so.
 */
export function misspeltAmong(
  keys: readonly string[],
  allowed: readonly string[],
  required: readonly string[],
): boolean {
  const known = new Set(allowed);
  return keys.some((key) => {
    if (known.has(key)) return false;
    const meant = likelyField(key, allowed, keys);
    return meant !== undefined && required.includes(meant);
  });
}
