/**
 * `replicas-conflict`: delete `spec.replicas` from the workload an HPA scales. The title carries the
 * Kubernetes docs' warning: with the field gone, the next `kubectl apply` sets the count to the
 * default of 1 once, before the HPA scales it back up.
 */
import type { Document } from 'yaml';
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import { type FeatureContext, targetDocumentInFile } from '../context';
import { localeOf, msg } from '../messages';
import type { YamlFile } from '../yamlFile';
import {
  asMap,
  docKind,
  docName,
  documentAt,
  isHpaDoc,
  isWorkloadDoc,
  nodeAtPath,
  offsetAt,
  pairOf,
  rangeOf,
} from '../yamlFile';
import { pairLineSpan, toWorkspaceEdit } from './edits';

/** The workload the diagnostic is about: the document it sits in, or the target of the HPA it sits in. */
function workloadFor(file: YamlFile, doc: Document.Parsed): Document.Parsed | undefined {
  if (isWorkloadDoc(doc)) return doc;
  return isHpaDoc(doc) ? targetDocumentInFile(file, doc) : undefined;
}

export function removeReplicasFix(file: YamlFile, diagnostic: Diagnostic, ctx: FeatureContext): CodeAction[] {
  const doc = documentAt(file, offsetAt(file, diagnostic.range.start));
  const workload = doc && workloadFor(file, doc);
  if (!workload) return [];
  const spec = asMap(nodeAtPath(workload.value, ['spec']));
  const pair = pairOf(spec, 'replicas');
  // Only a key that starts its own line can go with its line; anything else is not block style.
  const span = spec && !spec.flow && pair ? pairLineSpan(file, pair) : undefined;
  if (!span) return [];
  const locale = localeOf(ctx.locale);
  return [
    {
      title: msg(locale, 'fix.removeReplicas', {
        kind: docKind(workload) ?? '',
        name: docName(workload) ?? '',
      }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      edit: toWorkspaceEdit(ctx, [{ range: rangeOf(file, span[0], span[1]), newText: '' }]),
    },
  ];
}
