/**
 * missing-resource-request: a cpu or memory Utilization metric needs that request on every counted
 * container (regular and restartable init containers), unless the Pod sets a pod-level request.
 * A limit without a request is a request: the API server copies it (common/k8s/podRequests.ts).
 * Without it the controller cannot compute utilization ("missing request for cpu in container ...").
 * Reported on the metric (HPA side) and on each container that lacks the request (workload side).
 */
import { listOf, t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import { type CountedContainer, containersLacking } from '../../../common/k8s/podRequests';
import {
  HPA_KIND,
  SCALED_OBJECT_KIND,
  WORKLOAD_KINDS,
  isAutoscaler,
} from '../../../common/k8s/workloadKinds';
import { containerViewOf, podRequestsOf } from '../workspace/podTemplate';
import type { Span } from '../yaml/ranges';
import type { YamlView } from '../yaml/yamlView';
import { type UtilizationMetric, describe, resolvedWorkload, utilizationMetrics } from './targets';
import type { Rule } from './types';

export const missingResourceRequestRule: Rule = {
  id: 'missing-resource-request',
  defaultSeverity: 'warning',
  description:
    'A cpu/memory Utilization metric needs that request on every counted container of the target\u2019s Pod.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND, ...WORKLOAD_KINDS],
  scope: 'workspace',
  check(object, context) {
    if (isAutoscaler(object)) {
      const workload = resolvedWorkload(object, context.workspace);
      if (!workload) return;
      for (const metric of utilizationMetrics(object)) {
        const lacking = lackingIn(workload, metric);
        if (lacking.length === 0) continue;
        context.report(
          metric.anchor,
          t(
            '{resource} utilization cannot be computed: {workload} has no {resource} request in container {containers} (missing request for {resource})',
            {
              resource: metric.resource,
              workload: describe(workload),
              containers: listOf(lacking.map((c) => `"${c.name}"`)),
            },
          ),
        );
      }
      return;
    }
    // Workload side: one finding per container and resource, whichever HPAs ask for it.
    const reported = new Set<string>();
    for (const autoscaler of context.workspace.autoscalersOf(object)) {
      for (const metric of utilizationMetrics(autoscaler)) {
        for (const container of lackingIn(object, metric)) {
          const key = `${container.name}\u0000${metric.resource}`;
          if (reported.has(key)) continue;
          reported.add(key);
          context.report(
            containerSpan(containerViewOf(object, container)),
            t(
              'Container "{container}" has no {resource} request, but {kind} "{name}" scales on {resource} utilization: add resources.requests.{resource}',
              {
                container: container.name,
                resource: metric.resource,
                name: autoscaler.name ?? '',
                kind: autoscaler.kind,
              },
            ),
          );
        }
      }
    }
  },
};

/**
 * Counted containers without the metric's request after the API server's defaults (a limit is
 * copied into a missing request); [] when a pod-level request covers them.
 */
function lackingIn(workload: K8sObject, metric: UtilizationMetric): CountedContainer[] {
  return containersLacking(podRequestsOf(workload), metric.resource, metric.container);
}

/** The container's `requests` key when it has one, else `resources`, else its name. */
function containerSpan(container: YamlView): Span {
  const requests = container.at('resources', 'requests');
  if (requests.exists) return requests.keySpan();
  const resources = container.get('resources');
  if (resources.exists) return resources.keySpan();
  const name = container.get('name');
  return name.exists ? name.valueSpan() : container.valueSpan();
}
