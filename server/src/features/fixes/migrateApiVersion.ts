/**
 * `deprecated-api-version`: rewrite an HPA in autoscaling/v1, v2beta1 or v2beta2 as autoscaling/v2.
 * v2beta2 has the v2 shape, so only the apiVersion changes. v1's `targetCPUUtilizationPercentage: N`
 * becomes a Resource cpu metric with Utilization N. v2beta1's `targetAverageUtilization`,
 * `targetAverageValue` and `targetValue` become `target:` blocks, `metricName` and its selector become
 * `metric: {name, selector}`, and an Object metric's `target` (the described object) becomes
 * `describedObject`.
 * Every edit touches only the lines it rewrites; a comment at the end of a rewritten line moves to
 * the last line written in its place.
 */
import type { Pair, YAMLMap } from 'yaml';
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import type { FileModel } from '../../yaml/documents';
import { isMap, isSeq } from '../../yaml/yamlNodes';
import { isHpa } from '../../workspace/scaleTarget';
import type { FeatureContext } from '../context';
import {
  asMap,
  documentAt,
  type IndexedDocument,
  keyName,
  nodeAtPath,
  offsetAt,
  pairOf,
  rangeOf,
  spanOf,
} from '../../workspace/indexedDocument';
import { localeOf, msg } from '../messages';
import { columnOf, detectLayout, type Layout, treeLines, type YamlTree } from '../../edits/textLayout';
import {
  contentEnd,
  pairLineSpan,
  type PlannedEdit,
  replaceNode,
  toWorkspaceEdit,
} from '../../edits/spanEdits';

export const DEPRECATED_VERSIONS = ['autoscaling/v1', 'autoscaling/v2beta1', 'autoscaling/v2beta2'];

/** The source text of a scalar exactly as written (keeps quotes and quantity spelling). */
function sourceOf(doc: IndexedDocument, node: unknown): string | undefined {
  const span = spanOf(doc, node);
  return span ? doc.file.text.slice(span[0], span[1]) : undefined;
}

/** The comment at the end of a pair's last line, with the spaces before it, or ''. */
function trailingComment(doc: IndexedDocument, pair: Pair, lineEnd: number): string {
  const rest = doc.file.text.slice(contentEnd(doc, pair.value) ?? lineEnd, lineEnd).replace(/\r?\n$/, '');
  return /^\s*#/.test(rest) ? rest : '';
}

/** Lines replacing [start, end), ending with a line break when the replaced text did. */
function replaceLines(
  doc: IndexedDocument,
  [start, end]: [number, number],
  lines: string[],
  layout: Layout,
): PlannedEdit {
  const eolAtEnd = /\n$/.test(doc.file.text.slice(start, end)) ? layout.eol : '';
  return { range: rangeOf(doc.file, start, end), newText: lines.join(layout.eol) + eolAtEnd };
}

/** Replaces a block pair's whole line(s) with new lines at the pair's column, keeping its end-of-line comment. */
function replacePairLines(
  doc: IndexedDocument,
  pair: Pair,
  tree: YamlTree,
  layout: Layout,
): PlannedEdit | undefined {
  const span = pairLineSpan(doc, pair);
  if (!span) return undefined;
  const lines = treeLines(tree, layout, columnOf(doc.file, spanOf(doc, pair.key)![0]));
  lines[lines.length - 1] += trailingComment(doc, pair, span[1]);
  return replaceLines(doc, span, lines, layout);
}

const V2BETA1_OBJECT_AVERAGE = { type: 'AverageValue', field: 'averageValue' };

const V2BETA1_TARGETS: Record<string, { type: string; field: string }> = {
  targetAverageUtilization: { type: 'Utilization', field: 'averageUtilization' },
  targetAverageValue: { type: 'AverageValue', field: 'averageValue' },
  targetValue: { type: 'Value', field: 'value' },
};

/**
 * v2beta1's `metricName` plus its selector (`selector` for Pods and Object, `metricSelector` for
 * External) become v2's `metric: {name, selector}`; the selector's own lines move one level deeper.
 */
function metricIdentifierEdits(doc: IndexedDocument, source: YAMLMap, layout: Layout): PlannedEdit[] {
  const name = pairOf(source, 'metricName');
  const value = name && sourceOf(doc, name.value);
  const nameLines = name && pairLineSpan(doc, name);
  if (!name || value === undefined || !nameLines) return [];
  const selector = pairOf(source, 'metricSelector') ?? pairOf(source, 'selector');
  const selectorLines = selector && pairLineSpan(doc, selector);
  const out = treeLines({ metric: { name: value } }, layout, columnOf(doc.file, spanOf(doc, name.key)![0]));
  out[out.length - 1] += trailingComment(doc, name, nameLines[1]);
  const edits: PlannedEdit[] = [];
  if (selector && selectorLines) {
    const moved = doc.file.text
      .slice(selectorLines[0], selectorLines[1])
      .replace(/\r?\n$/, '')
      .split(/\r?\n/)
      .map((line) => ' '.repeat(layout.indent) + line);
    moved[0] = moved[0]!.replace(/(metricSelector|selector):/, 'selector:');
    out.push(...moved);
    edits.push({ range: rangeOf(doc.file, selectorLines[0], selectorLines[1]), newText: '' });
  }
  edits.push(replaceLines(doc, nameLines, out, layout));
  return edits;
}

function v2beta1Edits(doc: IndexedDocument, layout: Layout): PlannedEdit[] {
  const metrics = nodeAtPath(doc.yaml.value, ['spec', 'metrics']);
  if (!isSeq(metrics)) return [];
  const edits: PlannedEdit[] = [];
  for (const item of metrics) {
    for (const sourceKey of ['resource', 'pods', 'object', 'external', 'containerResource']) {
      const source = asMap(pairOf(item, sourceKey)?.value);
      if (!source || source.flow) continue;
      edits.push(...metricIdentifierEdits(doc, source, layout));
      // A v2beta1 Object metric with `averageValue` targets it per Pod; its `targetValue` then has no effect.
      const perPod = sourceKey === 'object' ? pairOf(source, 'averageValue') : undefined;
      for (const pair of source.pairs()) {
        const key = keyName(pair);
        if (key === undefined) continue;
        const value = sourceOf(doc, pair.value);
        const target =
          pair === perPod
            ? V2BETA1_OBJECT_AVERAGE
            : Object.hasOwn(V2BETA1_TARGETS, key)
              ? V2BETA1_TARGETS[key]
              : undefined;
        if (perPod && key === 'targetValue') {
          const lines = pairLineSpan(doc, pair);
          if (lines) edits.push({ range: rangeOf(doc.file, lines[0], lines[1]), newText: '' });
        } else if (target && value !== undefined) {
          const edit = replacePairLines(
            doc,
            pair,
            { target: { type: target.type, [target.field]: value } },
            layout,
          );
          if (edit) edits.push(edit);
        } else if (key === 'target' && sourceKey === 'object' && isMap(pair.value)) {
          // v2beta1 Object metrics named the described object `target`; v2 uses `target` for the goal.
          const edit = replaceNode(doc, pair.key as never, 'describedObject');
          if (edit) edits.push(edit);
        }
      }
    }
  }
  return edits;
}

/**
 * v1's `targetCPUUtilizationPercentage` as a v2 cpu metric. Also applied to other old versions,
 * where manifests carry it by mistake, as long as they have no `metrics` list of their own.
 */
function cpuPercentageEdits(doc: IndexedDocument, layout: Layout): PlannedEdit[] {
  const spec = nodeAtPath(doc.yaml.value, ['spec']);
  if (pairOf(spec, 'metrics')) return [];
  const pair = pairOf(spec, 'targetCPUUtilizationPercentage');
  const value = pair && sourceOf(doc, pair.value);
  if (!pair || value === undefined) return [];
  const tree: YamlTree = {
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: value } },
      },
    ],
  };
  const edit = replacePairLines(doc, pair, tree, layout);
  return edit ? [edit] : [];
}

/** The edits that turn one deprecated HPA document into autoscaling/v2, or [] when it is not one. */
export function migrationEdits(doc: IndexedDocument): PlannedEdit[] {
  const version = doc.object.apiVersion;
  if (!isHpa(doc.object) || !version || !DEPRECATED_VERSIONS.includes(version)) return [];
  const apiNode = nodeAtPath(doc.yaml.value, ['apiVersion']);
  const first = apiNode ? replaceNode(doc, apiNode as never, 'autoscaling/v2') : undefined;
  if (!first) return [];
  const layout = detectLayout(doc.file);
  const rest = [
    ...cpuPercentageEdits(doc, layout),
    ...(version === 'autoscaling/v2beta1' ? v2beta1Edits(doc, layout) : []),
  ];
  return [first, ...rest];
}

export function migrateFix(file: FileModel, diagnostic: Diagnostic, ctx: FeatureContext): CodeAction[] {
  const doc = documentAt(file, offsetAt(file, diagnostic.range.start));
  if (!doc) return [];
  const edits = migrationEdits(doc);
  if (edits.length === 0) return [];
  return [
    {
      title: msg(localeOf(ctx.locale), 'fix.migrate', { from: doc.object.apiVersion ?? '' }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: toWorkspaceEdit(ctx, file.uri, edits),
    },
  ];
}
