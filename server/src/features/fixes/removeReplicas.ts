/**
 * `replicas-conflict`: delete `spec.replicas` from the workload an HPA scales. The title carries the
 * Kubernetes docs' warning: with the field gone, the next `kubectl apply` sets the count to the
 * default of 1 once, before the HPA scales it back up.
 */
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import type { FileModel } from '../../yaml/documents';
import { isWorkload } from '../../workspace/podTemplate';
import { isHpa } from '../../workspace/scaleTarget';
import { type FeatureContext, targetOf } from '../context';
import {
  asMap,
  documentAt,
  documentOf,
  type IndexedDocument,
  nodeAtPath,
  offsetAt,
  pairOf,
  rangeOf,
} from '../../workspace/indexedDocument';
import { localeOf, msg } from '../messages';
import { pairLineSpan, toWorkspaceEdit } from '../../edits/spanEdits';

/** The workload the diagnostic is about: the document it sits in, or the target of the HPA it sits in. */
function workloadFor(doc: IndexedDocument, ctx: FeatureContext): IndexedDocument | undefined {
  if (isWorkload(doc.object)) return doc;
  const target = isHpa(doc.object) ? targetOf(doc.object, ctx.workspace) : undefined;
  return target && documentOf(target, ctx.workspace);
}

export function removeReplicasFix(
  file: FileModel,
  diagnostic: Diagnostic,
  ctx: FeatureContext,
): CodeAction[] {
  const doc = documentAt(file, offsetAt(file, diagnostic.range.start));
  const workload = doc && workloadFor(doc, ctx);
  if (!workload) return [];
  const spec = asMap(nodeAtPath(workload.yaml.value, ['spec']));
  const pair = pairOf(spec, 'replicas');
  // Only a key that starts its own line can go with its line; anything else is not block style.
  const span = spec && !spec.flow && pair ? pairLineSpan(workload, pair) : undefined;
  if (!span) return [];
  const locale = localeOf(ctx.locale);
  return [
    {
      title: msg(locale, 'fix.removeReplicas', {
        kind: workload.object.kind,
        name: workload.object.name ?? '',
      }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: toWorkspaceEdit(ctx, workload.file.uri, [
        { range: rangeOf(workload.file, span[0], span[1]), newText: '' },
      ]),
    },
  ];
}
