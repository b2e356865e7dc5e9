/**
 * `missing-resource-request`: add a request to a container so utilization can be computed
 * (semantics §1.4.1: a considered container without a request fails the metric). Inserts only the
 * missing lines, at the indentation of their future siblings; `cpu: 100m` and `memory: 128Mi` are
 * starting points, offered as tab stops where the client applies snippet edits.
 */
import type { Document, YAMLMap } from 'yaml';
import { isMap, isSeq, pairsOf } from '../../yaml/yamlNodes';
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import { type FeatureContext, targetDocumentInFile } from '../context';
import { localeOf, msg } from '../messages';
import { columnOf, detectLayout, type Layout } from '../textLayout';
import type { YamlFile } from '../yamlFile';
import {
  asMap,
  documentAt,
  fieldAt,
  isHpaDoc,
  isWorkloadDoc,
  nodeAtPath,
  offsetAt,
  pairOf,
  scalarString,
  spanOf,
} from '../yamlFile';
import { insertLines, lineAfter, type PlannedEdit, toWorkspaceEdit } from './edits';

export const DEFAULT_REQUESTS: Record<string, string> = { cpu: '100m', memory: '128Mi' };

/** Which resource the diagnostic is about: its data, else its message, else cpu. */
export function resourceOf(diagnostic: Diagnostic): string {
  const data = diagnostic.data as { resource?: unknown } | undefined;
  if (typeof data?.resource === 'string') return data.resource;
  const m = /\b(cpu|memory)\b/.exec(diagnostic.message);
  return m ? m[1]! : 'cpu';
}

function firstKeyColumn(file: YamlFile, map: YAMLMap): number | undefined {
  const span = spanOf(pairsOf(map)[0]?.key);
  return span ? columnOf(file, span[0]) : undefined;
}

/** The edit that gives one container a request for `resource`, or undefined when it has one. */
export function addRequestEdit(
  file: YamlFile,
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
    const col = firstKeyColumn(file, requests.value)!;
    const at = lineAfter(file, requests.value);
    if (at === undefined) return undefined;
    const pad = ' '.repeat(col);
    return insertLines(file, at, [`${pad}${resource}: ${value}`], layout.eol, [`${pad}${resource}: ${tab}`]);
  }
  if (requests) return undefined; // `requests: {}` or another shape: leave it to the user
  if (resources && isMap(resources.value) && !resources.value.flow && resources.value.size > 0) {
    const col = firstKeyColumn(file, resources.value)!;
    const at = lineAfter(file, resources.value);
    if (at === undefined) return undefined;
    const pad = ' '.repeat(col);
    const inner = ' '.repeat(col + layout.indent);
    return insertLines(file, at, [`${pad}requests:`, `${inner}${resource}: ${value}`], layout.eol, [
      `${pad}requests:`,
      `${inner}${resource}: ${tab}`,
    ]);
  }
  if (resources) return undefined;
  if (container.flow) return undefined;
  const col = firstKeyColumn(file, container);
  const at = lineAfter(file, container);
  if (col === undefined || at === undefined) return undefined;
  const pad = ' '.repeat(col);
  const l1 = ' '.repeat(col + layout.indent);
  const l2 = ' '.repeat(col + 2 * layout.indent);
  return insertLines(
    file,
    at,
    [`${pad}resources:`, `${l1}requests:`, `${l2}${resource}: ${value}`],
    layout.eol,
    [`${pad}resources:`, `${l1}requests:`, `${l2}${resource}: ${tab}`],
  );
}

function hasRequest(container: YAMLMap, resource: string): boolean {
  return pairOf(asMap(nodeAtPath(container, ['resources', 'requests'])), resource) !== undefined;
}

/** Containers to fix: the one under the diagnostic, or every container of the workload lacking it. */
function containersFor(
  file: YamlFile,
  doc: Document.Parsed,
  offset: number,
  resource: string,
  wanted?: string,
): YAMLMap[] {
  const workload = isHpaDoc(doc) ? targetDocumentInFile(file, doc) : doc;
  if (!workload || !isWorkloadDoc(workload)) return [];
  const list = nodeAtPath(workload.value, ['spec', 'template', 'spec', 'containers']);
  if (!isSeq(list)) return [];
  const all = Array.from(list).filter((c): c is YAMLMap => isMap(c));
  if (wanted)
    return all.filter((c) => scalarString(nodeAtPath(c, ['name'])) === wanted && !hasRequest(c, resource));
  if (workload === doc) {
    const path = fieldAt(doc, offset)?.path ?? [];
    const index = path[4];
    if (path[3] === 'containers' && typeof index === 'number') {
      const c = list[index];
      if (isMap(c) && !hasRequest(c, resource)) return [c];
    }
  }
  return all.filter((c) => !hasRequest(c, resource));
}

export function addRequestFix(file: YamlFile, diagnostic: Diagnostic, ctx: FeatureContext): CodeAction[] {
  const resource = resourceOf(diagnostic);
  const value = Object.hasOwn(DEFAULT_REQUESTS, resource) ? DEFAULT_REQUESTS[resource] : undefined;
  if (!value) return [];
  const offset = offsetAt(file, diagnostic.range.start);
  const doc = documentAt(file, offset);
  if (!doc) return [];
  const data = diagnostic.data as { container?: unknown } | undefined;
  const wanted = typeof data?.container === 'string' ? data.container : undefined;
  const layout = detectLayout(file);
  const locale = localeOf(ctx.locale);
  const actions: CodeAction[] = [];
  for (const container of containersFor(file, doc, offset, resource, wanted)) {
    const edit = addRequestEdit(file, container, resource, value, layout);
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
      edit: toWorkspaceEdit(ctx, [edit]),
    });
  }
  return actions;
}
