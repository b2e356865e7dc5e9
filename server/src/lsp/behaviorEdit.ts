/**
 * hpa/behaviorEdit: the one minimal edit that writes a `behavior` block (the preview's "Apply" of a
 * tuner suggestion) into an HPA. The HPA's `behavior:` lines are replaced, or the block goes at the
 * end of `spec:` as the "write default behavior" refactor inserts it; either way in the file's own
 * indentation and line breaks, with every other line (comments included) left as it is. The client
 * only applies the edit, so it needs no YAML of its own.
 */
import type { Connection } from 'vscode-languageserver';
import { BehaviorEditRequest, type BehaviorTextEdit } from '../../../common/protocol';
import type { HPABehavior, HPAScalingRules } from '../../../common/engine/types';
import { insertLines, lineAfter, pairLineSpan } from '../features/fixes/edits';
import { asMap, documentAt, nodeAtPath, pairOf, rangeOf, spanOf } from '../features/indexedDocument';
import { columnOf, detectLayout, treeLines, type YamlTree } from '../features/textLayout';
import { isHpa } from '../workspace/scaleTarget';
import type { FileModel } from '../yaml/documents';
import { pairsOf } from '../yaml/yamlNodes';
import { onCustomRequest } from './customRequests';

/** One direction's rules as a tree, in the order the API documents them; unset fields stay out. */
function rulesTree(rules: HPAScalingRules): YamlTree | string {
  const tree: YamlTree = {};
  if (typeof rules.stabilizationWindowSeconds === 'number')
    tree.stabilizationWindowSeconds = rules.stabilizationWindowSeconds;
  if (rules.selectPolicy !== undefined) tree.selectPolicy = rules.selectPolicy;
  if (rules.policies !== undefined && rules.policies.length > 0)
    tree.policies = rules.policies.map((p) => ({
      type: p.type,
      value: p.value,
      periodSeconds: p.periodSeconds,
    }));
  // A quantity such as 5% or 0.05 is written quoted only when YAML would read it as something else.
  if (rules.tolerance !== undefined)
    tree.tolerance = typeof rules.tolerance === 'number' ? rules.tolerance : `'${rules.tolerance}'`;
  // An empty map still means "the API defaults for this direction".
  return Object.keys(tree).length > 0 ? tree : '{}';
}

/** The block as a tree: `behavior: {}` when both directions are left to the API. */
export function behaviorTree(behavior: HPABehavior): YamlTree {
  const inner: YamlTree = {};
  if (behavior.scaleUp) inner.scaleUp = rulesTree(behavior.scaleUp);
  if (behavior.scaleDown) inner.scaleDown = rulesTree(behavior.scaleDown);
  return { behavior: Object.keys(inner).length > 0 ? inner : '{}' };
}

/** The edit for the HPA in document `documentIndex` of `file`, or null when it cannot be written. */
export function behaviorEdit(
  file: FileModel,
  documentIndex: number,
  behavior: HPABehavior,
): BehaviorTextEdit | null {
  const fileDocument = file.documents[documentIndex];
  if (!fileDocument) return null;
  const doc = documentAt(file, fileDocument.offset);
  if (!doc || !isHpa(doc.object)) return null;
  const spec = asMap(nodeAtPath(doc.yaml.value, ['spec']));
  if (!spec || spec.flow || spec.size === 0) return null;
  const layout = detectLayout(file);
  const existing = pairOf(spec, 'behavior');
  if (existing) {
    const lines = pairLineSpan(doc, existing);
    const keySpan = spanOf(doc, existing.key);
    if (!lines || !keySpan) return null;
    const text = treeLines(behaviorTree(behavior), layout, columnOf(file, keySpan[0]))
      .map((l) => l + layout.eol)
      .join('');
    return { range: rangeOf(file, lines[0], lines[1]), newText: text };
  }
  const firstKey = spanOf(doc, pairsOf(spec)[0]?.key);
  const at = lineAfter(doc, spec);
  if (!firstKey || at === undefined) return null;
  const lines = treeLines(behaviorTree(behavior), layout, columnOf(file, firstKey[0]));
  const edit = insertLines(file, at, lines, layout.eol);
  return { range: edit.range, newText: edit.newText };
}

/** Registers hpa/behaviorEdit; `indexedFile` gives the file as the index holds it, up to date. */
export function registerBehaviorEdit(
  connection: Connection,
  indexedFile: (uri: string) => FileModel | undefined,
): void {
  onCustomRequest(connection, BehaviorEditRequest, ({ uri, documentIndex, behavior }) => {
    const file = indexedFile(uri);
    return file ? behaviorEdit(file, documentIndex, behavior) : null;
  });
}
