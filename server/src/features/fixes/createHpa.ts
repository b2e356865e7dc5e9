/**
 * "Create HPA for this Deployment": on a Deployment or StatefulSet that no HPA in the file targets,
 * insert a new `---` document right after it with an autoscaling/v2 HPA (cpu Utilization 70 %),
 * minReplicas and maxReplicas as tab stops where the client applies snippet edits.
 */
import { type CodeAction, CodeActionKind } from 'vscode-languageserver';
import type { FeatureContext } from '../context';
import { newHpaLines } from '../hpaTemplate';
import { type IndexedDocument, rangeOf } from '../../workspace/indexedDocument';
import { localeOf, msg } from '../messages';
import { detectLayout } from '../../edits/textLayout';
import { toWorkspaceEdit } from '../../edits/spanEdits';
import { isReplicaAutoscaler } from '../../workspace/scaleTarget';

export const CREATE_HPA_KIND = `${CodeActionKind.Refactor}.hpa.create`;
const SCALABLE = ['Deployment', 'StatefulSet'];

export function createHpaAction(doc: IndexedDocument, ctx: FeatureContext): CodeAction[] {
  const { kind, name } = doc.object;
  if (!SCALABLE.includes(kind) || !name) return [];
  // Any autoscaler of it anywhere in the workspace (a ScaledObject runs an HPA too): a second would fight it.
  // A VPA on the workload (the index lists it too) does not set replicas: an HPA may still be created.
  if (ctx.workspace.autoscalersOf(doc.object).some(isReplicaAutoscaler)) return [];
  const file = doc.file;
  const namespace = doc.object.root.at('metadata', 'namespace').string;
  const layout = detectLayout(file);
  const target = { kind, name, ...(namespace ? { namespace } : {}) };
  const eol = layout.eol;
  const body = (placeholders: boolean): string =>
    ['---', ...newHpaLines(layout, target, placeholders)].map((l) => l + eol).join('');
  // Right after the workload: where the next document's `---` starts, or at the end of the file.
  const at = doc.end;
  const lead = at === file.text.length && file.text.length > 0 && !file.text.endsWith('\n') ? eol : '';
  const range = rangeOf(file, at, at);
  // Only minReplicas and maxReplicas are left to fill in: the names are known.
  const snippet = (lead + body(true)).replace(/\$\{1:([^}]*)\}/g, '$1').replace(/\$\{4:([^}]*)\}/g, '$1');
  return [
    {
      title: msg(localeOf(ctx.locale), 'action.createHpa', { kind, name }),
      kind: CREATE_HPA_KIND,
      edit: toWorkspaceEdit(ctx, file.uri, [{ range, newText: lead + body(false), snippet }]),
    },
  ];
}
