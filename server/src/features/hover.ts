/**
 * Hovers on HPA fields and on the workload fields the rules read: what the field does, its default
 * and valid range, and what the written value means here, in numbers (semantics §1–§3).
 */
import type { Document } from 'yaml';
import type { Hover, Position } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import type { HPABehavior } from '../../../common/engine/types';
import type { FeatureContext } from './context';
import { resolveTargetFor } from './context';
import { canonicalPath, type FieldSpec, hpaField, workloadField } from './hpaSchema';
import { localeOf, type Locale, msg } from './messages';
import {
  behaviorLines,
  metricLines,
  minMaxLines,
  policyLines,
  selectPolicyLines,
  targetLines,
  toleranceLines,
  windowLines,
  workloadReplicasLines,
  workloadRequestLines,
} from './hoverDetails';
import type { FieldPath, YamlFile } from './yamlFile';
import {
  documentAt,
  fieldAt,
  isHpaDoc,
  isWorkloadDoc,
  nodeAtPath,
  offsetAt,
  rangeOf,
  toPlain,
} from './yamlFile';
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
function hpaDetails(file: YamlFile, doc: Document.Parsed, path: FieldPath, ctx: FeatureContext): string[] {
  const locale = localeOf(ctx.locale);
  const canonical = canonicalPath(path);
  const spec = (toPlain(nodeAtPath(doc.value, ['spec']), doc) ?? {}) as {
    minReplicas?: unknown;
    maxReplicas?: unknown;
    behavior?: HPABehavior | null;
  };
  const direction = directionOf(path);
  if (
    canonical === '' ||
    canonical === 'spec' ||
    canonical === 'spec.behavior' ||
    canonical === 'spec.behavior.<dir>'
  ) {
    return behaviorLines(spec, locale, ctx, direction);
  }
  if (canonical === 'spec.minReplicas' || canonical === 'spec.maxReplicas') {
    return minMaxLines(spec, locale, ctx);
  }
  if (canonical.startsWith('spec.scaleTargetRef')) {
    return targetLines(doc, resolveTargetFor(file, doc, ctx), locale);
  }
  if (direction && canonical.startsWith('spec.behavior.<dir>.policies')) {
    const index = typeof path[4] === 'number' ? path[4] : undefined;
    return index === undefined
      ? selectPolicyLines(doc, spec, direction, locale, resolveTargetFor(file, doc, ctx))
      : policyLines(spec, direction, index, locale, resolveTargetFor(file, doc, ctx));
  }
  if (direction && canonical === 'spec.behavior.<dir>.selectPolicy') {
    return selectPolicyLines(doc, spec, direction, locale, resolveTargetFor(file, doc, ctx));
  }
  if (direction && canonical === 'spec.behavior.<dir>.stabilizationWindowSeconds') {
    return windowLines(spec, direction, locale, ctx);
  }
  if (direction && canonical === 'spec.behavior.<dir>.tolerance') {
    return toleranceLines(spec, direction, locale);
  }
  if (path[0] === 'spec' && path[1] === 'metrics' && typeof path[2] === 'number') {
    return metricLines(doc, path[2], resolveTargetFor(file, doc, ctx), locale);
  }
  return [];
}

function workloadDetails(file: YamlFile, doc: Document.Parsed, path: FieldPath, locale: Locale): string[] {
  const canonical = canonicalPath(path);
  if (canonical === 'spec.replicas') return workloadReplicasLines(file, doc, locale);
  if (canonical.startsWith('spec.template.spec.containers[].resources') && typeof path[4] === 'number') {
    const resource = path[7];
    return workloadRequestLines(
      file,
      doc,
      path[4],
      locale,
      typeof resource === 'string' ? resource : undefined,
    );
  }
  return [];
}

export function provideHover(file: YamlFile, position: Position, ctx: FeatureContext): Hover | null {
  const offset = offsetAt(file, position);
  const doc = documentAt(file, offset);
  if (!doc) return null;
  const hpa = isHpaDoc(doc);
  if (!hpa && !isWorkloadDoc(doc)) return null;
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
  const details = hpa ? hpaDetails(file, doc, path, ctx) : workloadDetails(file, doc, path, locale);
  if (details.length > 0) sections.push(details.join('  \n'));
  return {
    contents: { kind: MarkupKind.Markdown, value: sections.join('\n\n') },
    range: rangeOf(file, field.span[0], field.span[1]),
  };
}
