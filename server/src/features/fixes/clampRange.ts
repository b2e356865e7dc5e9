/**
 * `period-seconds-range` and `stabilization-window-range`: set the value to the nearest one the
 * API accepts (the limits of common/k8s/apiLimits.ts: periodSeconds 1..1800,
 * stabilizationWindowSeconds 0..3600; semantics §3 rows 30–31, 36–37). Only the number is
 * replaced, so a comment after it stays.
 */
import { type CodeAction, CodeActionKind, type Diagnostic } from 'vscode-languageserver';
import {
  MAX_PERIOD_SECONDS,
  MAX_STABILIZATION_WINDOW_SECONDS,
  MIN_PERIOD_SECONDS,
  MIN_STABILIZATION_WINDOW_SECONDS,
} from '../../../../common/k8s/apiLimits';
import type { FileModel } from '../../yaml/documents';
import type { FeatureContext } from '../context';
import { documentAt, fieldAt, nodeAtPath, offsetAt, scalarNumber } from '../../workspace/indexedDocument';
import { localeOf, type MessageKey, msg } from '../messages';
import { replaceNode, toWorkspaceEdit } from '../../edits/spanEdits';

export interface ClampRule {
  field: string;
  min: number;
  max: number;
  title: MessageKey;
}

export const CLAMP_RULES: Record<string, ClampRule> = {
  'period-seconds-range': {
    field: 'periodSeconds',
    min: MIN_PERIOD_SECONDS,
    max: MAX_PERIOD_SECONDS,
    title: 'fix.clampPeriod',
  },
  'stabilization-window-range': {
    field: 'stabilizationWindowSeconds',
    min: MIN_STABILIZATION_WINDOW_SECONDS,
    max: MAX_STABILIZATION_WINDOW_SECONDS,
    title: 'fix.clampWindow',
  },
};

export function clampFix(
  file: FileModel,
  diagnostic: Diagnostic,
  rule: ClampRule,
  ctx: FeatureContext,
): CodeAction[] {
  const offset = offsetAt(file, diagnostic.range.start);
  const doc = documentAt(file, offset);
  const field = doc && fieldAt(doc, offset);
  if (!doc || !field || field.path[field.path.length - 1] !== rule.field) return [];
  const node = nodeAtPath(doc.yaml.value, field.path);
  const value = scalarNumber(node);
  if (value === undefined || !node || typeof node !== 'object') return [];
  const clamped = Math.min(rule.max, Math.max(rule.min, Math.round(value)));
  if (clamped === value) return [];
  const edit = replaceNode(doc, node as never, String(clamped));
  if (!edit) return [];
  return [
    {
      title: msg(localeOf(ctx.locale), rule.title, { value: clamped }),
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: toWorkspaceEdit(ctx, file.uri, [edit]),
    },
  ];
}
