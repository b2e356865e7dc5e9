/**
 * scale-target-ref: spec.scaleTargetRef needs a kind and a name that are valid path segments, and an
 * API group. The controller looks the target up by group and kind over every served version, so
 * apps/v1beta1 and apps/v1beta2 still reach a Deployment; extensions/v1beta1 no longer serves any
 * workload, and a missing or empty apiVersion means the core group (where only a
 * ReplicationController lives): both fail with FailedGetScale on every sync.
 */
import { t } from '../localize';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import type { YamlView } from '../yaml/yamlView';
import { shownValue } from './apiText';
import { documentRule, type RuleContext } from './types';

/** Groups that no longer serve any workload kind (removed in Kubernetes 1.16). */
const REMOVED_WORKLOAD_GROUPS = new Set(['extensions']);
/** The apps kinds, for suggesting the apiVersion a reference lacks. */
const APPS_KINDS = new Set(['Deployment', 'StatefulSet', 'ReplicaSet', 'DaemonSet']);

export const scaleTargetRefRule = documentRule({
  id: 'scale-target-ref',
  defaultSeverity: 'error',
  description:
    'spec.scaleTargetRef must name a kind and a name (valid path segments) and an apiVersion with an API group.',
  kinds: [HPA_KIND],
  check(object, context) {
    if (!isHpa(object)) return;
    const ref = object.root.at('spec', 'scaleTargetRef');
    if (!ref.isMap) return; // absent or not a map: the schema reports it
    const kind = ref.get('kind');
    checkPathSegment(kind, context);
    checkPathSegment(ref.get('name'), context);
    const apiVersion = ref.get('apiVersion');
    const version = apiVersion.string;
    const kindValue = kind.string;
    if (version === undefined || version === '') {
      if (kindValue === undefined || kindValue === 'ReplicationController') return;
      if (apiVersion.exists && apiVersion.value !== null && apiVersion.value !== '') return; // not a string: schema's
      context.report(
        apiVersion.exists ? apiVersion.valueSpan() : ref.keySpan(),
        t(
          '{path} is missing: the controller looks {kind} up in the core API group, which does not serve it, and fails with FailedGetScale on every sync; set {fix}',
          {
            path: apiVersion.path,
            kind: kindValue,
            fix: APPS_KINDS.has(kindValue) ? 'apiVersion: apps/v1' : t("the target's apiVersion"),
          },
        ),
      );
      return;
    }
    const parts = version.split('/');
    if (parts.length > 2 || parts.some((p) => p.length === 0)) {
      context.report(
        apiVersion.valueSpan(),
        t('{path}: Invalid value: {value}: unexpected GroupVersion string', {
          path: apiVersion.path,
          value: shownValue(apiVersion),
        }),
      );
    } else if (parts.length === 1 && kindValue !== 'ReplicationController') {
      context.report(
        apiVersion.valueSpan(),
        t('{path}: Invalid value: {value}: apiVersion must specify API group', {
          path: apiVersion.path,
          value: shownValue(apiVersion),
        }),
      );
    } else if (REMOVED_WORKLOAD_GROUPS.has(parts[0])) {
      context.report(
        apiVersion.valueSpan(),
        t(
          '{path}: {apiVersion} no longer serves {kind} (removed in Kubernetes 1.16): the HPA cannot read the scale (FailedGetScale); use apps/v1',
          { path: apiVersion.path, apiVersion: version, kind: kindValue ?? 'workloads' },
        ),
      );
    }
  },
});

/** The API server's path-segment check (and Required for an empty value). */
function checkPathSegment(field: YamlView, context: RuleContext): void {
  if (!field.exists) return; // missing: the schema's required check reports it
  const value = field.value;
  if (typeof value !== 'string') return; // wrong type: the schema reports it
  if (value.length === 0) {
    context.report(field.valueSpan(), t('{path}: Required value', { path: field.path }));
    return;
  }
  let detail: string | undefined;
  if (value === '.') detail = t("may not be '.'");
  else if (value === '..') detail = t("may not be '..'");
  else if (value.includes('/')) detail = t("may not contain '/'");
  else if (value.includes('%')) detail = t("may not contain '%'");
  if (detail)
    context.report(
      field.valueSpan(),
      t('{path}: Invalid value: {value}: {detail}', { path: field.path, value: shownValue(field), detail }),
    );
}
