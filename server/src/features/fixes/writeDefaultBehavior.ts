/**
 * Refactor on an HPA without `behavior`: write out the behaviour the API server would default to
 * (semantics §2), so the numbers are visible and can be tuned. Note that this also moves the
 * controller from its legacy path to the behavior path (§1.6 vs §1.7), which the hover explains.
 */
import { type CodeAction, CodeActionKind } from 'vscode-languageserver';
import { DEFAULT_SCALE_DOWN_RULES, DEFAULT_SCALE_UP_RULES } from '../../../../common/engine/index';
import type { ResolvedScalingRules } from '../../../../common/engine/types';
import { isHpa } from '../../workspace/scaleTarget';
import type { FeatureContext } from '../context';
import { DEFAULT_DOWNSCALE_STABILIZATION_SECONDS } from '../effectiveBehavior';
import { asMap, type IndexedDocument, nodeAtPath, pairOf } from '../../workspace/indexedDocument';
import { localeOf, msg } from '../messages';
import { detectLayout, treeLines, type YamlTree } from '../../edits/textLayout';
import { insertLines, newKeyPlace, toWorkspaceEdit } from '../../edits/spanEdits';

export const WRITE_BEHAVIOR_KIND = `${CodeActionKind.RefactorRewrite}.hpa.writeDefaultBehavior`;

/** One direction's API defaults (the engine's, semantics §2) as lines to write; an unset window takes the flag's. */
function rulesTree(rules: ResolvedScalingRules, window: number): YamlTree {
  return {
    stabilizationWindowSeconds: rules.stabilizationWindowSeconds ?? window,
    selectPolicy: rules.selectPolicy,
    policies: rules.policies.map((p) => ({ type: p.type, value: p.value, periodSeconds: p.periodSeconds })),
  };
}

export function defaultBehaviorTree(downscaleWindow = DEFAULT_DOWNSCALE_STABILIZATION_SECONDS): YamlTree {
  return {
    behavior: {
      scaleUp: rulesTree(DEFAULT_SCALE_UP_RULES, 0),
      scaleDown: rulesTree(DEFAULT_SCALE_DOWN_RULES, downscaleWindow),
    },
  };
}

export function writeBehaviorAction(doc: IndexedDocument, ctx: FeatureContext): CodeAction[] {
  if (!isHpa(doc.object)) return [];
  const spec = asMap(nodeAtPath(doc.yaml.value, ['spec']));
  if (!spec || spec.flow || spec.size === 0 || pairOf(spec, 'behavior')) return [];
  const place = newKeyPlace(doc, spec);
  if (!place) return [];
  const { at, column } = place;
  const file = doc.file;
  const layout = detectLayout(file);
  const lines = treeLines(defaultBehaviorTree(ctx.downscaleStabilizationSeconds), layout, column);
  return [
    {
      title: msg(localeOf(ctx.locale), 'action.writeBehavior'),
      kind: WRITE_BEHAVIOR_KIND,
      edit: toWorkspaceEdit(ctx, file.uri, [insertLines(file, at, lines, layout.eol)]),
    },
  ];
}
