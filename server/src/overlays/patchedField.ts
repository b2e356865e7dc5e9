/**
 * Whether a patch sets the field a finding on a rendered object is on, and where in the patch's
 * text. Both patch styles kustomize takes:
 *
 * - a strategic-merge patch is a partial object: the field is set where the patch holds it at the
 *   same path (list items matched by name), as a value rather than a map on the way to others;
 * - a JSON 6902 patch is a list of operations: an `add` or `replace` whose `path` is the field, or
 *   a field above it whose `value` holds it (`/spec/behavior` with a whole behavior block).
 *
 * A patch with a `target:` applies to the objects it selects (patchTarget.ts); one without applies
 * to the object of its own kind and name.
 */
import { parseAllDocuments } from 'yaml';
import { yamlLineBreaks } from '../../../common/yamlLineBreaks';
import type { K8sObject } from '../workspace/objects';
import type { Span } from '../yaml/ranges';
import { YamlView } from '../yaml/yamlView';
import type { PatchEntry } from '../kustomize/kustomization';
import { targetSelects } from '../kustomize/patchTarget';
import { type FieldPath, type Step, follow, itemName, namesMatch } from './renderedFieldPath';

/** The documents of a patch's text that parse cleanly, as views with offsets in that text. */
export function patchDocuments(text: string): YamlView[] {
  const roots: YamlView[] = [];
  for (const doc of parseAllDocuments(yamlLineBreaks(text), { prettyErrors: false })) {
    if (doc.errors.length === 0) roots.push(YamlView.root(doc, 0));
  }
  return roots;
}

/** The span in the patch's text where it sets the field at `path` of `object`, if it does. */
export function patchedFieldSpan(
  entry: PatchEntry,
  documents: readonly YamlView[],
  object: K8sObject,
  path: FieldPath,
): Span | undefined {
  if (entry.target && !targetSelects(entry.target, object)) return undefined;
  const first = documents[0];
  if (!first) return undefined;
  // patchesJson6902 holds JSON patches; `patches` takes either and tells them apart by shape.
  const json = entry.list === 'patchesJson6902' || (entry.list === 'patches' && first.isSeq);
  if (json) return entry.target ? jsonPatchSpan(first, path) : undefined;
  return strategicMergeSpan(documents, object, path, entry.target !== undefined);
}

function strategicMergeSpan(
  documents: readonly YamlView[],
  object: K8sObject,
  path: FieldPath,
  targeted: boolean,
): Span | undefined {
  // A targeted patch applies to what the target selects, whatever kind and name it names itself.
  const candidates = documents.filter(
    (root) =>
      root.isMap &&
      (targeted ||
        (root.get('kind').string === object.kind &&
          namesMatch(object.name, root.at('metadata', 'name').string))),
  );
  const exact = candidates.filter((root) => root.at('metadata', 'name').string === object.name);
  for (const root of [...exact, ...candidates.filter((c) => !exact.includes(c))]) {
    let view: YamlView | undefined = root;
    for (const step of path.steps) {
      view = view && follow(view, step);
    }
    // A patch causes a finding only where it sets the value itself, not where it merely holds a
    // map on the way to other fields (every patch has a `spec:`).
    if (view && !view.isMap) return path.onKey ? view.keySpan() : view.valueSpan();
  }
  return undefined;
}

/** The last `add` or `replace` that sets the field or a field above it (later operations win). */
function jsonPatchSpan(operations: YamlView, path: FieldPath): Span | undefined {
  let found: Span | undefined;
  for (const operation of operations.items()) {
    const op = operation.get('op').string;
    const pointer = operation.get('path').string;
    if ((op !== 'add' && op !== 'replace') || pointer === undefined || !pointer.startsWith('/')) continue;
    const segments = pointer
      .slice(1)
      .split('/')
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (segments.length > path.steps.length) continue;
    const value = operation.get('value');
    if (!value.exists) continue;
    const matches = segments.every((segment, i) =>
      segmentMatches(segment, path.steps[i]!, i === segments.length - 1 ? value : undefined),
    );
    if (!matches) continue;
    let view: YamlView | undefined = value;
    for (const step of path.steps.slice(segments.length)) view = view && follow(view, step);
    if (!view) continue;
    const atPointer = view === value;
    // A finding on the key of the very field the operation names: the pointer's last segment names that key.
    found = path.onKey
      ? atPointer
        ? lastSegmentSpan(operation.get('path'))
        : view.keySpan()
      : view.valueSpan();
  }
  return found;
}

/** The last segment of a pointer as written (`replicas` of `/spec/replicas`), or the whole pointer when quoting makes that unclear. */
function lastSegmentSpan(pointer: YamlView): Span {
  const span = pointer.valueSpan();
  const text = pointer.string ?? '';
  const quotes = span.end - span.start - text.length;
  // A plain scalar is the text itself; a quoted one without escapes has one quote on each side.
  if (quotes !== 0 && quotes !== 2) return span;
  const end = span.end - quotes / 2;
  return { start: end - (text.length - text.lastIndexOf('/') - 1), end };
}

/**
 * A pointer segment against a step of the rendered path: a key by name, a list item by index, or
 * `-` (append) for the item the operation adds when its merge key is the item's.
 */
function segmentMatches(segment: string, step: Step, value: YamlView | undefined): boolean {
  if ('key' in step) return segment === step.key;
  if (segment === '-') return value !== undefined && itemName(value) === step.name;
  return segment === String(step.index);
}
