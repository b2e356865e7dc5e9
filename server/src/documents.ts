/**
 * A YAML file as the rules see it: its `---` documents, each parsed on its own and only when a rule
 * needs it.
 *
 * Why not `parseAllDocuments` on every keystroke: a rendered Helm release is tens of thousands of
 * lines, and a one-line edit touches one document. So the text is split at its document markers with
 * a plain line scan, each document's text is the cache key of its parse, and an edit re-parses only
 * the document whose text changed. Documents of kinds no rule reads (ConfigMap, Service...) are
 * never parsed: a cheap scan for the top-level `kind:` line decides.
 */
import { type Document, parseDocument } from 'yaml';
import { LineIndex } from './ranges';

/** Kinds whose content some rule reads. Everything else is only counted. */
export const PARSED_KINDS: ReadonlySet<string> = new Set([
  'HorizontalPodAutoscaler',
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
  'ScaledObject',
]);

export interface DocumentSlice {
  /** The document's text, including its `---` line. */
  text: string;
  /** Offset of `text` in the file. */
  offset: number;
}

/** Splits a multi-document YAML text at its `---` lines (a marker at column 0 always starts a document). */
export function splitYamlDocuments(text: string): DocumentSlice[] {
  const slices: DocumentSlice[] = [];
  let sliceStart = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline + 1;
    if (lineStart > sliceStart && isDocumentMarker(text, lineStart)) {
      slices.push({ text: text.slice(sliceStart, lineStart), offset: sliceStart });
      sliceStart = lineStart;
    }
    lineStart = lineEnd;
  }
  slices.push({ text: text.slice(sliceStart), offset: sliceStart });
  return slices;
}

function isDocumentMarker(text: string, at: number): boolean {
  if (!text.startsWith('---', at)) return false;
  const next = text.charCodeAt(at + 3);
  // End of text, space, tab, CR or LF after the three dashes.
  return Number.isNaN(next) || next === 32 || next === 9 || next === 13 || next === 10;
}

const KIND_LINE = /^kind:[ \t]*["']?([A-Za-z][\w.-]*)/m;
const CONTENT_LINE = /^[ \t]*[^\s#]/m;
const TEMPLATE_MARK = /\{\{|\{%/;

/** A parsed document. Offsets inside it are relative to the document's own text. */
export type ParsedYaml = Document.Parsed;

/**
 * One document's text and what is known about it. Immutable and keyed by its text, so the same
 * instance is reused for as long as the text does not change, wherever it moves in the file.
 */
export class YamlDocumentModel {
  /** The top-level `kind:` found by the cheap scan (undefined for flow style or no kind). */
  readonly scannedKind: string | undefined;
  /** Has anything besides comments and blank lines. */
  readonly hasContent: boolean;
  /** Contains Helm/Jinja template markers: not YAML until rendered, so no rule looks at it. */
  readonly templated: boolean;
  private parsedCache: ParsedYaml | undefined;

  constructor(readonly text: string) {
    this.scannedKind = KIND_LINE.exec(text)?.[1];
    this.hasContent = CONTENT_LINE.test(stripDocumentMarker(text));
    this.templated = TEMPLATE_MARK.test(text);
  }

  /** True when a rule may read this document: one of the parsed kinds, or a kind the scan could not see. */
  get relevant(): boolean {
    if (!this.hasContent || this.templated) return false;
    if (this.scannedKind !== undefined) return PARSED_KINDS.has(this.scannedKind);
    // Flow style (`{"kind": ...}`) or an indented root: the scan cannot tell, so parse when a kind name appears.
    for (const kind of PARSED_KINDS) if (this.text.includes(kind)) return true;
    return false;
  }

  get parsed(): ParsedYaml {
    // Positions come from the file's LineIndex (ranges.ts), so no LineCounter is needed here.
    this.parsedCache ??= parseDocument(this.text, { prettyErrors: false });
    return this.parsedCache;
  }

  get isParsed(): boolean {
    return this.parsedCache !== undefined;
  }
}

function stripDocumentMarker(text: string): string {
  return isDocumentMarker(text, 0) ? text.slice(3) : text;
}

export interface FileDocument {
  /** Index among the file's documents that have content. */
  index: number;
  /** Offset of the document's text in the file. */
  offset: number;
  model: YamlDocumentModel;
}

/** A file's text split into documents, with a line index for ranges. */
export class FileModel {
  readonly documents: FileDocument[];
  private lineIndexCache: LineIndex | undefined;

  constructor(
    readonly uri: string,
    readonly text: string,
    readonly version: number | undefined,
    previous?: FileModel,
  ) {
    const reuse = new Map<string, YamlDocumentModel>();
    if (previous) for (const d of previous.documents) reuse.set(d.model.text, d.model);
    this.documents = [];
    for (const slice of splitYamlDocuments(text)) {
      const model = reuse.get(slice.text) ?? new YamlDocumentModel(slice.text);
      if (!model.hasContent) continue;
      this.documents.push({ index: this.documents.length, offset: slice.offset, model });
    }
  }

  get lineIndex(): LineIndex {
    if (!this.lineIndexCache) this.lineIndexCache = new LineIndex(this.text);
    return this.lineIndexCache;
  }
}
