/**
 * What every feature reads: the file as the language server keeps it (`FileModel`: its `---`
 * documents, each parsed once by the lint and reused while its text is unchanged) and the
 * `K8sObject` of the document under the cursor, classified exactly as the rules classify it. No
 * feature parses: hovers, completion and code actions on a 40,000-line release read the trees the
 * lint already built, and positions go through the file's one `LineIndex` (yaml/ranges.ts).
 *
 * A document's tree has ranges relative to the document's own text, so every span a feature hands
 * out is moved by the document's offset here (`spanOf`, `fieldAt`), and nowhere else.
 *
 * Workloads are parsed by the server from the fields something reads (yaml/readSets.ts): other
 * fields keep their key and lose their value. The features only read fields of the read sets; an
 * edit that goes after a whole map finds the map's end in the text (edits/spanEdits.ts), not in the tree.
 */
import type { Document, Node, YAMLMap } from 'yaml';
import type { Position, Range } from 'vscode-languageserver';
import type { FileDocument, FileModel } from '../yaml/documents';
import { type K8sObject, objectOfDocument } from './objects';
import type { WorkspaceIndex } from './workspaceIndex';
import { type FieldPath, isMap, isScalar, isSeq, keyName, plainValue } from '../yaml/yamlNodes';

export { type FieldPath, keyName, nodeAtPath, pairOf } from '../yaml/yamlNodes';

/** One `---` document of a file that holds an object the server reads (an HPA, a workload...). */
export interface IndexedDocument {
  file: FileModel;
  /** Offset of the document's text in the file; the tree's ranges count from here. */
  offset: number;
  /** Offset where the document's text ends: the next `---` line, or the end of the file. */
  end: number;
  /** The tree the lint parsed (read fields only, for a workload in the language server). */
  yaml: Document.Parsed;
  object: K8sObject;
}

export function offsetAt(file: FileModel, position: Position): number {
  return file.lineIndex.offset(position);
}

export function positionAt(file: FileModel, offset: number): Position {
  return file.lineIndex.position(offset);
}

export function rangeOf(file: FileModel, start: number, end: number): Range {
  return file.lineIndex.range({ start, end });
}

function indexed(file: FileModel, doc: FileDocument): IndexedDocument | undefined {
  // The model was parsed when the file was indexed: this reads its tree and cached identity.
  const object = objectOfDocument(file.uri, doc);
  if (!object) return undefined;
  return {
    file,
    offset: doc.offset,
    end: doc.offset + doc.model.text.length,
    yaml: doc.model.parsed,
    object,
  };
}

/**
 * The document holding the offset, when it is one the server reads; undefined on a ConfigMap, a
 * template, a document without content, or blank space between documents.
 */
export function documentAt(file: FileModel, offset: number): IndexedDocument | undefined {
  const documents = file.documents;
  let low = 0;
  let high = documents.length - 1;
  let found: FileDocument | undefined;
  while (low <= high) {
    const mid = (low + high) >> 1;
    const doc = documents[mid]!;
    if (doc.offset <= offset) {
      found = doc;
      low = mid + 1;
    } else {
      high = mid - 1;
    }
  }
  if (!found || offset > found.offset + found.model.text.length) return undefined;
  return indexed(file, found);
}

/** The document of an object from anywhere in the workspace (the target of an HPA in another file). */
export function documentOf(object: K8sObject, workspace: WorkspaceIndex): IndexedDocument | undefined {
  const file = workspace.getFile(object.uri);
  if (!file || file.documents[object.documentIndex] !== object.fileDocument) return undefined;
  return indexed(file, object.fileDocument);
}

/** The node's span [start, end) in file offsets, without trailing comments; undefined for synthetic nodes. */
export function spanOf(doc: IndexedDocument, node: unknown): [number, number] | undefined {
  const range = (node as { range?: [number, number, number] | null } | null)?.range;
  return range ? [range[0] + doc.offset, range[1] + doc.offset] : undefined;
}

export interface FieldAt {
  path: FieldPath;
  /** The node the cursor is on: the key scalar, or the value (scalar, map, sequence). */
  node: Node;
  /** True when the cursor is on a key rather than a value. */
  onKey: boolean;
  /** Span of the key or value under the cursor, in file offsets. */
  span: [number, number];
}

/**
 * Finds the innermost field under a file offset. Hovering on a key or on its scalar value gives the
 * pair's path; hovering on the dash of a sequence item gives the item's path.
 */
export function fieldAt(
  doc: Pick<IndexedDocument, 'offset' | 'yaml'>,
  fileOffset: number,
): FieldAt | undefined {
  const offset = fileOffset - doc.offset;
  let best: FieldAt | undefined;
  const relative = (node: unknown): [number, number] | undefined => {
    const range = (node as { range?: [number, number, number] | null } | null)?.range;
    return range ? [range[0], range[1]] : undefined;
  };
  const visit = (node: unknown, path: FieldPath): void => {
    if (isMap(node)) {
      for (const pair of node.pairs()) {
        const key = keyName(pair);
        if (key === undefined) continue;
        const keySpan = relative(pair.key);
        const childPath = [...path, key];
        if (keySpan && offset >= keySpan[0] && offset <= keySpan[1]) {
          best = { path: childPath, node: pair.key as Node, onKey: true, span: keySpan };
          return;
        }
        const valueSpan = relative(pair.value);
        if (valueSpan && offset >= valueSpan[0] && within(pair.value, offset, valueSpan[1])) {
          best = { path: childPath, node: pair.value as Node, onKey: false, span: valueSpan };
          if (!isScalar(pair.value)) visit(pair.value, childPath);
          return;
        }
      }
    } else if (isSeq(node)) {
      node.forEach((item, index) => {
        const span = relative(item);
        if (!span || offset < span[0] - 2 || !within(item, offset, span[1])) return;
        // The two characters before an item are its "- ": hovering the dash means the item.
        best = { path: [...path, index], node: item as Node, onKey: false, span };
        visit(item, [...path, index]);
      });
    }
  };
  visit(doc.yaml.value, []);
  if (!best) return undefined;
  const found: FieldAt = best;
  return { ...found, span: [found.span[0] + doc.offset, found.span[1] + doc.offset] };
}

/**
 * A scalar includes the position just after its last character (the cursor after a word); a map or
 * sequence ends where the next line starts, which already belongs to the next key.
 */
function within(node: unknown, offset: number, end: number): boolean {
  return isScalar(node) ? offset <= end : offset < end;
}

/** Plain JS value of a node of the document, or undefined (also for a value too large to convert). */
export function toPlain(node: unknown, doc: IndexedDocument): unknown {
  if (node === undefined || node === null) return undefined;
  try {
    return plainValue(node, doc.yaml);
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

export function asMap(node: unknown): YAMLMap | undefined {
  return isMap(node) ? node : undefined;
}
