/**
 * The Pod a workload creates, as the HPA controller sees it: which containers count towards a
 * Pod's request (regular containers and restartable "sidecar" init containers), pod-level requests,
 * and the per-Pod and per-container requests in milli-units the simulator needs.
 */
import type { K8sObject } from './objects';
import { quantityMilli } from './quantities';
import type { YamlView } from '../yaml/yamlView';

export const WORKLOAD_KINDS: readonly string[] = [
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
];

export interface CountedContainer {
  name: string;
  /** The container's map, for ranges. */
  view: YamlView;
  /** True for an init container with `restartPolicy: Always` (a sidecar). */
  sidecar: boolean;
}

export function isWorkload(object: K8sObject): boolean {
  return WORKLOAD_KINDS.includes(object.kind);
}

export function podSpecOf(workload: K8sObject): YamlView {
  return workload.root.at('spec', 'template', 'spec');
}

/** Containers whose requests add up to the Pod's request (§1.4.1). */
export function countedContainers(podSpec: YamlView): CountedContainer[] {
  const out: CountedContainer[] = [];
  for (const view of podSpec.get('containers').items()) {
    out.push({ name: view.get('name').string ?? '', view, sidecar: false });
  }
  for (const view of podSpec.get('initContainers').items()) {
    if (view.get('restartPolicy').string === 'Always')
      out.push({ name: view.get('name').string ?? '', view, sidecar: true });
  }
  return out;
}

/** `spec.resources.requests` of the Pod (PodLevelResources): when set for a resource, it is the Pod's request. */
export function podLevelRequests(podSpec: YamlView): YamlView {
  return podSpec.at('resources', 'requests');
}

export function hasRequest(requests: YamlView, resource: string): boolean {
  const value = requests.get(resource);
  return value.exists && value.value !== null && value.value !== '';
}

export interface PodRequests {
  /** Per-Pod requests in milli-units by resource. A resource appears only when every counted container requests it, or the Pod does. */
  podRequests: Record<string, number>;
  /** Per-container requests in milli-units: container -> resource -> milli. */
  containerRequests: Record<string, Record<string, number>>;
}

export function podRequestsOf(workload: K8sObject): PodRequests {
  const podSpec = podSpecOf(workload);
  const containers = countedContainers(podSpec);
  const containerRequests: Record<string, Record<string, number>> = {};
  const resources = new Set<string>();
  for (const c of containers) {
    const requests: Record<string, number> = {};
    const requestsView = c.view.at('resources', 'requests');
    for (const key of requestsView.keys()) {
      const milli = quantityMilli(requestsView.get(key).value);
      if (milli !== undefined) {
        requests[key] = milli;
        resources.add(key);
      }
    }
    containerRequests[c.name] = requests;
  }
  const podRequests: Record<string, number> = {};
  for (const resource of resources) {
    // A container without the request makes the Pod's utilization undefined (the controller errors): leave it out.
    if (containers.every((c) => containerRequests[c.name]?.[resource] !== undefined)) {
      podRequests[resource] = containers.reduce(
        (sum, c) => sum + (containerRequests[c.name][resource] ?? 0),
        0,
      );
    }
  }
  const podLevel = podLevelRequests(podSpec);
  for (const key of podLevel.keys()) {
    const milli = quantityMilli(podLevel.get(key).value);
    if (milli !== undefined) podRequests[key] = milli;
  }
  return { podRequests, containerRequests };
}
