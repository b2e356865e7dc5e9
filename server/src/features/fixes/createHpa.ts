/**
 * "Create HPA for this Deployment": on a Deployment or StatefulSet that no HPA in the file targets,
 * insert a new `---` document right after it with an autoscaling/v2 HPA (cpu Utilization 70 %),
 * minReplicas and maxReplicas as tab stops where the client applies snippet edits.
 */
import type { Document } from 'yaml';
import { type CodeAction, CodeActionKind } from 'vscode-languageserver';
import { newHpaLines } from '../hpaTemplate';
import { type FeatureContext, hpasTargetingInFile } from '../context';
import { localeOf, msg } from '../messages';
import { detectLayout } from '../textLayout';
import type { YamlFile } from '../yamlFile';
import { docKind, docName, nodeAtPath, rangeOf, scalarString } from '../yamlFile';
import { toWorkspaceEdit } from './edits';

export const CREATE_HPA_KIND = `${CodeActionKind.Refactor}.hpa.create`;
const SCALABLE = ['Deployment', 'StatefulSet'];

export function createHpaAction(file: YamlFile, doc: Document.Parsed, ctx: FeatureContext): CodeAction[] {
  const kind = docKind(doc);
  const name = docName(doc);
  if (!kind || !SCALABLE.includes(kind) || !name || hpasTargetingInFile(file, doc).length > 0) return [];
  const namespace = scalarString(nodeAtPath(doc.value, ['metadata', 'namespace']));
  const layout = detectLayout(file);
  const target = { kind, name, ...(namespace ? { namespace } : {}) };
  const eol = layout.eol;
  const body = (placeholders: boolean): string =>
    ['---', ...newHpaLines(layout, target, placeholders)].map((l) => l + eol).join('');
  // Right after the workload: where the next document's `---` starts, or at the end of the file.
  const next = file.slices[file.docs.indexOf(doc) + 1];
  const at = next ? next.offset : file.text.length;
  const lead = !next && file.text.length > 0 && !file.text.endsWith('\n') ? eol : '';
  const range = rangeOf(file, at, at);
  // Only minReplicas and maxReplicas are left to fill in: the names are known.
  const snippet = (lead + body(true)).replace(/\$\{1:([^}]*)\}/g, '$1').replace(/\$\{4:([^}]*)\}/g, '$1');
  return [
    {
      title: msg(localeOf(ctx.locale), 'action.createHpa', { kind, name }),
      kind: CREATE_HPA_KIND,
      edit: toWorkspaceEdit(ctx, [{ range, newText: lead + body(false), snippet }]),
    },
  ];
}
