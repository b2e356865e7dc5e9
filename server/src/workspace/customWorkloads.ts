/**
 * Workloads of custom resources: an Argo Rollout, a LeaderWorkerSet, an OpenKruise CloneSet... Any
 * kind outside the built-in groups whose spec holds a Pod template can have a scale subresource
 * (the CRD declares it), so an HPA may target it and its Pod is checked like a Deployment's.
 * Built-in kinds with a template but no scale (DaemonSet, Job) are not workloads in that sense.
 */
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';
import { BUILT_IN_GROUPS } from '../../../common/k8s/workloadKinds';

/**
 * The Pod template of a custom-resource workload: `spec.template`, or for a LeaderWorkerSet the
 * leader's template (its scale subresource selects the leader Pods), else the workers'.
 */
export function customPodTemplateOf(object: K8sObject): YamlView | undefined {
  if (object.group === undefined || BUILT_IN_GROUPS.has(object.group)) return undefined;
  const spec = object.root.get('spec');
  const candidates = [
    spec.get('template'),
    spec.at('leaderWorkerTemplate', 'leaderTemplate'),
    spec.at('leaderWorkerTemplate', 'workerTemplate'),
  ];
  return candidates.find((template) => template.at('spec', 'containers').isSeq);
}

export function isCustomWorkload(object: K8sObject): boolean {
  return customPodTemplateOf(object) !== undefined;
}
