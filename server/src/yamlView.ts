/**
 * Read access to a parsed YAML node that keeps track of where things are, so a rule can say
 * "this value is wrong" and point at exactly that value (or its key) without knowing `yaml`'s API.
 */
import { isMap, isPair, isScalar, isSeq, type Node, type Pair } from 'yaml';
import type { Span } from './ranges';

export class YamlView {
  private constructor(
    /** The value node, undefined when the field is absent. */
    readonly node: Node | null | undefined,
    /** The key node of the pair holding this value, when the value sits in a map. */
    readonly keyNode: Node | null | undefined,
    /** API-style field path for messages: `spec.behavior.scaleUp.policies[0].periodSeconds`. */
    readonly path: string,
    /** Offset of the document's text in the file. */
    readonly base: number,
    /** The view this one was reached from. */
    readonly parent: YamlView | undefined,
  ) {}

  static root(node: Node | null | undefined, base: number): YamlView {
    return new YamlView(node, undefined, '', base, undefined);
  }

  get exists(): boolean {
    return this.node !== undefined && this.node !== null;
  }

  /** The plain JS value (scalars as parsed, maps and sequences converted). */
  get value(): unknown {
    const node = this.node;
    if (node === undefined || node === null) return undefined;
    if (isScalar(node)) return node.value;
    return node.toJSON();
  }

  get isMap(): boolean {
    return isMap(this.node);
  }

  get isSeq(): boolean {
    return isSeq(this.node);
  }

  /** The value when it is a string, else undefined. */
  get string(): string | undefined {
    const v = this.value;
    return typeof v === 'string' ? v : undefined;
  }

  /** The value when it is a finite number, else undefined. */
  get number(): number | undefined {
    const v = this.value;
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  }

  /** The source text of a scalar as written (`200Mi`, `"0.5"` without quotes). */
  get sourceText(): string | undefined {
    const node = this.node;
    if (!isScalar(node)) return undefined;
    return node.source ?? (node.value === null ? undefined : String(node.value));
  }

  get(key: string | number): YamlView {
    const node = this.node;
    if (typeof key === 'number') {
      const item = isSeq(node) ? node.items[key] : undefined;
      return new YamlView(asNode(item), undefined, `${this.path}[${key}]`, this.base, this);
    }
    const childPath = this.path ? `${this.path}.${key}` : key;
    const pair = isMap(node) ? findPair(node.items, key) : undefined;
    return new YamlView(asNode(pair?.value), asNode(pair?.key), childPath, this.base, this);
  }

  at(...keys: (string | number)[]): YamlView {
    return keys.reduce<YamlView>((view, key) => view.get(key), this);
  }

  /** The items of a sequence, or [] when this is not a sequence. */
  items(): YamlView[] {
    const node = this.node;
    if (!isSeq(node)) return [];
    return node.items.map((_, i) => this.get(i));
  }

  /** Keys of a map in source order. */
  keys(): string[] {
    const node = this.node;
    if (!isMap(node)) return [];
    const out: string[] = [];
    for (const pair of node.items) if (isScalar(pair.key)) out.push(String(pair.key.value));
    return out;
  }

  /** Span of the key when there is one, else of the value; falls back to the nearest present ancestor. */
  keySpan(): Span {
    const key = this.keyNode;
    if (key && key.range) return this.span(key.range[0], key.range[1]);
    return this.valueSpan();
  }

  /** Span of the value itself (the whole block for maps and sequences). */
  valueSpan(): Span {
    const node = this.node;
    if (node && node.range) {
      const [start, end] = node.range;
      if (end > start) return this.span(start, trimmedEnd(node, start, end));
    }
    if (this.keyNode && this.keyNode.range) return this.span(this.keyNode.range[0], this.keyNode.range[1]);
    if (this.parent) return this.parent.keySpan();
    return this.span(0, 0);
  }

  private span(start: number, end: number): Span {
    return { start: this.base + start, end: this.base + end };
  }
}

function asNode(value: unknown): Node | null | undefined {
  if (value === null) return null;
  if (value === undefined) return undefined;
  return value as Node;
}

function findPair(items: Pair[], key: string): Pair | undefined {
  // The last pair wins, as in Kubernetes' decoder (duplicates are reported as YAML errors anyway).
  for (let i = items.length - 1; i >= 0; i--) {
    const pair = items[i];
    if (!isPair(pair)) continue;
    const k = pair.key;
    if (isScalar(k) ? String(k.value) === key : k === key) return pair;
  }
  return undefined;
}

/** Collections' ranges include trailing comments and newlines; stop at the last content character. */
function trimmedEnd(node: Node, start: number, end: number): number {
  if (isScalar(node) || ((isMap(node) || isSeq(node)) && node.flow)) return end;
  const last = isMap(node) || isSeq(node) ? node.items[node.items.length - 1] : undefined;
  const lastNode = isPair(last) ? (last.value ?? last.key) : last;
  const lastRange = (lastNode as Node | undefined)?.range;
  if (lastRange && lastRange[1] > start && lastRange[1] <= end) {
    return Math.max(trimmedEnd(lastNode as Node, lastRange[0], lastRange[1]), start);
  }
  return end;
}
