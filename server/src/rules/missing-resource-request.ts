/**
 * missing-resource-request: a cpu or memory Utilization metric needs that request on every counted
 * container (regular and restartable init containers), unless the Pod sets a pod-level request.
 * Without it the controller cannot compute utilization ("missing request for cpu in container ...").
 * Reported on the metric (HPA side) and on each container that lacks the request (workload side).
 */
import { listOf, t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import {
  type CountedContainer,
  WORKLOAD_KINDS,
  countedContainers,
  hasRequest,
  podLevelRequests,
  podSpecOf,
} from '../workspace/podTemplate';
import { HPA_KIND, SCALED_OBJECT_KIND, isHpa, isScaledObject } from '../workspace/scaleTarget';
import type { Span } from '../yaml/ranges';
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
    if (isHpa(object) || isScaledObject(object)) {
      const workload = resolvedWorkload(object, context.workspace);
      if (!workload) return;
      for (const metric of utilizationMetrics(object)) {
        const lacking = containersLacking(workload, metric);
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
        for (const container of containersLacking(object, metric)) {
          const key = `${container.name}\u0000${metric.resource}`;
          if (reported.has(key)) continue;
          reported.add(key);
          context.report(
            containerSpan(container),
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

/** Counted containers without the metric's request; [] when a pod-level request covers it. */
function containersLacking(workload: K8sObject, metric: UtilizationMetric): CountedContainer[] {
  const podSpec = podSpecOf(workload);
  const containers = countedContainers(podSpec);
  if (metric.container !== undefined) {
    // ContainerResource: only the named container's own request is read. A missing container is container-not-found's.
    return containers.filter(
      (c) => c.name === metric.container && !hasRequest(c.view.at('resources', 'requests'), metric.resource),
    );
  }
  if (hasRequest(podLevelRequests(podSpec), metric.resource)) return [];
  return containers.filter((c) => !hasRequest(c.view.at('resources', 'requests'), metric.resource));
}

/** The container's `requests` key when it has one, else `resources`, else its name. */
function containerSpan(container: CountedContainer): Span {
  const requests = container.view.at('resources', 'requests');
  if (requests.exists) return requests.keySpan();
  const resources = container.view.get('resources');
  if (resources.exists) return resources.keySpan();
  const name = container.view.get('name');
  return name.exists ? name.valueSpan() : container.view.valueSpan();
}
