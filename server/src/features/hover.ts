/**
 * Hovers on HPA fields and on the workload fields the rules read: what the field does, its default
 * and valid range, and what the written value means here, in numbers (semantics §1–§3).
 */
import type { Hover, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import type { HPABehavior } from '../../../common/engine/types';
import type { FileModel } from '../yaml/documents';
import { isWorkload } from '../workspace/podTemplate';
import { isHpa } from '../workspace/scaleTarget';
import { type FeatureContext, type TargetPod, targetOf, targetPod } from './context';
import { canonicalPath, type FieldSpec, hpaField, workloadField } from './hpaSchema';
import { localeOf, type Locale, msg } from './messages';
import {
  behaviorLines,
  metricLines,
  minMaxLines,
  namespaceLines,
  policyLines,
  scaleToZeroLines,
  selectPolicyLines,
  targetLines,
  toleranceLines,
  windowLines,
  workloadReplicasLines,
  workloadRequestLines,
} from './hoverDetails';
import type { FieldPath, IndexedDocument } from '../workspace/indexedDocument';
import { documentAt, fieldAt, nodeAtPath, offsetAt, rangeOf, toPlain } from '../workspace/indexedDocument';
import type { Direction } from './policyMath';

export function formatPath(path: FieldPath): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

function fieldSection(spec: FieldSpec, locale: Locale): string[] {
  const lines = [msg(locale, spec.doc)];
  const facts: string[] = [];
  if (spec.def) facts.push(`${msg(locale, 'label.default')} ${msg(locale, spec.def)}`);
  if (spec.range) facts.push(`${msg(locale, 'label.range')} ${msg(locale, spec.range)}`);
  if (facts.length > 0) lines.push(facts.join('  \n'));
  return lines;
}

function directionOf(path: FieldPath): Direction | undefined {
  if (path[0] !== 'spec' || path[1] !== 'behavior') return undefined;
  if (path[2] === 'scaleUp') return 'up';
  if (path[2] === 'scaleDown') return 'down';
  return undefined;
}

/** Facts computed from the manifest for the field under the cursor. */
function hpaDetails(doc: IndexedDocument, path: FieldPath, ctx: FeatureContext): string[] {
  const locale = localeOf(ctx.locale);
  const canonical = canonicalPath(path);
  // The target as the rules and the preview resolve it, with the Pod requests they use.
  const target = (): TargetPod | undefined => {
    const workload = targetOf(doc.object, ctx.workspace);
    return workload && targetPod(workload);
  };
  const spec = (toPlain(nodeAtPath(doc.yaml.value, ['spec']), doc) ?? {}) as {
    minReplicas?: unknown;
    maxReplicas?: unknown;
    behavior?: HPABehavior | null;
  };
  const direction = directionOf(path);
  if (canonical === 'metadata') return namespaceLines(doc, locale);
  if (
    canonical === '' ||
    canonical === 'spec' ||
    canonical === 'spec.behavior' ||
    canonical === 'spec.behavior.<dir>'
  ) {
    return behaviorLines(spec, locale, ctx, direction);
  }
  if (canonical === 'spec.minReplicas')
    return [...minMaxLines(spec, locale, ctx), ...scaleToZeroLines(spec, locale, ctx)];
  if (canonical === 'spec.maxReplicas') return minMaxLines(spec, locale, ctx);
  if (canonical.startsWith('spec.scaleTargetRef')) {
    return targetLines(doc, target(), locale);
  }
  if (direction && canonical.startsWith('spec.behavior.<dir>.policies')) {
    const index = typeof path[4] === 'number' ? path[4] : undefined;
    return index === undefined
      ? selectPolicyLines(spec, direction, locale, target())
      : policyLines(spec, direction, index, locale, target());
  }
  if (direction && canonical === 'spec.behavior.<dir>.selectPolicy') {
    return selectPolicyLines(spec, direction, locale, target());
  }
  if (direction && canonical === 'spec.behavior.<dir>.stabilizationWindowSeconds') {
    return windowLines(spec, direction, locale, ctx);
  }
  if (direction && canonical === 'spec.behavior.<dir>.tolerance') {
    return toleranceLines(spec, direction, locale, ctx);
  }
  if (path[0] === 'spec' && path[1] === 'metrics' && typeof path[2] === 'number') {
    return metricLines(doc, path[2], target(), locale);
  }
  return [];
}

function workloadDetails(doc: IndexedDocument, path: FieldPath, ctx: FeatureContext): string[] {
  const locale = localeOf(ctx.locale);
  const canonical = canonicalPath(path);
  if (canonical === 'metadata') return namespaceLines(doc, locale);
  if (canonical === 'spec.replicas') return workloadReplicasLines(doc, ctx.workspace, locale);
  if (canonical.startsWith('spec.template.spec.containers[].resources') && typeof path[4] === 'number') {
    const resource = path[7];
    return workloadRequestLines(
      doc,
      ctx.workspace,
      path[4],
      locale,
      typeof resource === 'string' ? resource : undefined,
    );
  }
  return [];
}

/**
 * The detail lines as Markdown: one per line (a hard break), except that a list ends with a blank
 * line. Without it the line after the last bullet (the ramp times after the scale-down bullet)
 * renders inside that bullet.
 */
function joinDetails(lines: string[]): string {
  const bullet = (line: string): boolean => line.startsWith('- ');
  return lines
    .map((line, i) => {
      if (i === 0) return line;
      const previous = lines[i - 1]!;
      return `${bullet(previous) && !bullet(line) ? '\n\n' : '  \n'}${line}`;
    })
    .join('');
}

/** The hover at a position of a file the server has indexed; null where there is nothing to explain. */
export function provideHover(file: FileModel, position: Position, ctx: FeatureContext): Hover | null {
  const offset = offsetAt(file, position);
  const doc = documentAt(file, offset);
  if (!doc) return null;
  // The rules' own classification: an HPA without apiVersion is still an HPA to them, so to the hover.
  const hpa = isHpa(doc.object);
  if (!hpa && !isWorkload(doc.object)) return null;
  const field = fieldAt(doc, offset);
  if (!field) return null;
  const locale = localeOf(ctx.locale);
  // On a value deeper than the table knows (a label, a selector's content), explain the nearest known field.
  let path = field.path;
  let spec = hpa ? hpaField(path) : workloadField(path);
  while (!spec && path.length > 0) {
    path = path.slice(0, -1);
    spec = hpa ? hpaField(path) : workloadField(path);
  }
  if (!spec) return null;
  const sections = [`**\`${formatPath(path)}\`**`, ...fieldSection(spec, locale)];
  const details = hpa ? hpaDetails(doc, path, ctx) : workloadDetails(doc, path, ctx);
  if (details.length > 0) sections.push(joinDetails(details));
  return {
    contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n') },
    range: rangeOf(file, field.span[0], field.span[1]),
  };
}
