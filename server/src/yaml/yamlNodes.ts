/**
 * What the server asks of `yaml`'s nodes, in one place: what kind a node is, a map's pairs and a
 * sequence's items, the node at a field path, and a node's plain value.
 *
 * `yaml` 3 models a map as a class holding its pairs in a Map and a sequence as an Array subclass,
 * so these are instanceof checks and loops; rules, the index and the editor features go through
 * them instead of depending on that shape.
 */
import { Alias, type Document, isNode, type Node, type Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';

/** A field path: map keys as strings, sequence indices as numbers. */
export type FieldPath = (string | number)[];

export function isMap(node: unknown): node is YAMLMap {
  return node instanceof YAMLMap;
}

export function isSeq(node: unknown): node is YAMLSeq<Node> {
  return node instanceof YAMLSeq;
}

export function isScalar(node: unknown): node is Scalar {
  return node instanceof Scalar;
}

export function isAlias(node: unknown): node is Alias {
  return node instanceof Alias;
}

/** A map's pairs in source order. */
export function pairsOf(map: YAMLMap): Pair[] {
  return Array.from(map.pairs());
}

/** The key of a pair as the API sees it: a string or number scalar, else undefined. */
export function keyName(pair: Pair): string | undefined {
  const key = pair.key;
  if (isScalar(key) && (typeof key.value === 'string' || typeof key.value === 'number'))
    return String(key.value);
  return undefined;
}

/** The pair under `map` with this key, if `map` is a YAML map. */
export function pairOf(map: unknown, key: string): Pair | undefined {
  if (!isMap(map)) return undefined;
  // The map is keyed by its keys' values: a string key is one lookup. A number key (`80:`) is the
  // same field as its text, as the API reads it. A duplicate key is a YAML error of its own; the
  // parser keeps the last value, as Kubernetes' decoder does.
  const pair = map.getPair(key);
  if (pair) return pair;
  const asNumber = Number(key);
  return key !== '' && String(asNumber) === key ? map.getPair(asNumber) : undefined;
}

/** The node at a path below `root` (map keys and sequence indices). */
export function nodeAtPath(root: unknown, path: FieldPath): unknown {
  let node: unknown = root;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!isSeq(node)) return undefined;
      node = node[segment];
    } else {
      const pair = pairOf(node, segment);
      if (!pair) return undefined;
      node = pair.value;
    }
  }
  return node;
}

/** More nodes than any manifest has: a value that needs more comes from an alias bomb. */
const PLAIN_VALUE_NODE_LIMIT = 100_000;

/**
 * The plain JSON-like value of a node: what the schema validates and the rules compare. Aliases are
 * resolved within `doc`; a value that would take more than PLAIN_VALUE_NODE_LIMIT nodes (an alias
 * bomb, or an alias inside the node it names) throws an ExcessiveAliasing error instead of growing
 * without bound.
 */
export function plainValue(node: unknown, doc: Document.Parsed): unknown {
  return toPlain(node, doc, { left: PLAIN_VALUE_NODE_LIMIT });
}

/**
 * One node to its plain value, counting every node converted (keys too) against the budget. A
 * string key, what nearly every map has, is read directly rather than through a recursive call:
 * the schema rule converts every autoscaler whole on open, and this is most of that conversion.
 */
function toPlain(current: unknown, doc: Document.Parsed, budget: { left: number }): unknown {
  if (--budget.left < 0) throw new ExcessiveAliasing();
  if (current instanceof Scalar) return current.value;
  if (current instanceof YAMLMap) {
    const out: Record<string, unknown> = {};
    for (const pair of current.pairs()) {
      const keyNode = pair.key;
      let key: string;
      if (keyNode instanceof Scalar && typeof keyNode.value === 'string') {
        if (--budget.left < 0) throw new ExcessiveAliasing();
        key = keyNode.value;
      } else {
        key = plainKey(toPlain(keyNode, doc, budget));
      }
      const value = pair.value === null ? null : toPlain(pair.value, doc, budget);
      // A `__proto__` key is data like any other, never the object's prototype.
      if (key === '__proto__')
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      else out[key] = value;
    }
    return out;
  }
  if (current instanceof YAMLSeq) {
    const items = current as unknown as readonly unknown[];
    const out: unknown[] = new Array(items.length);
    for (let i = 0; i < items.length; i++) out[i] = toPlain(items[i], doc, budget);
    return out;
  }
  if (current instanceof Alias) {
    const target = aliasTargetsOf(doc).get(current);
    return target === undefined ? undefined : toPlain(target, doc, budget);
  }
  return current === null ? null : undefined;
}

export class ExcessiveAliasing extends RangeError {
  constructor() {
    super('excessive aliasing: the value expands to more than 100,000 nodes');
  }
}

/** JSON object keys are strings: scalars as text, null as '', collections as their JSON. */
function plainKey(key: unknown): string {
  if (key === null || key === undefined) return '';
  if (typeof key === 'object') return JSON.stringify(key);
  return String(key);
}

/**
 * What each alias of a document stands for: the last node before it, in document order, with that
 * anchor (YAML's rule). Worked out in one walk per document, so resolving is a lookup.
 */
const aliasTargets = new WeakMap<Document.Parsed, Map<Alias, Node | undefined>>();

export function aliasTargetsOf(doc: Document.Parsed): Map<Alias, Node | undefined> {
  let targets = aliasTargets.get(doc);
  if (targets) return targets;
  const found = new Map<Alias, Node | undefined>();
  const anchors = new Map<string, Node>();
  const walk = (node: unknown): void => {
    if (isAlias(node)) {
      found.set(node, anchors.get(node.source));
      return;
    }
    if (!isNode(node)) return;
    if (node.anchor) anchors.set(node.anchor, node);
    if (isMap(node)) {
      for (const pair of node.pairs()) {
        walk(pair.key);
        walk(pair.value);
      }
    } else if (isSeq(node)) {
      for (const item of node) walk(item);
    }
  };
  walk(doc.value);
  targets = found;
  aliasTargets.set(doc, targets);
  return targets;
}
