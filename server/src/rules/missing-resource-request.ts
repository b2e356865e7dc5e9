/**
 * missing-resource-request: a cpu or memory Utilization metric needs that request on every counted
 * container (regular and restartable init containers), unless the Pod sets a pod-level request.
 * A limit without a request is a request: the API server copies it (common/k8s/podRequests.ts).
 * A LimitRange of the workload's namespace in the workspace gives a default request at admission
 * (limitRanges.ts): then nothing is missing. Without a request the controller cannot compute
 * utilization ("missing request for cpu in container ...").
 *
 * Reported once per metric, on the metric: that is where the controller fails, and one finding
 * names every container lacking the request (the quick fix edits the workload, wherever it is).
 * The containers are not flagged a second time: one cause, one finding; each is a related place of it.
 */
import { listOf, t } from '../localize';
import { countsPodLevelRequests } from '../../../common/k8s/kubernetesVersions';
import { containersLacking, withoutPodLevel } from '../../../common/k8s/podRequests';
import { isAutoscaler } from '../../../common/k8s/workloadKinds';
import { containerViewOf, podRequestsOf } from '../workspace/podTemplate';
import { assumedRelease } from './kubernetesVersionText';
import { limitRangeDefaulting } from './limitRanges';
import { describe, resolvedWorkload, utilizationMetrics } from './targets';
import { workspaceRule } from './types';

export const missingResourceRequestRule = workspaceRule({
  id: 'missing-resource-request',
  defaultSeverity: 'warning',
  description:
    'A cpu/memory Utilization metric needs that request on every counted container of the target\u2019s Pod.',
  check(object, context) {
    if (!isAutoscaler(object)) return;
    const workload = resolvedWorkload(object, context.workspace);
    if (!workload) return;
    const cluster = context.settings.cluster;
    const countsPodLevel = countsPodLevelRequests(cluster);
    for (const metric of utilizationMetrics(object)) {
      const pod = podRequestsOf(workload);
      const lacking = containersLacking(
        countsPodLevel ? pod : withoutPodLevel(pod),
        metric.resource,
        metric.container,
      );
      if (lacking.length === 0) continue;
      if (limitRangeDefaulting(workload, metric.resource, context.workspace)) continue;
      const args = {
        resource: metric.resource,
        workload: describe(workload),
        containers: listOf(lacking.map((c) => `"${c.name}"`)),
      };
      // A pod-level request the release does not count yet: say why it does not help.
      const podLevelIgnored = metric.container === undefined && pod.podLevel[metric.resource] !== undefined;
      const related = lacking.map((container) => ({
        object: workload,
        span: containerViewOf(workload, container).valueSpan(),
        message: t('container "{container}" has no {resource} request', {
          container: container.name,
          resource: metric.resource,
        }),
      }));
      context.report(
        metric.anchor,
        podLevelIgnored
          ? t(
              '{resource} utilization cannot be computed: {workload} has no {resource} request in container {containers}, and its pod-level request counts only from Kubernetes 1.34 (PodLevelResources) {assumed}',
              { ...args, assumed: assumedRelease(cluster) },
            )
          : t(
              '{resource} utilization cannot be computed: {workload} has no {resource} request in container {containers} (missing request for {resource})',
              args,
            ),
        { related },
      );
    }
  },
});
