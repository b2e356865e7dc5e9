/**
 * Code actions: quick fixes keyed to the rule id in each diagnostic's `code`, and the refactors
 * that need no diagnostic (write out the default behavior, create an HPA for a workload).
 */
import type { CodeAction, CodeActionContext, Diagnostic, Range } from 'vscode-languageserver';
import type { FeatureContext } from './context';
import { addRequestFix } from './fixes/addRequest';
import { CLAMP_RULES, clampFix } from './fixes/clampRange';
import { createHpaAction } from './fixes/createHpa';
import { didYouMeanFix } from './fixes/didYouMean';
import { migrateFix } from './fixes/migrateApiVersion';
import { removeReplicasFix } from './fixes/removeReplicas';
import { removeReplicasEntryFix } from './fixes/removeReplicasEntry';
import { writeBehaviorAction } from './fixes/writeDefaultBehavior';
import { documentAt, offsetAt } from '../workspace/indexedDocument';
import type { FileModel } from '../yaml/documents';

type Fixer = (file: FileModel, diagnostic: Diagnostic, ctx: FeatureContext) => CodeAction[];

/** Rule id → the fix for it. */
export const QUICK_FIXES: Record<string, Fixer> = {
  // In the workload's file, or at a kustomization's replicas entry (a rendered overlay's finding).
  'replicas-conflict': (f, d, c) => [...removeReplicasFix(f, d, c), ...removeReplicasEntryFix(f, d, c)],
  'period-seconds-range': (f, d, c) => clampFix(f, d, CLAMP_RULES['period-seconds-range']!, c),
  'stabilization-window-range': (f, d, c) => clampFix(f, d, CLAMP_RULES['stabilization-window-range']!, c),
  'missing-resource-request': addRequestFix,
  'deprecated-api-version': migrateFix,
  'autoscaling-v1-cpu-only': migrateFix, // autoscaling/v1 is no longer "deprecated": its hint offers the move
  schema: didYouMeanFix,
  'select-policy': didYouMeanFix,
};

function wanted(kind: string | undefined, only: string[] | undefined): boolean {
  if (!only || only.length === 0) return true;
  return only.some((o) => kind === o || (kind ?? '').startsWith(`${o}.`));
}

export function provideCodeActions(
  file: FileModel,
  range: Range,
  context: Pick<CodeActionContext, 'diagnostics' | 'only'>,
  ctx: FeatureContext,
): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const diagnostic of context.diagnostics) {
    if (diagnostic.source !== undefined && diagnostic.source !== 'hpa') continue;
    const code = String(diagnostic.code ?? '');
    const fixer = Object.hasOwn(QUICK_FIXES, code) ? QUICK_FIXES[code] : undefined; // not Object.prototype's
    if (!fixer) continue;
    try {
      actions.push(...fixer(file, diagnostic, ctx));
    } catch {
      // A fix that cannot understand the file offers nothing rather than failing the request.
    }
  }
  const doc = documentAt(file, offsetAt(file, range.start));
  if (doc) {
    actions.push(...writeBehaviorAction(doc, ctx), ...createHpaAction(doc, ctx));
  }
  return actions.filter((a) => wanted(a.kind, context.only));
}
