/**
 * How the user's file is laid out, so inserted text looks as if they had typed it: line ending,
 * indentation step, and whether sequence items are indented under their key. Learned from the text
 * by a line scan, not from a parse: a rendered release is mostly documents no rule reads (and so
 * the server never parses), and its workloads are parsed from their read fields only.
 */
import type { FileModel, YamlDocumentModel } from '../yaml/documents';
import { positionAt } from '../workspace/indexedDocument';

export interface Layout {
  eol: '\n' | '\r\n';
  /** Spaces per nesting level of maps. */
  indent: number;
  /** True for `key:\n  - item`, false for `key:\n- item`. */
  indentSequences: boolean;
}

export function detectEol(text: string): '\n' | '\r\n' {
  const crlf = text.indexOf('\r\n');
  const lf = text.indexOf('\n');
  return crlf >= 0 && crlf + 1 === lf ? '\r\n' : '\n';
}

export function lineStartOf(text: string, offset: number): number {
  const nl = text.lastIndexOf('\n', offset - 1);
  return nl + 1;
}

/** The end of the line holding `offset`, before its line break. */
export function lineContentEnd(text: string, offset: number): number {
  let end = text.indexOf('\n', offset);
  if (end < 0) end = text.length;
  if (end > offset && text[end - 1] === '\r') end--;
  return end;
}

/** Offset just past the line break of the line holding `offset` (or the end of text). */
export function nextLineStart(text: string, offset: number): number {
  const nl = text.indexOf('\n', offset);
  return nl < 0 ? text.length : nl + 1;
}

/** Column of a file offset. */
export function columnOf(file: FileModel, offset: number): number {
  return positionAt(file, offset).character;
}

/** What one document's lines say about its layout: votes for each indentation step and list style. */
interface LayoutVotes {
  steps: Map<number, number>;
  indented: number;
  flush: number;
}

/** A block key with nothing after its colon but maybe a comment: its value starts on a later line. */
const OPEN_KEY = /^([ ]*)(- +)?(?:[^\s#'"[\]{},&*!|>%@`-][^:#]*|"[^"\n]*"|'[^'\n]*'):[ \t]*(?:#.*)?$/;
const CONTENT = /^([ ]*)(- |-$)?\S/;

/**
 * Counts, for every key that opens a block, how much deeper its first child sits (a map's step) and
 * whether a sequence under it has its dashes at the key's column (flush) or deeper (indented).
 */
function layoutVotes(text: string): LayoutVotes {
  const votes: LayoutVotes = { steps: new Map(), indented: 0, flush: 0 };
  const lines = text.split(/\r\n?|\n/);
  let open: number | undefined; // the key column of the block key on an earlier line
  for (const line of lines) {
    const trimmed = line.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const content = CONTENT.exec(line);
    if (open !== undefined && content) {
      const indent = content[1]!.length;
      if (content[2] !== undefined) {
        if (indent > open) votes.indented++;
        else if (indent === open) votes.flush++;
      } else if (indent > open) {
        votes.steps.set(indent - open, (votes.steps.get(indent - open) ?? 0) + 1);
      }
    }
    const key = OPEN_KEY.exec(line);
    open = key ? key[1]!.length + (key[2]?.length ?? 0) : undefined;
  }
  return votes;
}

/** Votes per document text: an edit re-scans only the document it changed. */
const votesByModel = new WeakMap<YamlDocumentModel, LayoutVotes>();

function votesOf(model: YamlDocumentModel): LayoutVotes {
  let votes = votesByModel.get(model);
  if (!votes) {
    votes = layoutVotes(model.text);
    votesByModel.set(model, votes);
  }
  return votes;
}
/** One layout per file version: code actions are asked for on every cursor move. */
const layouts = new WeakMap<FileModel, Layout>();

/** The step most blocks use; `fallback` when no block shows one. */
function mostVotedStep(steps: Map<number, number>, fallback: number): number {
  let best = fallback;
  let bestCount = 0;
  for (const [step, count] of steps) {
    if (count > bestCount) {
      best = step;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Learns the indentation step and sequence style from the blocks already in the file; falls back to
 * two spaces and indented sequences (what kubectl and most docs write).
 */
export function detectLayout(file: FileModel): Layout {
  const known = layouts.get(file);
  if (known) return known;
  const steps = new Map<number, number>();
  let indented = 0;
  let flush = 0;
  for (const doc of file.documents) {
    const votes = votesOf(doc.model);
    for (const [step, count] of votes.steps) steps.set(step, (steps.get(step) ?? 0) + count);
    indented += votes.indented;
    flush += votes.flush;
  }
  const layout: Layout = {
    eol: detectEol(file.text),
    indent: mostVotedStep(steps, 2),
    indentSequences: flush <= indented,
  };
  layouts.set(file, layout);
  return layout;
}

/**
 * The layout of one of the file's documents where its own lines show it (an HPA indented by 4 below
 * a Deployment indented by 2), the file's for what they do not show: an edit inside that document
 * then looks like its neighbours.
 */
export function documentLayout(file: FileModel, documentIndex: number): Layout {
  const whole = detectLayout(file);
  const model = file.documents[documentIndex]?.model;
  if (!model) return whole;
  const votes = votesOf(model);
  const shown = votes.indented + votes.flush > 0;
  return {
    eol: whole.eol,
    indent: mostVotedStep(votes.steps, whole.indent),
    indentSequences: shown ? votes.flush <= votes.indented : whole.indentSequences,
  };
}

/**
 * Builds indented YAML lines from a small tree, following the layout. Keys map to scalars (strings
 * written as-is), nested objects, or arrays of objects (block sequences).
 */
export type YamlTree = { [key: string]: string | number | YamlTree | YamlTree[] };

export function treeLines(tree: YamlTree, layout: Layout, column = 0): string[] {
  const out: string[] = [];
  const pad = (n: number): string => ' '.repeat(n);
  for (const [key, value] of Object.entries(tree)) {
    if (Array.isArray(value)) {
      out.push(`${pad(column)}${key}:`);
      const dashCol = layout.indentSequences ? column + layout.indent : column;
      for (const item of value) {
        const itemLines = treeLines(item, layout, dashCol + 2);
        if (itemLines.length === 0) continue;
        itemLines[0] = `${pad(dashCol)}- ${itemLines[0]!.slice(dashCol + 2)}`;
        out.push(...itemLines);
      }
    } else if (typeof value === 'object') {
      out.push(`${pad(column)}${key}:`);
      out.push(...treeLines(value, layout, column + layout.indent));
    } else {
      out.push(`${pad(column)}${key}: ${value}`);
    }
  }
  return out;
}
