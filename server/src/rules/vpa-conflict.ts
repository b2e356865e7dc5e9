/**
 * vpa-conflict: a VerticalPodAutoscaler that evicts or resizes Pods (updateMode Auto, the default,
 * Recreate or InPlaceOrRecreate) and controls cpu or memory of a workload whose HPA scales on that
 * same resource. The VPA raises the request the HPA divides by, the utilization drops, the HPA
 * scales in, and the two loops chase each other (the documented limitation of both projects).
 * Reported on the HPA's metric (or the field implying it).
 */
import { t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import { HPA_KIND, isHpa, isVpa } from '../workspace/scaleTarget';
import type { YamlView } from '../yaml/yamlView';
import { hasV2Shape } from './apiText';
import type { Span } from '../yaml/ranges';
import type { Rule } from './types';

/** Modes in which the VPA updater changes running Pods' requests. `Initial` and `Off` only set them at creation or recommend. */
const ACTING_MODES: ReadonlySet<string> = new Set(['Auto', 'Recreate', 'InPlaceOrRecreate']);
const RESOURCES: readonly string[] = ['cpu', 'memory'];

interface ScaledResource {
  resource: string;
  /** Set for ContainerResource metrics. */
  container: string | undefined;
  anchor: Span;
}

export const vpaConflictRule: Rule = {
  id: 'vpa-conflict',
  defaultSeverity: 'warning',
  description:
    'A VerticalPodAutoscaler in Auto, Recreate or InPlaceOrRecreate mode controls cpu or memory that an HPA on the same workload scales on.',
  kinds: [HPA_KIND],
  scope: 'workspace',
  check(object, context) {
    if (!isHpa(object) || !object.scales) return;
    const { kind, name } = object.scales;
    const vpas = context.workspace
      .autoscalersNaming(kind, object.declaredNamespace, name)
      .filter((other) => isVpa(other) && context.workspace.shareTarget(object, other));
    if (vpas.length === 0) return;
    for (const metric of scaledResources(object)) {
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
};

/**
 * Whether the VPA's container policies leave the resource under its control for the metric's
 * container (a ContainerResource metric) or for some container (a Resource metric). Without a policy
 * the VPA controls cpu and memory of every container.
 */
function controls(policies: YamlView, metric: ScaledResource): boolean {
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

/** The cpu and memory the HPA scales on, whatever the target type; autoscaling/v1 and an empty v2 metrics list mean cpu. */
function scaledResources(hpa: K8sObject): ScaledResource[] {
  const spec = hpa.root.get('spec');
  if (hpa.apiVersion === 'autoscaling/v1') {
    const percent = spec.get('targetCPUUtilizationPercentage');
    return [
      { resource: 'cpu', container: undefined, anchor: percent.exists ? percent.keySpan() : spec.keySpan() },
    ];
  }
  const metrics = spec.get('metrics');
  if (
    hasV2Shape(hpa) &&
    metrics.items().length === 0 &&
    (metrics.isSeq || !metrics.exists || metrics.value === null)
  )
    return [
      { resource: 'cpu', container: undefined, anchor: metrics.exists ? metrics.keySpan() : spec.keySpan() },
    ];
  const out: ScaledResource[] = [];
  for (const metric of metrics.items()) {
    const type = metric.get('type').string;
    const source =
      type === 'Resource'
        ? metric.get('resource')
        : type === 'ContainerResource'
          ? metric.get('containerResource')
          : undefined;
    const nameView = source?.get('name');
    const resource = nameView?.string;
    if (!source || !nameView || resource === undefined || !RESOURCES.includes(resource)) continue;
    out.push({
      resource,
      container: type === 'ContainerResource' ? source.get('container').string : undefined,
      anchor: nameView.valueSpan(),
    });
  }
  return out;
}
