/**
 * The parsed view of one multi-document YAML file that every feature works on, and the lookups
 * they share: which document holds an offset, which field path lies under the cursor, and the
 * conversion between yaml offsets and LSP positions (through the file's LineCounter).
 */
import {
  type Document,
  isMap,
  isPair,
  isScalar,
  isSeq,
  LineCounter,
  type Node,
  type Pair,
  parseAllDocuments,
  type YAMLMap,
} from 'yaml';
import type { Position, Range } from 'vscode-languageserver';

export interface YamlFile {
  text: string;
  docs: Document.Parsed[];
  lineCounter: LineCounter;
}

/** A field path: map keys as strings, sequence indices as numbers. */
export type FieldPath = (string | number)[];

/** Parses a file the way the server does; never throws (yaml reports errors on the documents). */
export function parseYamlFile(text: string): YamlFile {
  const lineCounter = new LineCounter();
  const parsed = parseAllDocuments(text, { lineCounter, keepSourceTokens: false });
  const docs = Array.isArray(parsed) ? parsed : [];
  if (/\r(?!\n)/.test(text)) recountLines(text, lineCounter);
  return { text, docs, lineCounter };
}

/** yaml counts lines at \n only; the editor also ends one at a lone \r, so positions must too. */
function recountLines(text: string, lineCounter: LineCounter): void {
  const starts = lineCounter.lineStarts;
  starts.length = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
    if (c === 10 || c === 13) starts.push(i + 1);
  }
}

export function positionAt(file: YamlFile, offset: number): Position {
  const clamped = Math.max(0, Math.min(offset, file.text.length));
  const { line, col } = file.lineCounter.linePos(clamped);
  return { line: line - 1, character: col - 1 };
}

export function offsetAt(file: YamlFile, position: Position): number {
  const starts = file.lineCounter.lineStarts;
  if (position.line < 0) return 0;
  if (position.line >= starts.length) return file.text.length;
  const lineStart = starts[position.line] ?? 0;
  const nextStart = starts[position.line + 1] ?? file.text.length;
  return Math.min(lineStart + Math.max(0, position.character), nextStart);
}

export function rangeOf(file: YamlFile, start: number, end: number): Range {
  return { start: positionAt(file, start), end: positionAt(file, end) };
}

/** The document whose source range holds the offset (the last one whose start is at or before it). */
export function documentAt(file: YamlFile, offset: number): Document.Parsed | undefined {
  let found: Document.Parsed | undefined;
  for (const doc of file.docs) {
    if (doc.range[0] <= offset) found = doc;
    else break;
  }
  return found;
}

/** The node's source span [start, end) without trailing comments, or undefined for synthetic nodes. */
export function spanOf(node: unknown): [number, number] | undefined {
  const range = (node as { range?: [number, number, number] | null } | null)?.range;
  return range ? [range[0], range[1]] : undefined;
}

export interface FieldAt {
  path: FieldPath;
  /** The node the cursor is on: the key scalar, or the value (scalar, map, sequence). */
  node: Node;
  /** True when the cursor is on a key rather than a value. */
  onKey: boolean;
  /** Source span of the key or value under the cursor. */
  span: [number, number];
}

/**
 * Finds the innermost field under the offset. Hovering on a key or on its scalar value gives the
 * pair's path; hovering on the dash of a sequence item gives the item's path.
 */
export function fieldAt(doc: Document.Parsed, offset: number): FieldAt | undefined {
  let best: FieldAt | undefined;
  const visit = (node: unknown, path: FieldPath): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = keyName(pair);
        if (key === undefined) continue;
        const keySpan = spanOf(pair.key);
        const childPath = [...path, key];
        if (keySpan && offset >= keySpan[0] && offset <= keySpan[1]) {
          best = { path: childPath, node: pair.key as Node, onKey: true, span: keySpan };
          return;
        }
        const valueSpan = spanOf(pair.value);
        if (valueSpan && offset >= valueSpan[0] && within(pair.value, offset, valueSpan[1])) {
          if (isScalar(pair.value)) {
            best = { path: childPath, node: pair.value, onKey: false, span: valueSpan };
            return;
          }
          best = { path: childPath, node: pair.value as Node, onKey: false, span: valueSpan };
          visit(pair.value, childPath);
          return;
        }
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, index) => {
        const span = spanOf(item);
        if (!span || offset < span[0] - 2 || !within(item, offset, span[1])) return;
        // The two characters before an item are its "- ": hovering the dash means the item.
        best = { path: [...path, index], node: item as Node, onKey: false, span };
        visit(item, [...path, index]);
      });
    }
  };
  visit(doc.contents, []);
  return best;
}

/**
 * A scalar includes the position just after its last character (the cursor after a word); a map or
 * sequence ends where the next line starts, which already belongs to the next key.
 */
function within(node: unknown, offset: number, end: number): boolean {
  return isScalar(node) ? offset <= end : offset < end;
}

export function keyName(pair: Pair): string | undefined {
  if (isScalar(pair.key) && (typeof pair.key.value === 'string' || typeof pair.key.value === 'number')) {
    return String(pair.key.value);
  }
  return undefined;
}

/** The pair under `map` with this key, if `map` is a YAML map. */
export function pairOf(map: unknown, key: string): Pair | undefined {
  if (!isMap(map)) return undefined;
  return map.items.find((p) => isPair(p) && keyName(p) === key);
}

/** The node at a path below `root` (map keys and sequence indices). */
export function nodeAtPath(root: unknown, path: FieldPath): unknown {
  let node: unknown = root;
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!isSeq(node)) return undefined;
      node = node.items[segment];
    } else {
      const pair = pairOf(node, segment);
      if (!pair) return undefined;
      node = pair.value;
    }
  }
  return node;
}

/** Plain JS value of a node, or undefined. */
export function toPlain(node: unknown): unknown {
  if (node && typeof (node as { toJSON?: unknown }).toJSON === 'function') {
    try {
      return (node as { toJSON(): unknown }).toJSON();
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function scalarString(node: unknown): string | undefined {
  if (!isScalar(node)) return undefined;
  const v = node.value;
  return typeof v === 'string' || typeof v === 'number' ? String(v) : undefined;
}

export function scalarNumber(node: unknown): number | undefined {
  if (!isScalar(node)) return undefined;
  return typeof node.value === 'number' && Number.isFinite(node.value) ? node.value : undefined;
}

export function docKind(doc: Document.Parsed): string | undefined {
  return scalarString(nodeAtPath(doc.contents, ['kind']));
}

export function docApiVersion(doc: Document.Parsed): string | undefined {
  return scalarString(nodeAtPath(doc.contents, ['apiVersion']));
}

export function docName(doc: Document.Parsed): string | undefined {
  return scalarString(nodeAtPath(doc.contents, ['metadata', 'name']));
}

export function isHpaDoc(doc: Document.Parsed): boolean {
  return docKind(doc) === 'HorizontalPodAutoscaler' && (docApiVersion(doc) ?? '').startsWith('autoscaling/');
}

/** Kinds whose `spec.replicas` and Pod template the HPA rules read. */
export const WORKLOAD_KINDS = ['Deployment', 'StatefulSet', 'ReplicaSet', 'ReplicationController'];

export function isWorkloadDoc(doc: Document.Parsed): boolean {
  return WORKLOAD_KINDS.includes(docKind(doc) ?? '');
}

export function asMap(node: unknown): YAMLMap | undefined {
  return isMap(node) ? node : undefined;
}
