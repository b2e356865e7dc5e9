/**
 * hpa/behaviorEdit: the one edit that writes a `behavior` block (the preview's "Apply" of a tuner
 * suggestion) into an HPA, as small as it can be and as one TextEdit, so it is one undo step.
 *
 * With a `behavior:` already there, only what differs changes (yamlValueEdit.ts): a changed value in
 * place with its quoting and end-of-line comment, new keys beside their siblings, gone keys with
 * their own lines, matching policies untouched; every comment of a key that stays is kept. The
 * separate changes are joined into one edit spanning them, the text between them as it was. Without
 * one, the block goes at the end of `spec:` as the "write default behavior" refactor inserts it.
 * Either way in the file's own indentation and line breaks.
 *
 * Each edit is checked before it is sent: the document must parse, `spec.behavior` must read as
 * the asked block, and nothing outside the `behavior:` lines may change. An in-place edit that
 * fails the check (a layout the planner did not foresee) gives way to rewriting the `behavior:`
 * lines whole; one that cannot be checked clean is refused with a message, never sent.
 *
 * The client only applies the edit, so it needs no YAML of its own; lsp/behaviorEditRequest.ts
 * answers the request with it.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Pair } from 'yaml';
import type { BehaviorTextEdit } from '../../../common/protocol';
import {
  insertLinesSpan,
  linesText,
  mergeSpanEdits,
  newKeyPlace,
  pairLineSpan,
  type SpanEdit,
} from './spanEdits';
import {
  asMap,
  documentAt,
  type IndexedDocument,
  nodeAtPath,
  pairOf,
  rangeOf,
  spanOf,
} from '../workspace/indexedDocument';
import { columnOf, documentLayout, type Layout } from './textLayout';
import { t } from '../localize';
import { isHpa } from '../workspace/scaleTarget';
import { type FileModel, YamlDocumentModel } from '../yaml/documents';
import { isAlias, isMap, isSeq, pairsOf, plainValue } from '../yaml/yamlNodes';
import { behaviorValue, MalformedBehavior } from './behaviorValue';
import { pairLines, type PlainMap } from './plainYamlText';
import { editPairValue } from './yamlValueEdit';

/** Why an edit is not offered, in the user's language; the client shows it. */
export class BehaviorEditRefused extends Error {}

/** True when the node or anything under it has an anchor or is an alias. */
function sharesNodes(node: unknown): boolean {
  if (isAlias(node)) return true;
  if ((node as { anchor?: string } | null)?.anchor) return true;
  if (isMap(node)) return pairsOf(node).some((pair) => sharesNodes(pair.key) || sharesNodes(pair.value));
  if (isSeq(node)) return Array.from(node).some(sharesNodes);
  return false;
}

/**
 * True when `edit` leaves the text outside [from, to) as it was and the HPA's document, edited,
 * parses without error to a `spec.behavior` that reads as `wanted`.
 */
function writesExactly(
  doc: IndexedDocument,
  edit: SpanEdit,
  wanted: PlainMap,
  [from, to]: [number, number],
): boolean {
  if (edit.start < from || edit.end > to) return false;
  const text = doc.file.text;
  const edited = text.slice(doc.offset, edit.start) + edit.text + text.slice(edit.end, doc.end);
  const parsed = new YamlDocumentModel(edited).parsed;
  if (parsed.errors.length > 0) return false;
  return isDeepStrictEqual(plainValue(nodeAtPath(parsed.value, ['spec', 'behavior']), parsed), wanted);
}

/**
 * The `behavior:` lines (`lines`, as pairLineSpan gives them) written anew, for a layout the
 * in-place planner did not foresee.
 */
function wholeBlock(
  doc: IndexedDocument,
  layout: Layout,
  pair: Pair,
  lines: [number, number],
  wanted: PlainMap,
): SpanEdit | undefined {
  const keySpan = spanOf(doc, pair.key);
  if (!keySpan) return undefined;
  const text = linesText(pairLines('behavior', wanted, layout, columnOf(doc.file, keySpan[0])), layout.eol);
  return { start: lines[0], end: lines[1], text };
}

function toTextEdit(file: FileModel, edit: SpanEdit): BehaviorTextEdit {
  return { range: rangeOf(file, edit.start, edit.end), newText: edit.text };
}

/**
 * The edit for the HPA in document `documentIndex` of `file`, or null when that is not an HPA with a
 * block-style spec. Throws BehaviorEditRefused when the block cannot be written safely.
 */
export function behaviorEdit(
  file: FileModel,
  documentIndex: number,
  behavior: unknown,
): BehaviorTextEdit | null {
  const fileDocument = file.documents[documentIndex];
  if (!fileDocument) return null;
  const doc = documentAt(file, fileDocument.offset);
  if (!doc || !isHpa(doc.object)) return null;
  const spec = asMap(nodeAtPath(doc.yaml.value, ['spec']));
  if (!spec || spec.flow || spec.size === 0) return null;
  let wanted: PlainMap;
  try {
    wanted = behaviorValue(behavior);
  } catch (error) {
    if (!(error instanceof MalformedBehavior)) throw error;
    throw new BehaviorEditRefused(
      t('the block to write is not a valid behavior ({path})', { path: error.path }),
    );
  }
  if (doc.yaml.errors.length > 0) throw new BehaviorEditRefused(t('the HPA has a YAML error: fix it first'));
  const layout = documentLayout(file, documentIndex);
  const existing = pairOf(spec, 'behavior');
  if (!existing) {
    const place = newKeyPlace(doc, spec);
    if (!place) return null;
    const { at } = place;
    const lines = pairLines('behavior', wanted, layout, place.column);
    const insert = insertLinesSpan(file.text, at, lines, layout.eol);
    if (!writesExactly(doc, insert, wanted, [at, at])) throw refusedUnchecked();
    return toTextEdit(file, insert);
  }
  if (sharesNodes(existing.key) || sharesNodes(existing.value))
    throw new BehaviorEditRefused(
      t(
        'spec.behavior uses a YAML anchor or alias, so a change here could also change what shares it: edit the block by hand',
      ),
    );
  const blockLines = pairLineSpan(doc, existing);
  if (!blockLines) return null;
  const edits = editPairValue(doc, layout, existing, wanted);
  // Already the asked block: an empty edit, so Apply changes nothing and still succeeds.
  if (edits?.length === 0) return toTextEdit(file, { start: blockLines[0], end: blockLines[0], text: '' });
  const inPlace = edits && mergeSpanEdits(file.text, edits);
  if (inPlace && writesExactly(doc, inPlace, wanted, blockLines)) return toTextEdit(file, inPlace);
  const whole = wholeBlock(doc, layout, existing, blockLines, wanted);
  if (whole && writesExactly(doc, whole, wanted, blockLines)) return toTextEdit(file, whole);
  throw refusedUnchecked();
}

function refusedUnchecked(): BehaviorEditRefused {
  return new BehaviorEditRefused(
    t('the block could not be written without changing more than spec.behavior: edit it by hand'),
  );
}
