/**
 * A patch's `target:` (kustomize's selector) and whether a rendered object is one it selects.
 *
 * Kustomize matches group, version, kind, name and namespace as anchored regular expressions, and
 * labels and annotations with Kubernetes selector syntax. It does so before the transformers that
 * run after patches (name prefixes and suffixes, `namespace:`, `labels:` of this kustomization and
 * of every overlay above it), while what is checked here is the rendered object. So a name matches
 * with any prefix or suffix around it, and the namespace is not compared: a later `namespace:`
 * transformer replaces it. This only decides where a finding is shown, never whether it is found.
 */
import type { K8sObject } from '../workspace/objects';
import type { YamlView } from '../yaml/yamlView';

export interface PatchTarget {
  group?: string;
  version?: string;
  kind?: string;
  name?: string;
  labelSelector?: string;
  annotationSelector?: string;
}

const FIELDS = ['group', 'version', 'kind', 'name', 'labelSelector', 'annotationSelector'] as const;

/** The `target:` map of a patch entry, or undefined when there is none. */
export function readPatchTarget(view: YamlView): PatchTarget | undefined {
  if (!view.isMap) return undefined;
  const target: PatchTarget = {};
  for (const field of FIELDS) {
    const value = view.get(field).string;
    if (value !== undefined && value !== '') target[field] = value;
  }
  return target;
}

export function targetSelects(target: PatchTarget, object: K8sObject): boolean {
  const version = object.apiVersion?.includes('/') ? object.apiVersion.split('/')[1] : object.apiVersion;
  if (target.kind !== undefined && !anchored(target.kind, object.kind)) return false;
  if (target.group !== undefined && !anchored(target.group, object.group ?? '')) return false;
  if (target.version !== undefined && !anchored(target.version, version ?? '')) return false;
  if (target.name !== undefined && !nameSelected(target.name, object.name ?? '')) return false;
  const metadata = object.root.get('metadata');
  if (target.labelSelector !== undefined && !selectorMatches(target.labelSelector, metadata.get('labels')))
    return false;
  if (
    target.annotationSelector !== undefined &&
    !selectorMatches(target.annotationSelector, metadata.get('annotations'))
  )
    return false;
  return true;
}

/** `pattern` as kustomize reads it (a whole-string regular expression); a pattern that does not compile is a plain name. */
function anchored(pattern: string, value: string): boolean {
  return anchoredTest(pattern)(value);
}

function anchoredTest(pattern: string): (value: string) => boolean {
  try {
    const regex = new RegExp(`^(?:${pattern})$`);
    return (value) => regex.test(value);
  } catch {
    return (value) => value === pattern;
  }
}

/** The rendered name, or any part of it left when prefixes and suffixes added later are taken off. */
function nameSelected(pattern: string, rendered: string): boolean {
  const test = anchoredTest(pattern);
  for (let start = 0; start <= rendered.length; start++) {
    for (let end = rendered.length; end >= start; end--) {
      if (test(rendered.slice(start, end))) return true;
    }
  }
  return false;
}

/**
 * A Kubernetes label selector (`a=b,c!=d,e,!f,g in (x,y),h notin (z)`) against a map of labels. A
 * requirement this does not understand matches, so an unusual selector never hides where a
 * finding came from.
 */
function selectorMatches(selector: string, labels: YamlView): boolean {
  const value = (key: string) => labels.get(key).string ?? labels.get(key).sourceText;
  for (const requirement of splitRequirements(selector)) {
    const set = /^([^\s!=]+)\s+(in|notin)\s+\(([^)]*)\)$/.exec(requirement);
    if (set) {
      const values = set[3]!.split(',').map((v) => v.trim());
      const actual = value(set[1]!);
      const inSet = actual !== undefined && values.includes(actual);
      if (set[2] === 'in' ? !inSet : inSet) return false;
      continue;
    }
    const compare = /^([^\s!=]+)\s*(!=|==|=)\s*(\S*)$/.exec(requirement);
    if (compare) {
      const equal = value(compare[1]!) === compare[3];
      if (compare[2] === '!=' ? equal : !equal) return false;
      continue;
    }
    const exists = /^(!?)([^\s!=()]+)$/.exec(requirement);
    if (exists) {
      const present = labels.get(exists[2]!).exists;
      if (exists[1] === '!' ? present : !present) return false;
    }
  }
  return true;
}

/** Requirements split at commas outside parentheses. */
function splitRequirements(selector: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of selector) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else current += ch;
  }
  if (current.trim() !== '') out.push(current.trim());
  return out;
}
