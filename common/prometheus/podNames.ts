/**
 * Which Pods belong to an HPA's scale target, guessed from their names (cAdvisor's series carry the
 * Pod's name and namespace, not its owner). What is assumed, per kind:
 * - Deployment `web`: its ReplicaSets are `web-<pod-template-hash>` and their Pods
 *   `web-<pod-template-hash>-<5 random>`. Both parts use the API machinery's "safe" alphabet
 *   (consonants and digits without 0, 1, 3, so no words and no look-alikes); the hash is the
 *   template's 32-bit FNV hash written with that alphabet, 1 to 10 characters.
 * - ReplicaSet / ReplicationController `web`: `web-<5 random>`.
 * - StatefulSet `web`: `web-<ordinal>`.
 * - Anything else (a custom resource with a scale subresource, e.g. an Argo Rollout): `web-` and
 *   anything after it, which also matches other workloads whose names start with `web-`.
 * Names longer than 58 characters are truncated by the API server before the random suffix; such
 * targets are not matched.
 */

/** The characters `generateName` suffixes and pod-template-hash values are written with. */
export const SAFE_NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

export interface PodNamePattern {
  /** An RE2 pattern for PromQL's `=~`, which is anchored at both ends. */
  regex: string;
  /** The pattern in words, for notes and docs. */
  shape: string;
  /** false when the kind is not one whose Pod names are known. */
  exact: boolean;
}

/** Escapes RE2 metacharacters (a name may contain `.`). */
export function escapeRegex(text: string): string {
  return text.replace(/[\\.^$|?*+()[\]{}]/g, '\\$&');
}

export function podNamePattern(kind: string, name: string): PodNamePattern {
  const base = escapeRegex(name);
  const safe = `[${SAFE_NAME_ALPHABET}]`;
  switch (kind) {
    case 'Deployment':
      return {
        regex: `${base}-${safe}{1,10}-${safe}{5}`,
        shape: `${name}-<hash>-<hash>`,
        exact: true,
      };
    case 'ReplicaSet':
    case 'ReplicationController':
      return { regex: `${base}-${safe}{5}`, shape: `${name}-<hash>`, exact: true };
    case 'StatefulSet':
      return { regex: `${base}-[0-9]+`, shape: `${name}-<ordinal>`, exact: true };
    default:
      return { regex: `${base}-.+`, shape: `${name}-*`, exact: false };
  }
}
