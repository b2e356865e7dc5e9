/**
 * The server's door to common/k8s/podRequests.ts: the Pod a workload object creates, as the HPA
 * controller sees it. Rules, the preview model and the hovers call `podRequestsOfWorkload` and so
 * read the same numbers as `hpa-lint simulate`; `containerViewOf` gives a counted container back
 * its place in the file for ranges.
 */
import { type CountedContainer, type PodRequests, podRequestsOf } from '../../../common/k8s/podRequests';
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';

export function podSpecOf(workload: K8sObject): YamlView {
  return workload.root.at('spec', 'template', 'spec');
}

/** Keyed by the Pod spec's node, so a document parsed again is read again and an unchanged one is not. */
const byPodSpecNode = new WeakMap<object, PodRequests>();

/** The Pod's requests after the API server's defaults, which containers count, and the per-Pod sums. */
export function podRequestsOfWorkload(workload: K8sObject): PodRequests {
  const podSpec = podSpecOf(workload);
  const node = podSpec.node;
  if (!node) return podRequestsOf(undefined);
  const known = byPodSpecNode.get(node);
  if (known) return known;
  const requests = podRequestsOf(podSpec.value);
  byPodSpecNode.set(node, requests);
  return requests;
}

/** The container's map in the workload, for ranges. */
export function containerViewOf(workload: K8sObject, container: CountedContainer): YamlView {
  return podSpecOf(workload).get(container.list).get(container.index);
}
