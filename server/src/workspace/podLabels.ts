/**
 * Which objects create Pods, the labels those Pods carry, and the selector of a scale target: what
 * the HPA controller lists Pods by (the scale subresource's `status.selector`, i.e. the workload's
 * `spec.selector`) and what it then finds in the namespace.
 */
import {
  type Labels,
  type LabelSelector,
  labelSelectorOf,
  labelsOf,
  mapSelectorOf,
  selectorOfLabels,
} from '../../../common/k8s/labelSelector';
import { BUILT_IN_GROUPS, WORKLOAD_KINDS } from '../../../common/k8s/workloadKinds';
import { customPodTemplateOf } from './customWorkloads';
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';

/**
 * Built-in kinds whose objects create Pods besides the scalable workloads: a DaemonSet's, a Job's
 * and a CronJob's Pods, and a bare Pod, all land in the namespace's Pod list the controller reads.
 */
export const POD_CREATING_KINDS: readonly string[] = [
  ...WORKLOAD_KINDS,
  'DaemonSet',
  'Job',
  'CronJob',
  'Pod',
];

/** The labels node of the Pods an object creates (the Pod's own for a Pod), or undefined when it creates none. */
export function podLabelsView(object: K8sObject): YamlView | undefined {
  const custom = customPodTemplateOf(object);
  if (custom) return custom.at('metadata', 'labels');
  // A kind of another group that shares a built-in name (a CRD called Job) is not this Job.
  if (object.group !== undefined && !BUILT_IN_GROUPS.has(object.group)) return undefined;
  if (!POD_CREATING_KINDS.includes(object.kind)) return undefined;
  const root = object.root;
  if (object.kind === 'Pod') return root.at('metadata', 'labels');
  if (object.kind === 'CronJob')
    return root.at('spec', 'jobTemplate', 'spec', 'template', 'metadata', 'labels');
  return root.at('spec', 'template', 'metadata', 'labels');
}

/** Keyed by the labels node: a document parsed again is read again. */
const labelsByNode = new WeakMap<object, Labels>();

/** The labels of the Pods an object creates. */
export function podLabelsOf(object: K8sObject): Labels | undefined {
  const view = podLabelsView(object);
  if (!view) return undefined;
  const node = view.node;
  if (!node) return {};
  let labels = labelsByNode.get(node);
  if (labels === undefined) {
    labels = labelsOf(view.value);
    labelsByNode.set(node, labels);
  }
  return labels;
}

/**
 * The selector the scale subresource reports for a workload: `spec.selector`; a
 * ReplicationController's is a plain map, and without one (it and the pre-apps/v1 versions) the
 * API server defaults it to the Pod template's labels. Undefined when it does not convert, is
 * empty, or a custom workload has none the server can read.
 */
export function scaleSelectorOf(workload: K8sObject): LabelSelector | undefined {
  const selector = workload.root.at('spec', 'selector');
  const custom = customPodTemplateOf(workload) !== undefined;
  if (selector.exists && selector.value !== null) {
    return workload.kind === 'ReplicationController' && !custom
      ? mapSelectorOf(selector.value)
      : labelSelectorOf(selector.value);
  }
  if (custom) return undefined;
  const labels = podLabelsOf(workload);
  return labels ? selectorOfLabels(labels) : undefined;
}
