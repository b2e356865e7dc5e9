/**
 * Read access to a parsed YAML node that keeps track of where things are, so a rule can say
 * "this value is wrong" and point at exactly that value (or its key) without knowing `yaml`'s API.
 */
import type { Document, Node } from 'yaml';
import type { Span } from './ranges';
import { ExcessiveAliasing, isMap, isScalar, isSeq, pairOf, plainValue } from './yamlNodes';

export class YamlView {
  private constructor(
    /** The value node, undefined when the field is absent. */
    readonly node: Node | null | undefined,
    /** The key node of the pair holding this value, when the value sits in a map. */
    readonly keyNode: Node | null | undefined,
    /** The key or index this view was reached by from its parent (undefined for the root). */
    private readonly step: string | number | undefined,
    /** Offset of the document's text in the file. */
    readonly base: number,
    /** The view this one was reached from. */
    readonly parent: YamlView | undefined,
    /** The document the node belongs to, which aliases resolve in. */
    private readonly doc: Document.Parsed,
  ) {}

  static root(doc: Document.Parsed, base: number): YamlView {
    return new YamlView(doc.value, undefined, undefined, base, undefined, doc);
  }

  private pathCache: string | undefined;

  /**
   * API-style field path for messages: `spec.behavior.scaleUp.policies[0].periodSeconds`. Built on
   * demand: rules walk many fields and name only the few they report.
   */
  get path(): string {
    if (this.pathCache !== undefined) return this.pathCache;
    const parentPath = this.parent?.path ?? '';
    const step = this.step;
    this.pathCache =
      step === undefined
        ? ''
        : typeof step === 'number'
          ? `${parentPath}[${step}]`
          : parentPath
            ? `${parentPath}.${step}`
            : step;
    return this.pathCache;
  }

  get exists(): boolean {
    return this.node !== undefined && this.node !== null;
  }

  /** The plain JS value (scalars as parsed, maps and sequences converted). */
  get value(): unknown {
    const node = this.node;
    if (node === undefined || node === null) return undefined;
    if (isScalar(node)) return node.value;
    try {
      return plainValue(node, this.doc);
    } catch (error) {
      // An alias bomb: its document carries the YAML error (documents.ts), and no rule reads it.
      if (error instanceof ExcessiveAliasing) return undefined;
      throw error;
    }
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
      const item = isSeq(node) ? node[key] : undefined;
      return new YamlView(item, undefined, key, this.base, this, this.doc);
    }
    const pair = pairOf(node, key);
    return new YamlView(pair?.value, pair?.key, key, this.base, this, this.doc);
  }

  at(...keys: (string | number)[]): YamlView {
    return keys.reduce<YamlView>((view, key) => view.get(key), this);
  }

  /** The items of a sequence, or [] when this is not a sequence. */
  items(): YamlView[] {
    const node = this.node;
    if (!isSeq(node)) return [];
    return Array.from(node, (_, i) => this.get(i));
  }

  /** Keys of a map in source order. */
  keys(): string[] {
    const node = this.node;
    if (!isMap(node)) return [];
    const out: string[] = [];
    for (const pair of node.pairs()) if (isScalar(pair.key)) out.push(String(pair.key.value));
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

/** Collections' ranges include trailing comments and newlines; stop at the last content character. */
function trimmedEnd(node: Node, start: number, end: number): number {
  if (isScalar(node) || ((isMap(node) || isSeq(node)) && node.flow)) return end;
  let lastNode: Node | undefined;
  if (isSeq(node)) lastNode = node[node.length - 1];
  else if (isMap(node)) for (const pair of node.pairs()) lastNode = pair.value ?? pair.key;
  const lastRange = (lastNode as Node | undefined)?.range;
  if (lastRange && lastRange[1] > start && lastRange[1] <= end) {
    return Math.max(trimmedEnd(lastNode as Node, lastRange[0], lastRange[1]), start);
  }
  return end;
}
