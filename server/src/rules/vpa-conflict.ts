/**
 * vpa-conflict: a VerticalPodAutoscaler that evicts or resizes Pods (updateMode Auto, the default,
 * Recreate or InPlaceOrRecreate) and controls cpu or memory of a workload whose HPA scales on that
 * same resource. The VPA raises the request the HPA divides by, the utilization drops, the HPA
 * scales in, and the two loops chase each other (the documented limitation of both projects).
 * Reported on the HPA's metric (or the field implying it).
 */
import { t } from '../localize';
import { HPA_KIND, isHpa, isVpa } from '../workspace/scaleTarget';
import type { YamlView } from '../yaml/yamlView';
import { resourceMetrics, type UtilizationMetric } from './targets';
import { workspaceRule } from './types';

/** Modes in which the VPA updater changes running Pods' requests. `Initial` and `Off` only set them at creation or recommend. */
const ACTING_MODES: ReadonlySet<string> = new Set(['Auto', 'Recreate', 'InPlaceOrRecreate']);

export const vpaConflictRule = workspaceRule({
  id: 'vpa-conflict',
  defaultSeverity: 'warning',
  description:
    'A VerticalPodAutoscaler in Auto, Recreate or InPlaceOrRecreate mode controls cpu or memory that an HPA on the same workload scales on.',
  kinds: [HPA_KIND],
  check(object, context) {
    if (!isHpa(object) || !object.scales) return;
    const { kind, name } = object.scales;
    const vpas = context.workspace
      .autoscalersNaming(kind, object.declaredNamespace, name)
      .filter((other) => isVpa(other) && context.workspace.shareTarget(object, other));
    if (vpas.length === 0) return;
    for (const metric of resourceMetrics(object)) {
      for (const vpa of vpas) {
        const mode = vpa.root.at('spec', 'updatePolicy', 'updateMode').string ?? 'Auto';
        if (!ACTING_MODES.has(mode)) continue;
        if (!controls(vpa.root.at('spec', 'resourcePolicy', 'containerPolicies'), metric)) continue;
        context.report(
          metric.anchor,
          t(
            'VerticalPodAutoscaler "{vpa}" (updateMode {mode}) also controls the {resource} request of {kind} "{name}": it changes the request this HPA divides by, and the two autoscalers work against each other; scale on another metric or set the VPA to Initial or Off for {resource}',
            { vpa: vpa.name ?? '', mode, resource: metric.resource, kind, name },
          ),
        );
        break; // one finding per metric
      }
    }
  },
});

/**
 * Whether the VPA's container policies leave the resource under its control for the metric's
 * container (a ContainerResource metric) or for some container (a Resource metric). Without a policy
 * the VPA controls cpu and memory of every container.
 */
function controls(policies: YamlView, metric: UtilizationMetric): boolean {
  const list = policies.items();
  const policyFor = (container: string) =>
    list.find((p) => p.get('containerName').string === container) ??
    list.find((p) => p.get('containerName').string === '*');
  const governs = (policy: YamlView | undefined): boolean => {
    if (!policy) return true;
    if (policy.get('mode').string === 'Off') return false;
    const controlled = policy.get('controlledResources');
    if (!controlled.isSeq) return true;
    return controlled.items().some((r) => r.string === metric.resource);
  };
  if (metric.container !== undefined) return governs(policyFor(metric.container));
  // A Resource metric sums every container: any container the VPA governs (named or by "*") conflicts.
  if (list.length === 0) return true;
  return list.some((p) => governs(p)) || !list.some((p) => p.get('containerName').string === '*');
}
