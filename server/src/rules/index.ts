/**
 * The rule registry. Every rule id, its default severity and what it checks:
 *
 *   yaml-syntax                 error    The document is not valid YAML (yaml's own error).
 *   file-too-large              info     The file is larger than hpa.maxFileSizeBytes and was skipped.
 *   file-skipped                info     The file is not linted: a template that is not YAML until rendered, or text that cannot be decoded.
 *   config-file                 error    A problem in .hpa-lint.yaml (warning: the editor's settings differ from it).
 *   kustomize-render            warning  kustomize could not render an overlay (its own message, on the kustomization).
 *   kustomize-unavailable       info     No kustomize binary, or an untrusted workspace: the overlay is not rendered (how to enable it).
 *   schema                      error    Unknown fields, wrong types, missing required fields, unsupported values.
 *   min-replicas                error    spec.minReplicas must be at least 1 (0: an Object/External metric and 1.37+ or HPAScaleToZero).
 *   max-replicas                error    spec.maxReplicas must be > 0 and >= minReplicas.
 *   period-seconds-range        error    A policy's periodSeconds must be in 1..1800.
 *   stabilization-window-range  error    stabilizationWindowSeconds must be in 0..3600.
 *   policy-value                error    A policy's value must be greater than zero.
 *   empty-policies              error    `policies: []` replaces the defaults and is rejected.
 *   select-policy               error    selectPolicy must be Max, Min or Disabled.
 *   metric-target               error    A metric populates the source its type names; its target sets the values that type needs.
 *   tolerance-range             error    A per-direction tolerance must be a quantity >= 0.
 *   tolerance-support           warning  A per-direction tolerance the release drops (1.33–1.34 without the gate) or does not know (< 1.33).
 *   scale-target-ref            error    scaleTargetRef needs a kind and name (valid path segments) and an apiVersion with a group.
 *   missing-resource-request    warning  A cpu/memory Utilization metric needs that request on every counted container.
 *   container-not-found         error    A ContainerResource metric names a container the Pod template lacks.
 *   container-resource-support  error    A ContainerResource metric the release refuses (1.25–1.26, or HPAContainerMetrics off).
 *   replicas-conflict           warning  A workload scaled by an HPA sets spec.replicas (0 = maintenance mode: info).
 *   target-not-scalable         error    scaleTargetRef names a kind with no scale subresource.
 *   target-not-found            hint     The scale target is not in the workspace.
 *   duplicate-target            warning  Two autoscalers (HPA or KEDA ScaledObject) scale one workload.
 *   selector-overlap            warning  Another workload's Pods match the scale target's selector: the HPA averages over them too.
 *   deprecated-api-version      warning  autoscaling/v2beta1 and v2beta2: served until / removed in, for the release (removed: error).
 *   autoscaling-v1-cpu-only     hint     autoscaling/v1 (served, GA) scales on cpu utilization only and has no behavior.
 *   vpa-conflict                warning  A VPA in Auto/Recreate/InPlaceOrRecreate mode controls a resource an HPA scales on.
 *   period-below-sync           warning  A policy period shorter than the controller's 15 s sync period.
 *   scaling-disabled            warning  Both directions Disabled (minReplicas == maxReplicas, usually a pin: hint).
 *   slow-ramp                   info     Going from minReplicas to maxReplicas takes longer than hpa.slowRampBudgetSeconds.
 *   no-scale-down               info     Scale-down is Disabled: the workload only ever grows.
 *
 * To add a rule: write rules/<id>.ts exporting a `Rule` (documentRule or workspaceRule in types.ts),
 * add it to ALL_RULES below, add a line above, put its English messages through `t()` and their
 * translations in common/l10n/bundles/<locale>/server.json.
 */
import { autoscalingV1CpuOnlyRule } from './autoscaling-v1-cpu-only';
import { containerNotFoundRule } from './container-not-found';
import { deprecatedApiVersionRule } from './deprecated-api-version';
import { duplicateTargetRule } from './duplicate-target';
import { emptyPoliciesRule } from './empty-policies';
import { maxReplicasRule } from './max-replicas';
import { metricTargetRule } from './metric-target';
import { minReplicasRule } from './min-replicas';
import { missingResourceRequestRule } from './missing-resource-request';
import { periodSecondsRangeRule } from './period-seconds-range';
import { policyValueRule } from './policy-value';
import { replicasConflictRule } from './replicas-conflict';
import { scaleTargetRefRule } from './scale-target-ref';
import { schemaRule } from './schema';
import { selectPolicyRule } from './select-policy';
import { selectorOverlapRule } from './selector-overlap';
import { stabilizationWindowRangeRule } from './stabilization-window-range';
import { targetNotFoundRule } from './target-not-found';
import { targetNotScalableRule } from './target-not-scalable';
import { toleranceRangeRule } from './tolerance-range';
import { toleranceSupportRule } from './tolerance-support';
import { containerResourceSupportRule } from './container-resource-support';
import { vpaConflictRule } from './vpa-conflict';
import { BEHAVIOR_RULES } from './behavior';
import type { Rule } from './types';
import type { Severity } from '../settings';

/** Reported by the linter itself, not by a Rule object. */
export const YAML_SYNTAX_RULE = { id: 'yaml-syntax', defaultSeverity: 'error' as Severity };
export const FILE_TOO_LARGE_RULE = { id: 'file-too-large', defaultSeverity: 'info' as Severity };
/** A file (or its documents) the linter cannot read as YAML: said once, never dropped in silence. */
export const FILE_SKIPPED_RULE = { id: 'file-skipped', defaultSeverity: 'info' as Severity };
/** A problem in `.hpa-lint.yaml` (server/src/config/), or the editor's settings disagreeing with it (warning). */
export const CONFIG_FILE_RULE = { id: 'config-file', defaultSeverity: 'error' as Severity };
/** Reported by the overlay checks (server/src/kustomize/): kustomize failed, or is not installed. */
export const KUSTOMIZE_RENDER_RULE = { id: 'kustomize-render', defaultSeverity: 'warning' as Severity };
export const KUSTOMIZE_UNAVAILABLE_RULE = {
  id: 'kustomize-unavailable',
  defaultSeverity: 'info' as Severity,
};

export const ALL_RULES: readonly Rule[] = [
  schemaRule,
  minReplicasRule,
  maxReplicasRule,
  periodSecondsRangeRule,
  stabilizationWindowRangeRule,
  policyValueRule,
  emptyPoliciesRule,
  selectPolicyRule,
  metricTargetRule,
  toleranceRangeRule,
  toleranceSupportRule,
  scaleTargetRefRule,
  missingResourceRequestRule,
  containerNotFoundRule,
  containerResourceSupportRule,
  replicasConflictRule,
  targetNotScalableRule,
  targetNotFoundRule,
  duplicateTargetRule,
  selectorOverlapRule,
  deprecatedApiVersionRule,
  autoscalingV1CpuOnlyRule,
  vpaConflictRule,
  ...BEHAVIOR_RULES,
];

/** Every rule id, including the linter's own, for settings validation and `--rule`. */
export const ALL_RULE_IDS: readonly string[] = [
  YAML_SYNTAX_RULE.id,
  FILE_TOO_LARGE_RULE.id,
  FILE_SKIPPED_RULE.id,
  CONFIG_FILE_RULE.id,
  KUSTOMIZE_RENDER_RULE.id,
  KUSTOMIZE_UNAVAILABLE_RULE.id,
  ...ALL_RULES.map((r) => r.id),
];

export type { Rule, RuleContext, Finding } from './types';
export { docsUrl } from './types';
