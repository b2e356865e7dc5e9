/**
 * The server's door to common/k8s/podRequests.ts: the Pod a workload object creates, as the HPA
 * controller sees it. Rules, the preview model and the hovers call `podRequestsOf` and so read the
 * same numbers as `hpa-lint simulate`; `countedContainers` and `containerViewOf` give the counted
 * containers back their place in the file, for ranges and edits.
 */
import {
  type CountedContainer,
  type PodRequests,
  podRequestsOfPodSpec,
} from '../../../common/k8s/podRequests';
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';
import { isWorkload as isBuiltInWorkload } from '../../../common/k8s/workloadKinds';
import { customPodTemplateOf, isCustomWorkload } from './customWorkloads';

/**
 * A workload whose Pod template the server reads: a built-in kind ("is this a workload" is decided
 * in common/k8s), or a custom resource with a Pod template (customWorkloads.ts).
 */
export function isWorkload(object: K8sObject): boolean {
  return isBuiltInWorkload(object) || isCustomWorkload(object);
}

export function podSpecOf(workload: K8sObject): YamlView {
  return (customPodTemplateOf(workload) ?? workload.root.at('spec', 'template')).get('spec');
}

/** Keyed by the Pod spec's node, so a document parsed again is read again and an unchanged one is not. */
const byPodSpecNode = new WeakMap<object, PodRequests>();

function podRequestsOfView(podSpec: YamlView): PodRequests {
  const node = podSpec.node;
  if (!node) return podRequestsOfPodSpec(undefined);
  const known = byPodSpecNode.get(node);
  if (known) return known;
  const requests = podRequestsOfPodSpec(podSpec.value);
  byPodSpecNode.set(node, requests);
  return requests;
}

/**
 * The Pod's requests after the API server's defaults: `podRequests` per Pod (only where the
 * controller can compute one), `containerRequests` per counted container, and each container's
 * requests with their source.
 */
export function podRequestsOf(workload: K8sObject): PodRequests {
  return podRequestsOfView(podSpecOf(workload));
}

/** The container's map in the workload, for ranges. */
export function containerViewOf(workload: K8sObject, container: CountedContainer): YamlView {
  return podSpecOf(workload).get(container.list).get(container.index);
}

/** A counted container with its map in the file. */
export interface CountedContainerView extends CountedContainer {
  view: YamlView;
}

/** The containers whose requests make the Pod's (regular and restartable init containers), with their maps. */
export function countedContainers(podSpec: YamlView): CountedContainerView[] {
  return podRequestsOfView(podSpec).containers.map((c) => ({
    ...c,
    view: podSpec.get(c.list).get(c.index),
  }));
}
