/** scale-target-ref: spec.scaleTargetRef needs a kind and a name that are valid path segments, and an API group. */
import { t } from '../localize';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import type { YamlView } from '../yaml/yamlView';
import { shownValue } from './apiText';
import type { Rule, RuleContext } from './types';

/** Groups and versions that no longer serve the workload kinds (removed in Kubernetes 1.16). */
const REMOVED_WORKLOAD_VERSIONS = new Set(['extensions/v1beta1', 'apps/v1beta1', 'apps/v1beta2']);

export const scaleTargetRefRule: Rule = {
  id: 'scale-target-ref',
  defaultSeverity: 'error',
  description:
    'spec.scaleTargetRef must name a kind and a name (valid path segments) and an apiVersion with an API group.',
  kinds: [HPA_KIND],
  scope: 'document',
  check(object, context) {
    if (!isHpa(object)) return;
    const ref = object.root.at('spec', 'scaleTargetRef');
    if (!ref.isMap) return; // absent or not a map: the schema reports it
    const kind = ref.get('kind');
    checkPathSegment(kind, context);
    checkPathSegment(ref.get('name'), context);
    const apiVersion = ref.get('apiVersion');
    const version = apiVersion.string;
    if (version === undefined) return;
    const parts = version.split('/');
    const kindValue = kind.string;
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
    } else if (REMOVED_WORKLOAD_VERSIONS.has(version)) {
      context.report(
        apiVersion.valueSpan(),
        t(
          '{path}: {apiVersion} no longer serves {kind} (removed in Kubernetes 1.16): the HPA cannot read the scale; use apps/v1',
          { path: apiVersion.path, apiVersion: version, kind: kindValue ?? 'workloads' },
        ),
        { severity: 'warning' },
      );
    }
  },
};

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
