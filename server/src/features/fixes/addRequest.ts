/**
 * `missing-resource-request`: add a request to a container so utilization can be computed
 * (semantics §1.4.1: a considered container without a request fails the metric). Inserts only the
 * missing lines, at the indentation of their future siblings; `cpu: 100m` and `memory: 128Mi` are
 * starting points, offered as tab stops where the client applies snippet edits.
 */
import type { YAMLMap } from 'yaml';
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import type { FileModel } from '../../yaml/documents';
import { isMap, pairsOf } from '../../yaml/yamlNodes';
import { countedContainers, isWorkload, podSpecOf } from '../../workspace/podTemplate';
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
  scalarString,
  spanOf,
} from '../../workspace/indexedDocument';
import { localeOf, msg } from '../messages';
import { columnOf, detectLayout, type Layout } from '../../edits/textLayout';
import { contentEnd, insertLines, lineAfter, type PlannedEdit, toWorkspaceEdit } from '../../edits/spanEdits';

export const DEFAULT_REQUESTS: Record<string, string> = { cpu: '100m', memory: '128Mi' };

/** Which resource the diagnostic is about: its data, else its message, else cpu. */
export function resourceOf(diagnostic: Diagnostic): string {
  const data = diagnostic.data as { resource?: unknown } | undefined;
  if (typeof data?.resource === 'string') return data.resource;
  const m = /\b(cpu|memory)\b/.exec(diagnostic.message);
  return m ? m[1]! : 'cpu';
}

function firstKeyColumn(doc: IndexedDocument, map: YAMLMap): number | undefined {
  const span = spanOf(doc, pairsOf(map)[0]?.key);
  return span ? columnOf(doc.file, span[0]) : undefined;
}

/** The edit that gives one container a request for `resource`, or undefined when it has one. */
export function addRequestEdit(
  doc: IndexedDocument,
  container: YAMLMap,
  resource: string,
  value: string,
  layout: Layout,
): PlannedEdit | undefined {
  const resources = pairOf(container, 'resources');
  const requests = pairOf(asMap(resources?.value), 'requests');
  const tab = `\${1:${value}}`;
  if (requests && isMap(requests.value) && !requests.value.flow && requests.value.size > 0) {
    if (pairOf(requests.value, resource)) return undefined;
    const col = firstKeyColumn(doc, requests.value)!;
    const at = lineAfter(doc, requests.value);
    if (at === undefined) return undefined;
    const pad = ' '.repeat(col);
    return insertLines(doc.file, at, [`${pad}${resource}: ${value}`], layout.eol, [
      `${pad}${resource}: ${tab}`,
    ]);
  }
  if (requests) return undefined; // `requests: {}` or another shape: leave it to the user
  if (resources && isMap(resources.value) && !resources.value.flow && resources.value.size > 0) {
    const col = firstKeyColumn(doc, resources.value)!;
    const at = lineAfter(doc, resources.value);
    if (at === undefined) return undefined;
    const pad = ' '.repeat(col);
    const inner = ' '.repeat(col + layout.indent);
    return insertLines(doc.file, at, [`${pad}requests:`, `${inner}${resource}: ${value}`], layout.eol, [
      `${pad}requests:`,
      `${inner}${resource}: ${tab}`,
    ]);
  }
  if (resources) return undefined;
  if (container.flow) return undefined;
  const col = firstKeyColumn(doc, container);
  const at = lineAfter(doc, container);
  if (col === undefined || at === undefined) return undefined;
  const pad = ' '.repeat(col);
  const l1 = ' '.repeat(col + layout.indent);
  const l2 = ' '.repeat(col + 2 * layout.indent);
  return insertLines(
    doc.file,
    at,
    [`${pad}resources:`, `${l1}requests:`, `${l2}${resource}: ${value}`],
    layout.eol,
    [`${pad}resources:`, `${l1}requests:`, `${l2}${resource}: ${tab}`],
  );
}

function hasRequest(container: YAMLMap, resource: string): boolean {
  return pairOf(asMap(nodeAtPath(container, ['resources', 'requests'])), resource) !== undefined;
}

/**
 * The workload to fix and the containers lacking the request: the one under the diagnostic, else
 * every counted container (regular and restartable init containers, as the rule counts them). On
 * an HPA's metric, the workload is its target, wherever the workspace holds it.
 */
function containersFor(
  doc: IndexedDocument,
  offset: number,
  resource: string,
  ctx: FeatureContext,
  wanted?: string,
): { workload: IndexedDocument; containers: YAMLMap[] } | undefined {
  const target = isHpa(doc.object) ? targetOf(doc.object, ctx.workspace) : doc.object;
  if (!target || !isWorkload(target)) return undefined;
  const workload = target === doc.object ? doc : documentOf(target, ctx.workspace);
  if (!workload) return undefined;
  const all = countedContainers(podSpecOf(target))
    .map((c) => c.view.node)
    .filter((c): c is YAMLMap => isMap(c));
  const lacking = all.filter((c) => !hasRequest(c, resource));
  if (wanted)
    return { workload, containers: lacking.filter((c) => scalarString(nodeAtPath(c, ['name'])) === wanted) };
  if (workload === doc) {
    const here = all.find((c) => {
      const span = spanOf(doc, c);
      const end = contentEnd(doc, c);
      return span !== undefined && end !== undefined && offset >= span[0] && offset <= end;
    });
    if (here && lacking.includes(here)) return { workload, containers: [here] };
  }
  return { workload, containers: lacking };
}

export function addRequestFix(file: FileModel, diagnostic: Diagnostic, ctx: FeatureContext): CodeAction[] {
  const resource = resourceOf(diagnostic);
  const value = Object.hasOwn(DEFAULT_REQUESTS, resource) ? DEFAULT_REQUESTS[resource] : undefined;
  if (!value) return [];
  const offset = offsetAt(file, diagnostic.range.start);
  const doc = documentAt(file, offset);
  if (!doc) return [];
  const data = diagnostic.data as { container?: unknown } | undefined;
  const wanted = typeof data?.container === 'string' ? data.container : undefined;
  const found = containersFor(doc, offset, resource, ctx, wanted);
  if (!found) return [];
  const layout = detectLayout(found.workload.file);
  const locale = localeOf(ctx.locale);
  const actions: CodeAction[] = [];
  for (const container of found.containers) {
    const edit = addRequestEdit(found.workload, container, resource, value, layout);
    if (!edit) continue;
    actions.push({
      title: msg(locale, 'fix.addRequest', {
        resource,
        value,
        container: scalarString(nodeAtPath(container, ['name'])) ?? '?',
      }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      ...(actions.length === 0 ? { isPreferred: true } : {}),
      edit: toWorkspaceEdit(ctx, found.workload.file.uri, [edit]),
    });
  }
  return actions;
}
