/**
 * The smallest text edits that turn a block-style YAML value into a given plain value, keeping
 * everything of the user's that still applies: a scalar that changes is replaced in place (its
 * quoting and its end-of-line comment kept), a key that must appear is inserted beside its siblings
 * at their column, a key that must go loses its own lines only (the comment lines above it stay),
 * and sequence items equal to a wanted item are kept as they are (a longest common subsequence), the
 * others replaced, removed or inserted. What has no comments inside (a flow collection, a
 * scalar) or cannot be edited in place (a key on a sequence item's dash line that must go) is
 * rewritten as a whole, in its own style where it has one (flow stays flow).
 *
 * Edits are collected as offsets into the file's text; the caller merges them into one.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Pair, YAMLMap, YAMLSeq } from 'yaml';
import { contentEnd, insertLinesSpan, lineAfter, linesText, pairLineSpan, type SpanEdit } from './spanEdits';
import { type IndexedDocument, spanOf } from '../workspace/indexedDocument';
import { columnOf, type Layout, lineContentEnd, lineStartOf, nextLineStart } from './textLayout';
import { isMap, isScalar, isSeq, keyName, pairsOf, plainValue } from '../yaml/yamlNodes';
import {
  flowText,
  isNonEmptyMap,
  itemLines,
  pairLines,
  type PlainMap,
  type PlainValue,
  type QuoteStyle,
  scalarText,
  takesBlockLines,
  valueLines,
} from './plainYamlText';

/** Thrown inside a map or sequence that cannot be edited in place; its parent rewrites it whole. */
class NotInPlace extends Error {}

interface EditRun {
  doc: IndexedDocument;
  text: string;
  layout: Layout;
  edits: SpanEdit[];
}

/**
 * The edits that make `pair`'s value (a pair of a block map whose key starts its line) read as
 * `wanted`: none when it already does, undefined when the pair cannot be edited in place at all.
 */
export function editPairValue(
  doc: IndexedDocument,
  layout: Layout,
  pair: Pair,
  wanted: PlainValue,
): SpanEdit[] | undefined {
  const run: EditRun = { doc, text: doc.file.text, layout, edits: [] };
  return inPlace(run, () => pairValue(run, pair, wanted)) ? run.edits : undefined;
}

function plainOf(run: EditRun, node: unknown): PlainValue {
  return plainValue(node, run.doc.yaml) as PlainValue;
}

/** Runs `plan`; when it finds it cannot edit in place, drops what it planned and says so. */
function inPlace(run: EditRun, plan: () => void): boolean {
  const mark = run.edits.length;
  try {
    plan();
    return true;
  } catch (error) {
    if (!(error instanceof NotInPlace)) throw error;
    run.edits.length = mark;
    return false;
  }
}

function insertAt(run: EditRun, at: number, lines: string[]): void {
  run.edits.push(insertLinesSpan(run.text, at, lines, run.layout.eol));
}

/** A scalar written on one line, from the source, with no explicit tag: its text can be swapped. */
function replaceableScalar(node: unknown): boolean {
  if (!isScalar(node) || node.tag !== undefined) return false;
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') return false;
  const range = node.range;
  return !!range && range[1] > range[0];
}

function quoteOf(node: unknown): QuoteStyle {
  if (!isScalar(node)) return 'plain';
  if (node.type === 'QUOTE_DOUBLE') return 'double';
  if (node.type === 'QUOTE_SINGLE') return 'single';
  return 'plain';
}

function isScalarValue(value: PlainValue): value is string | number | boolean | null {
  return typeof value !== 'object' || value === null;
}

function isFlowCollection(node: unknown): boolean {
  return (isMap(node) || isSeq(node)) && node.flow === true;
}

/** Replaces a scalar's text, in its quoting when the new value is a string. */
function replaceScalar(run: EditRun, node: unknown, wanted: string | number | boolean | null): void {
  const span = spanOf(run.doc, node) as [number, number];
  run.edits.push({ start: span[0], end: span[1], text: scalarText(wanted, quoteOf(node)) });
}

function pairValue(run: EditRun, pair: Pair, wanted: PlainValue): void {
  const node = pair.value;
  if (isDeepStrictEqual(plainOf(run, node), wanted)) return;
  const keySpan = spanOf(run.doc, pair.key) as [number, number];
  const belowKey = nextLineStart(run.text, lineContentEnd(run.text, keySpan[0]));
  if (isMap(node) && !node.flow && isNonEmptyMap(wanted)) {
    if (inPlace(run, () => blockMap(run, node, wanted, belowKey))) return;
  } else if (isSeq(node) && !node.flow && Array.isArray(wanted) && wanted.length > 0) {
    if (inPlace(run, () => blockSeq(run, node, wanted, belowKey))) return;
  } else if (replaceableScalar(node) && isScalarValue(wanted)) {
    replaceScalar(run, node, wanted);
    return;
  }
  rewritePairValue(run, pair, wanted);
}

/**
 * The end of what stands between a key's colon and its end-of-line comment when the value starts on
 * a later line: a tag (`behavior: !!map`), which belongs to the old value.
 */
function propertiesEnd(text: string, from: number, lineEnd: number): number {
  const rest = text.slice(from, lineEnd);
  const comment = rest.search(/(?:^|[ \t])#/);
  return from + (comment < 0 ? rest : rest.slice(0, comment)).trimEnd().length;
}

/**
 * Writes the pair's value anew. A value that takes block lines goes on the lines under the key (a
 * flow collection stays flow, on the key's line); anything else on the key's line. What followed the
 * old value on the key's line, an end-of-line comment, stays.
 */
function rewritePairValue(run: EditRun, pair: Pair, wanted: PlainValue): void {
  const { text, doc } = run;
  const keySpan = spanOf(doc, pair.key);
  if (!keySpan) throw new NotInPlace();
  const colon = text.indexOf(':', keySpan[1]);
  const keyLineEnd = lineContentEnd(text, keySpan[0]);
  if (colon < 0 || colon >= keyLineEnd) throw new NotInPlace();
  const node = pair.value;
  const span = spanOf(doc, node);
  // An empty value (`key:` alone, `key: # comment`) has an empty span: nothing to take out.
  const written = span !== undefined && span[1] > span[0] ? span : undefined;
  // The old value's part on the key's line (maybe running on, as a flow collection over lines
  // does; for a value under the key, its tag) and its lines under the key.
  let inlineEnd = colon + 1;
  let below: [number, number] | undefined;
  if (written && written[0] <= keyLineEnd) inlineEnd = contentEnd(doc, node) ?? written[1];
  else if (written) {
    inlineEnd = propertiesEnd(text, colon + 1, keyLineEnd);
    below = [nextLineStart(text, keyLineEnd), lineAfter(doc, node) ?? written[1]];
  }
  const column = columnOf(doc.file, keySpan[0]);
  if (takesBlockLines(wanted) && !isFlowCollection(node)) {
    const lines = valueLines(wanted, run.layout, column);
    if (inlineEnd > colon + 1) run.edits.push({ start: colon + 1, end: inlineEnd, text: '' });
    if (below) {
      run.edits.push({
        start: below[0],
        end: below[1],
        text: linesText(lines, run.layout.eol),
      });
    } else {
      insertAt(run, nextLineStart(text, Math.max(keyLineEnd, inlineEnd)), lines);
    }
    return;
  }
  run.edits.push({ start: colon + 1, end: inlineEnd, text: ` ${flowText(wanted)}` });
  if (below) run.edits.push({ start: below[0], end: below[1], text: '' });
}

/** Where the lines after a pair start: the line after its value's last content line. */
function pairEnd(run: EditRun, pair: Pair): number {
  const keySpan = spanOf(run.doc, pair.key) as [number, number];
  const end = contentEnd(run.doc, pair.value) ?? keySpan[1];
  return nextLineStart(run.text, Math.max(end, keySpan[1]));
}

/**
 * A block map to `wanted`: keys it should not have lose their lines, keys it has are edited, keys
 * it lacks are inserted after the last of the keys `wanted` lists before them, else at `top` (the
 * line under the parent key, above any comment that introduces the first key), else after the
 * map's last key.
 */
function blockMap(run: EditRun, map: YAMLMap, wanted: PlainMap, top: number | undefined): void {
  const pairs = pairsOf(map);
  const firstKey = spanOf(run.doc, pairs[0]?.key);
  if (!firstKey) throw new NotInPlace();
  const column = columnOf(run.doc.file, firstKey[0]);
  const kept = new Map<string, Pair>();
  for (const pair of pairs) {
    const name = keyName(pair);
    if (name !== undefined && Object.hasOwn(wanted, name) && !kept.has(name)) {
      kept.set(name, pair);
      continue;
    }
    const lines = pairLineSpan(run.doc, pair);
    if (!lines) throw new NotInPlace();
    run.edits.push({ start: lines[0], end: lines[1], text: '' });
  }
  for (const [name, pair] of kept) pairValue(run, pair, wanted[name] as PlainValue);
  const order = Object.keys(wanted);
  const lastPair = pairs[pairs.length - 1] as Pair;
  order.forEach((name, index) => {
    if (kept.has(name)) return;
    let after: Pair | undefined;
    let afterStart = -1;
    for (const earlier of order.slice(0, index)) {
      const pair = kept.get(earlier);
      const start = spanOf(run.doc, pair?.key)?.[0];
      if (pair && start !== undefined && start > afterStart) {
        after = pair;
        afterStart = start;
      }
    }
    const at = after ? pairEnd(run, after) : (top ?? pairEnd(run, lastPair));
    insertAt(run, at, pairLines(name, wanted[name] as PlainValue, run.layout, column));
  });
}

/** The offset of the dash of a block sequence's item, which must be the first thing on its line. */
function dashOf(run: EditRun, item: unknown): number {
  const span = spanOf(run.doc, item);
  if (!span || span[1] <= span[0]) throw new NotInPlace();
  const lineStart = lineStartOf(run.text, span[0]);
  if (!/^ *- +$/.test(run.text.slice(lineStart, span[0]))) throw new NotInPlace();
  return run.text.indexOf('-', lineStart);
}

/** The item's whole lines, from its dash's line to the line after its content. */
function itemLineSpan(run: EditRun, item: unknown, dash: number): [number, number] {
  const end = lineAfter(run.doc, item);
  if (end === undefined) throw new NotInPlace();
  return [lineStartOf(run.text, dash), end];
}

/** Pairs (i, j) of a longest common subsequence of equal items, in order. */
function commonItems(existing: PlainValue[], wanted: PlainValue[]): [number, number][] {
  const n = existing.length;
  const m = wanted.length;
  const longest: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      longest[i]![j] = isDeepStrictEqual(existing[i], wanted[j])
        ? longest[i + 1]![j + 1]! + 1
        : Math.max(longest[i + 1]![j]!, longest[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (isDeepStrictEqual(existing[i], wanted[j])) {
      pairs.push([i, j]);
      i++;
      j++;
    } else if (longest[i + 1]![j]! >= longest[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * A block sequence to `wanted`: items equal to a wanted one stay untouched (with their comments);
 * between them, existing items are replaced by the wanted ones in order, and what is left over is
 * removed or inserted after the item before it (the first at `top`, the line under the parent key).
 */
function blockSeq(run: EditRun, seq: YAMLSeq, wanted: PlainValue[], top: number | undefined): void {
  const items: unknown[] = Array.from(seq);
  const dashes = items.map((item) => dashOf(run, item));
  const dashColumn = columnOf(run.doc.file, dashes[0] as number);
  const existing = items.map((item) => plainOf(run, item));
  const anchors = [...commonItems(existing, wanted), [items.length, wanted.length] as [number, number]];
  let i = 0;
  let j = 0;
  for (const [nextI, nextJ] of anchors) {
    const paired = Math.min(nextI - i, nextJ - j);
    for (let k = 0; k < paired; k++)
      seqItem(run, items[i + k], dashes[i + k] as number, wanted[j + k] as PlainValue, dashColumn);
    for (let k = i + paired; k < nextI; k++) {
      const [start, end] = itemLineSpan(run, items[k], dashes[k] as number);
      run.edits.push({ start, end, text: '' });
    }
    const before = i + paired - 1;
    const at =
      before >= 0
        ? itemLineSpan(run, items[before], dashes[before] as number)[1]
        : (top ?? lineStartOf(run.text, dashes[0] as number));
    for (let k = j + paired; k < nextJ; k++)
      insertAt(run, at, itemLines(wanted[k] as PlainValue, run.layout, dashColumn));
    i = nextI + 1;
    j = nextJ + 1;
  }
}

/**
 * One item replaced by `wanted`: a scalar or flow item in its own style on its line, a block item
 * by new lines in its place. An item is replaced whole rather than edited key by key: a policy
 * with another type, value or period is another policy, and the comments inside the old one (`#
 * one Pod a minute`) would describe it wrongly. A comment line above the item stays.
 */
function seqItem(run: EditRun, item: unknown, dash: number, wanted: PlainValue, dashColumn: number): void {
  if (replaceableScalar(item) && isScalarValue(wanted)) {
    replaceScalar(run, item, wanted);
    return;
  } else if (isFlowCollection(item) && !isScalarValue(wanted)) {
    const span = spanOf(run.doc, item) as [number, number];
    run.edits.push({ start: span[0], end: span[1], text: flowText(wanted) });
    return;
  }
  const [start, end] = itemLineSpan(run, item, dash);
  run.edits.push({
    start,
    end,
    text: linesText(itemLines(wanted, run.layout, dashColumn), run.layout.eol),
  });
}
