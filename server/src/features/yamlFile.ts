/**
 * The parsed view of one multi-document YAML file that every feature works on, and the lookups
 * they share: which document holds an offset, which field path lies under the cursor, and the
 * conversion between file offsets and LSP positions (through the file's LineCounter). Documents are
 * split the way the server's rules split them (`splitYamlDocuments`), so both see the same documents.
 */
import { type Document, isNode, LineCounter, type Node, parseDocument, visit, type YAMLMap } from 'yaml';
import type { Position, Range } from 'vscode-languageserver';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';
import { splitYamlDocuments } from '../yaml/documents';
import { type FieldPath, isMap, isScalar, isSeq, keyName, nodeAtPath, plainValue } from '../yaml/yamlNodes';

export { type FieldPath, keyName, nodeAtPath, pairOf } from '../yaml/yamlNodes';

export interface YamlFile {
  text: string;
  /** Every `---` document, with node ranges in file offsets. */
  docs: Document.Parsed[];
  lineCounter: LineCounter;
  /** The documents with the text they were parsed from, for reuse by the next version. */
  slices: ParsedSlice[];
}

interface ParsedSlice {
  text: string;
  offset: number;
  doc: Document.Parsed;
}

/** Moves every range of a document (parsed from a slice) by `delta`, so offsets are the file's. */
function shiftDocument(doc: Document.Parsed, delta: number): void {
  if (delta === 0) return;
  doc.range = doc.range.map((o) => o + delta) as typeof doc.range;
  visit(doc, (_key, node) => {
    if (isNode(node) && node.range) node.range = node.range.map((o) => o + delta) as typeof node.range;
  });
}

/**
 * Parses a file document by document. Rendered charts run to tens of thousands of lines and an edit
 * touches one document, so with `previous` (the last version of the same file) every document whose
 * text did not change is reused and only has its offsets moved. Never throws: yaml reports errors
 * on the documents. The previous version's documents are taken over, so it must not be used after.
 */
export function parseYamlFile(text: string, previous?: YamlFile): YamlFile {
  const reusable = new Map<string, ParsedSlice>();
  for (const slice of previous?.slices ?? []) reusable.set(slice.text, slice);
  const slices = splitYamlDocuments(text).map(({ text: sliceText, offset }): ParsedSlice => {
    const old = reusable.get(sliceText);
    if (old) {
      reusable.delete(sliceText);
      shiftDocument(old.doc, offset - old.offset);
      return { text: sliceText, offset, doc: old.doc };
    }
    const doc = parseDocument(yamlLineBreaks(sliceText), { keepSourceTokens: false, prettyErrors: false });
    shiftDocument(doc, offset);
    return { text: sliceText, offset, doc };
  });
  const lineCounter = new LineCounter();
  lineCounter.addNewLine(0);
  if (text.includes('\r')) {
    // The editor also ends a line at a lone \r (old Mac files): count it, or ranges land on the wrong line.
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 13 && text.charCodeAt(i + 1) === 10) i++;
      if (c === 10 || c === 13) lineCounter.addNewLine(i + 1);
    }
  } else {
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1))
      lineCounter.addNewLine(at + 1);
  }
  return { text, docs: slices.map((s) => s.doc), lineCounter, slices };
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
      for (const pair of node.pairs()) {
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
      node.forEach((item, index) => {
        const span = spanOf(item);
        if (!span || offset < span[0] - 2 || !within(item, offset, span[1])) return;
        // The two characters before an item are its "- ": hovering the dash means the item.
        best = { path: [...path, index], node: item as Node, onKey: false, span };
        visit(item, [...path, index]);
      });
    }
  };
  visit(doc.value, []);
  return best;
}

/**
 * A scalar includes the position just after its last character (the cursor after a word); a map or
 * sequence ends where the next line starts, which already belongs to the next key.
 */
function within(node: unknown, offset: number, end: number): boolean {
  return isScalar(node) ? offset <= end : offset < end;
}

/** Plain JS value of a node in `doc`, or undefined (also for a value too large to convert). */
export function toPlain(node: unknown, doc: Document.Parsed): unknown {
  if (node === undefined || node === null) return undefined;
  try {
    return plainValue(node, doc);
  } catch {
    return undefined;
  }
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
  return scalarString(nodeAtPath(doc.value, ['kind']));
}

export function docApiVersion(doc: Document.Parsed): string | undefined {
  return scalarString(nodeAtPath(doc.value, ['apiVersion']));
}

export function docName(doc: Document.Parsed): string | undefined {
  return scalarString(nodeAtPath(doc.value, ['metadata', 'name']));
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
