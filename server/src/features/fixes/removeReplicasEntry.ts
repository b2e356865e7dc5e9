/**
 * `replicas-conflict` found at a kustomization's `replicas:` entry (the rendered overlay's count came
 * from there): delete the entry, the whole `- name: X` / `count: N` item, and the `replicas:` key
 * with it when it was the only one. Whole lines go, so the rest of the file keeps its layout.
 */
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import type { FileModel } from '../../yaml/documents';
import { isSeq } from '../../yaml/yamlNodes';
import { isKustomizationPath } from '../../workspace/filePaths';
import { offsetAt, rangeOf } from '../../workspace/indexedDocument';
import { parseKustomization } from '../../kustomize/kustomization';
import { lineStartOf, nextLineStart } from '../../edits/textLayout';
import { toWorkspaceEdit } from '../../edits/spanEdits';
import type { FeatureContext } from '../context';
import { localeOf, msg } from '../messages';

/** What to delete for the entry holding `offset`: [start, end) of whole lines, and the entry's name. */
export function replicasEntryRemoval(
  text: string,
  offset: number,
): { start: number; end: number; name: string } | undefined {
  const kustomization = parseKustomization(text);
  const list = kustomization?.root.get('replicas');
  if (!kustomization || !list || !isSeq(list.node)) return undefined;
  const items = list.items();
  const index = items.findIndex((item) => {
    const span = item.valueSpan();
    return span.start <= offset && offset <= span.end;
  });
  const entry = kustomization.replicas.find((r) => r.view.node === items[index]?.node);
  if (index < 0 || !entry) return undefined;
  // The only entry: the `replicas:` key goes too (an empty list would be a leftover to clean up).
  const whole = items.length === 1 ? list.keySpan() : undefined;
  const from = whole ? whole.start : dashBefore(text, items[index]!.valueSpan().start);
  const to = whole ? list.valueSpan().end : items[index]!.valueSpan().end;
  if (from === undefined || (list.node.flow && !whole)) return undefined;
  const start = lineStartOf(text, from);
  // Only what starts its own line can go with its lines; anything else is not block style.
  if (text.slice(start, from).trim() !== '') return undefined;
  return { start, end: nextLineStart(text, to), name: entry.name };
}

/** The offset of the `-` that opens the sequence item starting at `at`, when one does. */
function dashBefore(text: string, at: number): number | undefined {
  let i = at - 1;
  while (i >= 0 && /[ \t\r\n]/.test(text[i]!)) i--;
  return text[i] === '-' ? i : undefined;
}

export function removeReplicasEntryFix(
  file: FileModel,
  diagnostic: Diagnostic,
  ctx: FeatureContext,
): CodeAction[] {
  if (!isKustomizationPath(file.uri)) return [];
  const removal = replicasEntryRemoval(file.text, offsetAt(file, diagnostic.range.start));
  if (!removal) return [];
  return [
    {
      title: msg(localeOf(ctx.locale), 'fix.removeReplicasEntry', { name: removal.name }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: toWorkspaceEdit(ctx, file.uri, [
        { range: rangeOf(file, removal.start, removal.end), newText: '' },
      ]),
    },
  ];
}
