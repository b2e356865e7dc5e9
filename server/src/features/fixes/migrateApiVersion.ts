/**
 * `deprecated-api-version`: rewrite an HPA in autoscaling/v1, v2beta1 or v2beta2 as autoscaling/v2.
 * v2beta2 has the v2 shape, so only the apiVersion changes. v1's `targetCPUUtilizationPercentage: N`
 * becomes a Resource cpu metric with Utilization N. v2beta1's `targetAverageUtilization`,
 * `targetAverageValue` and `targetValue` become `target:` blocks, `metricName` becomes `metric.name`
 * and an Object metric's `target` (the described object) becomes `describedObject`.
 * Every edit touches only the lines it rewrites; a comment at the end of a rewritten line moves to
 * the last line written in its place.
 */
import type { Document, Pair } from 'yaml';
import { isMap, isSeq } from 'yaml';
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import type { FeatureContext } from '../context';
import { localeOf, msg } from '../messages';
import {
  columnOf,
  detectLayout,
  type Layout,
  lineStartOf,
  nextLineStart,
  treeLines,
  type YamlTree,
} from '../textLayout';
import type { YamlFile } from '../yamlFile';
import {
  asMap,
  docApiVersion,
  documentAt,
  isHpaDoc,
  keyName,
  nodeAtPath,
  offsetAt,
  pairOf,
  rangeOf,
  spanOf,
} from '../yamlFile';
import { contentEnd, type PlannedEdit, replaceNode, toWorkspaceEdit } from './edits';

export const DEPRECATED_VERSIONS = ['autoscaling/v1', 'autoscaling/v2beta1', 'autoscaling/v2beta2'];

/** The source text of a scalar exactly as written (keeps quotes and quantity spelling). */
function sourceOf(file: YamlFile, node: unknown): string | undefined {
  const span = spanOf(node);
  return span ? file.text.slice(span[0], span[1]) : undefined;
}

/** Replaces a block pair's whole line(s) with new lines at the pair's column, keeping its end-of-line comment. */
function replacePairLines(
  file: YamlFile,
  pair: Pair,
  tree: YamlTree,
  layout: Layout,
): PlannedEdit | undefined {
  const keySpan = spanOf(pair.key);
  const end = contentEnd(file, pair.value);
  if (!keySpan || end === undefined) return undefined;
  const start = lineStartOf(file.text, keySpan[0]);
  if (file.text.slice(start, keySpan[0]).trim() !== '') return undefined;
  const lineEnd = nextLineStart(file.text, end);
  const rest = file.text.slice(end, lineEnd).replace(/\r?\n$/, '');
  const comment = /^\s*#/.test(rest) ? rest : '';
  const lines = treeLines(tree, layout, columnOf(file, keySpan[0]));
  lines[lines.length - 1] += comment;
  const eolAtEnd = file.text.slice(start, lineEnd).endsWith('\n') ? layout.eol : '';
  return { range: rangeOf(file, start, lineEnd), newText: lines.join(layout.eol) + eolAtEnd };
}

const V2BETA1_TARGETS: Record<string, { type: string; field: string }> = {
  targetAverageUtilization: { type: 'Utilization', field: 'averageUtilization' },
  targetAverageValue: { type: 'AverageValue', field: 'averageValue' },
  targetValue: { type: 'Value', field: 'value' },
};

function v2beta1Edits(file: YamlFile, doc: Document.Parsed, layout: Layout): PlannedEdit[] {
  const metrics = nodeAtPath(doc.contents, ['spec', 'metrics']);
  if (!isSeq(metrics)) return [];
  const edits: PlannedEdit[] = [];
  for (const item of metrics.items) {
    for (const sourceKey of ['resource', 'pods', 'object', 'external', 'containerResource']) {
      const source = asMap(pairOf(item, sourceKey)?.value);
      if (!source || source.flow) continue;
      for (const pair of source.items) {
        const key = keyName(pair);
        if (key === undefined) continue;
        const target = V2BETA1_TARGETS[key];
        const value = sourceOf(file, pair.value);
        if (target && value !== undefined) {
          const edit = replacePairLines(
            file,
            pair,
            { target: { type: target.type, [target.field]: value } },
            layout,
          );
          if (edit) edits.push(edit);
        } else if (key === 'metricName' && value !== undefined) {
          const edit = replacePairLines(file, pair, { metric: { name: value } }, layout);
          if (edit) edits.push(edit);
        } else if (key === 'target' && sourceKey === 'object' && isMap(pair.value)) {
          // v2beta1 Object metrics named the described object `target`; v2 uses `target` for the goal.
          const edit = replaceNode(file, pair.key as never, 'describedObject');
          if (edit) edits.push(edit);
        }
      }
    }
  }
  return edits;
}

function v1Edits(file: YamlFile, doc: Document.Parsed, layout: Layout): PlannedEdit[] {
  const pair = pairOf(nodeAtPath(doc.contents, ['spec']), 'targetCPUUtilizationPercentage');
  const value = pair && sourceOf(file, pair.value);
  if (!pair || value === undefined) return [];
  const tree: YamlTree = {
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: value } },
      },
    ],
  };
  const edit = replacePairLines(file, pair, tree, layout);
  return edit ? [edit] : [];
}

/** The edits that turn one deprecated HPA document into autoscaling/v2, or [] when it is not one. */
export function migrationEdits(file: YamlFile, doc: Document.Parsed): PlannedEdit[] {
  const version = docApiVersion(doc);
  if (!isHpaDoc(doc) || !version || !DEPRECATED_VERSIONS.includes(version)) return [];
  const apiNode = nodeAtPath(doc.contents, ['apiVersion']);
  const first = apiNode ? replaceNode(file, apiNode as never, 'autoscaling/v2') : undefined;
  if (!first) return [];
  const layout = detectLayout(file);
  const rest =
    version === 'autoscaling/v1'
      ? v1Edits(file, doc, layout)
      : version === 'autoscaling/v2beta1'
        ? v2beta1Edits(file, doc, layout)
        : [];
  return [first, ...rest];
}

export function migrateFix(file: YamlFile, diagnostic: Diagnostic, ctx: FeatureContext): CodeAction[] {
  const doc = documentAt(file, offsetAt(file, diagnostic.range.start));
  if (!doc) return [];
  const edits = migrationEdits(file, doc);
  if (edits.length === 0) return [];
  return [
    {
      title: msg(localeOf(ctx.locale), 'fix.migrate', { from: docApiVersion(doc) ?? '' }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: toWorkspaceEdit(ctx, edits),
    },
  ];
}
