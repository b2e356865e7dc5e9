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
import { type Document, parseDocument, visit, YAMLParseError } from 'yaml';
import { blankUnreadFields } from './blankUnreadFields';
import { LineIndex, lineStartsOf } from './ranges';
import {
  apiGroup,
  BUILT_IN_GROUPS,
  HPA_KIND,
  LIMIT_RANGE_KIND,
  SCALED_OBJECT_KIND,
  WORKLOAD_KINDS,
} from '../../../common/k8s/workloadKinds';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';
import { READ_SETS } from './readSets';
import { aliasTargetsOf, ExcessiveAliasing, plainValue } from './yamlNodes';

/** Kinds whose content some rule reads. Everything else is only counted. */
export const PARSED_KINDS: ReadonlySet<string> = new Set([
  HPA_KIND,
  ...WORKLOAD_KINDS,
  SCALED_OBJECT_KIND,
  'VerticalPodAutoscaler',
  // Default requests for containers that set none (missing-resource-request).
  LIMIT_RANGE_KIND,
  // An Argo Rollout with a workloadRef has no template of its own, yet is a scale target.
  'Rollout',
  // Their Pods are in the namespace's Pod list an HPA's selector may match (selector-overlap).
  'DaemonSet',
  'Job',
  'CronJob',
  'Pod',
]);

/**
 * A Pod template's `containers:` under a `template:` key: a custom-resource workload (Argo Rollout,
 * LeaderWorkerSet...) an HPA can target, so documents of other kinds that have one are parsed too,
 * unless their group is a built-in one (mayBeCustomWorkload below).
 */
const POD_TEMPLATE_LINES = /^[ \t]+(?:t|\w+T)emplate:/m;
const CONTAINERS_LINE = /^[ \t-]+containers:/m;

export interface DocumentSlice {
  /** The document's text, including its `---` line. */
  text: string;
  /** Offset of `text` in the file. */
  offset: number;
}

/** Splits a multi-document YAML text at its `---` lines (a marker at column 0 always starts a document). */
export function splitYamlDocuments(text: string): DocumentSlice[] {
  const starts = documentStarts(text);
  return starts.map((start, k) => ({ text: text.slice(start, starts[k + 1] ?? text.length), offset: start }));
}

/** Where each document of a text begins: 0, then every `---` line (found natively by a regular expression, not by walking the lines in JS). */
function documentStarts(text: string): number[] {
  const starts = [0];
  const marker = /^---(?=[ \t\r\n]|$)/gm;
  for (let match = marker.exec(text); match !== null; match = marker.exec(text)) {
    if (match.index !== 0) starts.push(match.index);
  }
  return starts;
}

function isDocumentMarker(text: string, at: number): boolean {
  if (!text.startsWith('---', at)) return false;
  const next = text.charCodeAt(at + 3);
  // End of text, space, tab, CR or LF after the three dashes.
  return Number.isNaN(next) || next === 32 || next === 9 || next === 13 || next === 10;
}

const KIND_LINE = /^kind:[ \t]*["']?([A-Za-z][\w.-]*)/m;
const API_VERSION_LINE = /^apiVersion:[ \t]*["']?([\w.-]+(?:\/[\w.-]+)?)/m;
const CONTENT_LINE = /^[ \t]*[^\s#]/m;
const TEMPLATE_MARK = /\{\{|\{%/;

/**
 * False for a document whose top-level apiVersion is of a built-in group: a DaemonSet, Job, CronJob
 * or Pod has a Pod template and no scale subresource, so no rule reads it (parsing each CronJob of a
 * release cost as much as its Deployment). True when the scan sees no apiVersion.
 */
function mayBeCustomWorkload(text: string): boolean {
  const apiVersion = API_VERSION_LINE.exec(text)?.[1];
  return apiVersion === undefined || !BUILT_IN_GROUPS.has(apiGroup(apiVersion) ?? '');
}

/** A parsed document. Offsets inside it are relative to the document's own text. */
export type ParsedYaml = Document.Parsed;

export interface ParseOptions {
  /**
   * Parse only the fields something reads (readSets.ts) of workload documents, and leave the YAML
   * errors of the other fields to checkFullText(). The language server does, to answer a large file
   * sooner; the CLI does not, since it reports once.
   */
  blankUnreadFields: boolean;
}

const FULL_PARSE: ParseOptions = { blankUnreadFields: false };

/**
 * Parses so far, for tests that assert a request reads the models the lint keeps rather than
 * parsing again: `read` counts the parses that build a model's tree, `fullTextCheck` the background
 * check's parses of blanked workloads (which run on a timer, whatever else is asked).
 */
export const parseCounts = { read: 0, fullTextCheck: 0 };

/**
 * One document's text and what is known about it. Immutable and keyed by its text, so the same
 * instance is reused for as long as the text does not change, wherever it moves in the file.
 */
let nextModelId = 1;

export class YamlDocumentModel {
  /**
   * Names this model's current parse: unique per instance, so caches tell "the same text as before"
   * from "a new text", and renewed when checkFullText() replaces the parse.
   */
  id = nextModelId++;
  /** The top-level `kind:` found by the cheap scan (undefined for flow style or no kind). */
  readonly scannedKind: string | undefined;
  /** Has anything besides comments and blank lines. */
  readonly hasContent: boolean;
  /** Contains `{{` or `{%` somewhere: maybe a template, decided by `templated`. */
  readonly hasTemplateMark: boolean;
  private templatedCache: boolean | undefined;
  private parsedCache: ParsedYaml | undefined;
  private relevantCache: boolean | undefined;
  private fullTextUnchecked = false;
  private lineStartsCache: number[] | undefined;

  constructor(
    readonly text: string,
    private readonly options: ParseOptions = FULL_PARSE,
  ) {
    this.scannedKind = KIND_LINE.exec(text)?.[1];
    this.hasContent = CONTENT_LINE.test(stripDocumentMarker(text));
    this.hasTemplateMark = TEMPLATE_MARK.test(text);
  }

  /**
   * A Helm/Jinja template, not YAML until rendered, so no rule looks at it: template markers, and
   * the text is not YAML, or a marker is YAML structure (`replicas: {{ .Values.n }}` parses as a
   * flow mapping, not as what the author meant). Valid YAML whose markers sit inside string values
   * (`brokers: "{{ .KAFKA_BROKERS }}"`) is linted like any other document.
   */
  get templated(): boolean {
    this.templatedCache ??= this.hasTemplateMark && this.scanTemplated();
    return this.templatedCache;
  }

  private scanTemplated(): boolean {
    const full = parseText(this.text);
    if (full.errors.length > 0) return true;
    if (markerIsStructure(full, this.text)) return true;
    // Valid YAML: keep the full parse, the one the rules read (no blanking for so rare a text).
    this.parsedCache ??= full;
    return false;
  }

  /** True when a rule may read this document: one of the parsed kinds, or a kind the scan could not see. */
  get relevant(): boolean {
    this.relevantCache ??= this.scanRelevant();
    return this.relevantCache;
  }

  private scanRelevant(): boolean {
    if (!this.hasContent || this.templated) return false;
    if (this.scannedKind !== undefined)
      return (
        PARSED_KINDS.has(this.scannedKind) ||
        (mayBeCustomWorkload(this.text) &&
          POD_TEMPLATE_LINES.test(this.text) &&
          CONTAINERS_LINE.test(this.text))
      );
    // Flow style (`{"kind": ...}`) or an indented root: the scan cannot tell, so parse when a kind name appears.
    for (const kind of PARSED_KINDS) if (this.text.includes(kind)) return true;
    return false;
  }

  get parsed(): ParsedYaml {
    this.parsedCache ??= this.parse();
    return this.parsedCache;
  }

  /** True while the parse holds only the read fields and the rest of the text has not been checked for YAML errors. */
  get awaitingFullCheck(): boolean {
    return this.fullTextUnchecked;
  }

  /**
   * Parses the whole text for the YAML errors of the fields the first parse left out. When there
   * are some, the model takes that parse (so they are reported, and nothing of the document is
   * trusted, as for any broken document), renews its id and returns true: the caller re-indexes.
   */
  checkFullText(): boolean {
    if (!this.fullTextUnchecked) return false;
    this.fullTextUnchecked = false;
    parseCounts.fullTextCheck++;
    const full = parseText(this.text);
    if (full.errors.length === 0) return false;
    this.parsedCache = full;
    this.id = nextModelId++;
    return true;
  }

  private parse(): ParsedYaml {
    parseCounts.read++;
    const readSet =
      this.options.blankUnreadFields && this.scannedKind !== undefined
        ? READ_SETS.get(this.scannedKind)
        : undefined;
    const text = yamlLineBreaks(this.text);
    const blanked = readSet && blankUnreadFields(text, readSet);
    if (blanked !== undefined && blanked !== text) {
      const parsed = parseText(blanked);
      // A blanked text with errors says nothing reliable: the whole text decides.
      if (parsed.errors.length === 0) {
        this.fullTextUnchecked = true;
        return parsed;
      }
    }
    return parseText(this.text);
  }

  get isParsed(): boolean {
    return this.parsedCache !== undefined;
  }

  /** Offsets of this text's line starts, kept with the model so a file's LineIndex can join them. */
  get lineStarts(): number[] {
    this.lineStartsCache ??= lineStartsOf(this.text);
    return this.lineStartsCache;
  }
}

/**
 * True when a `{{`/`{%` marker is YAML syntax rather than text: a flow collection that starts at a
 * marker (`{{ x }}` is a mapping in a mapping), or a marker in a key. Markers inside scalar values,
 * quoted or plain, are text the API server would store as written.
 */
function markerIsStructure(doc: ParsedYaml, text: string): boolean {
  let structural = false;
  visit(doc, {
    Map(_key, node) {
      if (node.flow && node.range && TEMPLATE_MARK.test(text.slice(node.range[0], node.range[0] + 2)))
        structural = true;
      return structural ? visit.BREAK : undefined;
    },
    Seq(_key, node) {
      if (node.flow && node.range && text.startsWith('{', node.range[0])) structural = true;
      return structural ? visit.BREAK : undefined;
    },
    Pair(_key, pair) {
      const k = pair.key as { value?: unknown } | null;
      if (k && typeof k.value === 'string' && TEMPLATE_MARK.test(k.value)) structural = true;
      return structural ? visit.BREAK : undefined;
    },
  });
  return structural;
}

function parseText(text: string): ParsedYaml {
  // Positions come from the file's LineIndex (ranges.ts), so no LineCounter is needed here.
  const doc = parseDocument(yamlLineBreaks(text), { prettyErrors: false });
  if (doc.errors.length === 0 && text.includes('*')) checkAliasExpansion(doc);
  return doc;
}

/**
 * An alias bomb is valid YAML that expands beyond any real manifest; Kubernetes' decoder refuses it
 * ("excessive aliasing"), so it is reported as the document's YAML error and no rule expands it.
 */
function checkAliasExpansion(doc: ParsedYaml): void {
  const firstAlias = aliasTargetsOf(doc).keys().next().value;
  if (firstAlias === undefined) return;
  try {
    plainValue(doc.value, doc);
  } catch (error) {
    if (!(error instanceof ExcessiveAliasing)) throw error;
    const at = firstAlias.range ?? doc.range;
    doc.errors.push(new YAMLParseError([at[0], at[1]], 'RESOURCE_EXHAUSTION', error.message));
  }
}

function stripDocumentMarker(text: string): string {
  return isDocumentMarker(text, 0) ? text.slice(3) : text;
}

/** Shared by the versions of a file in which the document keeps its text and place: never changed. */
export interface FileDocument {
  /** Index among the file's documents that have content. */
  readonly index: number;
  /** Offset of the document's text in the file. */
  readonly offset: number;
  readonly model: YamlDocumentModel;
}

/** A file's text split into documents, with a line index for ranges. */
export class FileModel {
  readonly documents: FileDocument[];
  /** Every slice of the text in order, empty ones too, for joining line starts (see lineIndex). */
  private readonly slices: { offset: number; model: YamlDocumentModel }[] = [];
  private lineIndexCache: LineIndex | undefined;

  constructor(
    readonly uri: string,
    readonly text: string,
    readonly version: number | undefined,
    previous?: FileModel,
    options: ParseOptions = FULL_PARSE,
  ) {
    const previousDocuments = previous?.documents ?? [];
    const reuse = new ModelReuse(previousDocuments.map((d) => d.model));
    this.documents = [];
    const starts = documentStarts(text);
    for (let k = 0; k < starts.length; k++) {
      const offset = starts[k] as number;
      const end = starts[k + 1] ?? text.length;
      const slice = text.slice(offset, end);
      const model = reuse.take(slice) ?? new YamlDocumentModel(slice, options);
      this.slices.push({ offset, model });
      if (!model.hasContent) continue;
      const index = this.documents.length;
      // A document unchanged in text and place keeps its record, so the index keeps its object
      // (WorkspaceIndex.setFile re-indexes only documents whose record is new).
      const same = previousDocuments[index];
      this.documents.push(
        same !== undefined && same.model === model && same.offset === offset
          ? same
          : { index, offset, model },
      );
    }
  }

  /**
   * Every document's full-text check at once, as the server's background check does slice by slice
   * (for the CLI-equivalent result in tests). True when a document turned out broken: re-index then.
   */
  checkFullTexts(): boolean {
    let broken = false;
    for (const doc of this.documents) if (doc.model.checkFullText()) broken = true;
    return broken;
  }

  get lineIndex(): LineIndex {
    this.lineIndexCache ??= LineIndex.joined(
      this.text,
      this.slices.map(({ offset, model }) => ({ offset, lineStarts: model.lineStarts })),
    );
    return this.lineIndexCache;
  }
}

/**
 * Finds the previous version's model for a document text. An edit keeps the order of documents, so
 * the next unused previous model (or one a few further on) is tried first by plain string equality,
 * which rejects different lengths at once and compares equal ones natively (`startsWith` at the
 * document's offset in the file walks character by character: docs/measurements.md); only after many misses (a paste, a reorder) are all remaining previous
 * texts put in a map.
 */
class ModelReuse {
  private next = 0;
  private misses = 0;
  private byText: Map<string, YamlDocumentModel> | undefined;

  constructor(private readonly previous: readonly YamlDocumentModel[]) {}

  take(text: string): YamlDocumentModel | undefined {
    if (this.byText) return this.byText.get(text);
    for (let k = this.next; k < Math.min(this.next + 4, this.previous.length); k++) {
      if ((this.previous[k] as YamlDocumentModel).text === text) {
        this.next = k + 1;
        return this.previous[k];
      }
    }
    if (++this.misses > 8) {
      this.byText = new Map();
      for (let k = this.next; k < this.previous.length; k++)
        this.byText.set((this.previous[k] as YamlDocumentModel).text, this.previous[k] as YamlDocumentModel);
      return this.byText.get(text);
    }
    return undefined;
  }
}

const WARM_UP_SAMPLE = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: warm-up
  labels: { app: warm-up }
spec:
  replicas: 1
  template:
    spec:
      containers:
        - name: app
          image: "registry.example.com/app:1.0"
          env: [{ name: A, value: "1" }]
          resources:
            requests: { cpu: 250m, memory: 256Mi }
`;

/**
 * Parses and converts a small manifest a few dozen times, so the YAML parser and the plain-value
 * conversion the rules use are compiled by the JIT before the first real file arrives: the first
 * open of a large file is then not also their warm-up.
 */
export function warmUpYamlParser(): void {
  for (let i = 0; i < 40; i++) {
    const doc = parseDocument(WARM_UP_SAMPLE);
    plainValue(doc.value, doc);
  }
}
