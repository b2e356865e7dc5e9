/**
 * selector-overlap: the HPA controller lists the Pods of the target's selector (the scale
 * subresource's `status.selector`, the workload's `spec.selector`) in the namespace, and averages
 * its Resource, ContainerResource and Pods metrics over all of them (and counts them as the ready
 * Pods of a Value target). Pods of another workload whose labels that selector matches (a canary, a
 * second Deployment with the same labels, a Job's or CronJob's Pods, a bare Pod) are in that
 * average: the target scales on someone else's load, and a Pod without a metric (a finished Job's)
 * is a missing Pod the controller fills in. When that workload has an autoscaler of its own, both
 * select the same Pods and the controller stops both (AmbiguousSelector).
 *
 * Which objects count: those applied with the target, that is written in its folder (an object in
 * another folder is another environment or sample; a rendered overlay is one folder of its own), in
 * a namespace that can be the target's (one left unset gets the same namespace at apply time), not
 * another definition of the target itself, and creating Pods as written (a workload with
 * `replicas: 0` and no autoscaler has none; the Deployment an Argo Rollout's `workloadRef` takes its
 * template from is the Rollout's own migration). A file holding a workload with its own autoscaler
 * is an application of its own (a folder of samples, a policy's test cases), not one applied with
 * the target: it counts only when it is the target's file. Reported once per autoscaler, on the target's name
 * in `scaleTargetRef`, with each matched workload as a related place.
 */
import { basename } from 'node:path';
import { matches, selectorText } from '../../../common/k8s/labelSelector';
import { listOf, t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import { POD_CREATING_KINDS, podLabelsOf, podLabelsView, scaleSelectorOf } from '../workspace/podLabels';
import { isHpa, isReplicaAutoscaler, isScaledObject, scaleTargetOf } from '../workspace/scaleTarget';
import { namespacesMatch, sameIdentity, type WorkspaceIndex } from '../workspace/workspaceIndex';
import { describe, pairedThroughKustomize, patchesSet } from './targets';
import { workspaceRule, type RelatedSpan } from './types';

/** Kinds whose objects may be the other workload: the built-in Pod creators and Argo Rollouts. */
export const OVERLAP_CANDIDATE_KINDS: readonly string[] = [...POD_CREATING_KINDS, 'Rollout'];

const POD_LABELS = ['spec', 'template', 'metadata', 'labels'] as const;

export const selectorOverlapRule = workspaceRule({
  id: 'selector-overlap',
  defaultSeverity: 'warning',
  description:
    'Another workload\u2019s Pods match the scale target\u2019s selector: the HPA averages its metrics over them too.',
  check(object, context) {
    const ref = scaleTargetOf(object);
    if (!ref || !averagesOverPods(object)) return;
    const workspace = context.workspace;
    const target = workspace.resolveTarget(ref, object);
    // A base's workload with an overlay's HPA: the rendered overlay is what to check.
    if (!target || pairedThroughKustomize(object, target, workspace)) return;
    if (patchesSet(target, ['spec', 'selector'], workspace)) return;
    const selector = scaleSelectorOf(target);
    if (!selector) return;
    const folder = folderOf(target.uri);
    const migratedFrom = target.root.at('spec', 'workloadRef', 'name').string;
    const others = OVERLAP_CANDIDATE_KINDS.flatMap((kind) => workspace.objectsOfKind(kind)).filter(
      (other) =>
        other !== target &&
        !sameIdentity(other, target) &&
        folderOf(other.uri) === folder &&
        namespacesMatch(other.declaredNamespace, target.declaredNamespace) &&
        !(other.kind === 'Deployment' && other.name === migratedFrom) &&
        createsPods(other, workspace) &&
        !isOwnBundle(other, target, workspace) &&
        !patchesSet(other, POD_LABELS, workspace) &&
        matches(selector, podLabelsOf(other) ?? {}),
    );
    // One object written in two files of the folder is one workload, named once.
    const distinct = others.filter((other, i) => others.findIndex((o) => sameIdentity(o, other)) === i);
    if (distinct.length === 0) return;
    const shown = distinct.slice(0, 3);
    const more = distinct.length - shown.length;
    const named = listOf(
      shown.map((o) =>
        o.uri === object.uri ? describe(o) : `${describe(o)} (${basename(decodeURIComponent(o.uri))})`,
      ),
    ).concat(more > 0 ? t(' and {count} more', { count: more }) : '');
    const scaledElsewhere = distinct.find((o) =>
      workspace.autoscalersOf(o).some((a) => a !== object && isReplicaAutoscaler(a)),
    );
    const args = { target: describe(target), selector: selectorText(selector), others: named };
    const related: RelatedSpan[] = distinct.map((other) => ({
      object: other,
      span: labelsSpan(other),
      message: t('{workload}: its Pods match the selector {selector}', {
        workload: describe(other),
        selector: args.selector,
      }),
    }));
    const name = ref.view.get('name');
    context.report(
      name.exists ? name.valueSpan() : ref.view.keySpan(),
      scaledElsewhere
        ? t(
            'The selector of {target} ({selector}) also matches the Pods of {others}, which another autoscaler scales: both select the same Pods, so the controller scales neither (AmbiguousSelector); give each workload a label the other\u2019s Pods lack and select on it',
            args,
          )
        : t(
            'The selector of {target} ({selector}) also matches the Pods of {others}: the HPA averages its metrics over those Pods too and scales {target} on their load; give the Pods of {target} a label the others lack and select on it',
            args,
          ),
      { related },
    );
  },
});

/**
 * Whether the autoscaler's replica count depends on the Pods its selector lists: a Resource,
 * ContainerResource or Pods metric averages over them, and an Object or External metric with a
 * Value target multiplies by the ready ones. AverageValue targets of Object and External metrics
 * divide by the scale's own replica count, which other Pods do not change.
 */
function averagesOverPods(autoscaler: K8sObject): boolean {
  if (isScaledObject(autoscaler)) {
    return autoscaler.root
      .at('spec', 'triggers')
      .items()
      .some((trigger) => {
        const type = trigger.get('type').string;
        return type === 'cpu' || type === 'memory' || trigger.get('metricType').string === 'Value';
      });
  }
  if (!isHpa(autoscaler)) return false;
  if (autoscaler.apiVersion === 'autoscaling/v1') return true;
  const metrics = autoscaler.root.at('spec', 'metrics');
  // No metrics: the API server gives cpu at 80 %.
  if (metrics.items().length === 0) return true;
  return metrics.items().some((metric) => {
    const type = metric.get('type').string;
    if (type === 'Resource' || type === 'ContainerResource' || type === 'Pods') return true;
    if (type !== 'Object' && type !== 'External') return false;
    const source = metric.get(type === 'Object' ? 'object' : 'external');
    const target = source.get('target');
    const averageValue =
      target.get('type').string === 'AverageValue' ||
      target.get('averageValue').exists ||
      source.get('targetAverageValue').exists;
    return !averageValue;
  });
}

/** Whether the object, as written, has Pods: not a workload with `replicas: 0` no autoscaler changes. */
function createsPods(object: K8sObject, workspace: WorkspaceIndex): boolean {
  if (podLabelsView(object) === undefined) return false;
  if (object.root.at('spec', 'replicas').number !== 0) return true;
  return workspace.autoscalersOf(object).some((a) => isReplicaAutoscaler(a));
}

/**
 * Whether the object's file, not the target's, holds it with its own autoscaler: an application of
 * its own, in a folder of samples or alternatives (a tutorial's variants, a policy's positive and
 * negative test files) that are not applied together.
 */
function isOwnBundle(other: K8sObject, target: K8sObject, workspace: WorkspaceIndex): boolean {
  if (other.uri === target.uri) return false;
  return workspace
    .objectsIn(other.uri)
    .some((o) => isReplicaAutoscaler(o) && workspace.resolveScales(o)?.uri === other.uri);
}

/** Where a related place goes: the Pods' `labels:` key, else the object's name. */
function labelsSpan(object: K8sObject): { start: number; end: number } {
  const labels = podLabelsView(object);
  if (labels?.exists) return labels.keySpan();
  const name = object.root.at('metadata', 'name');
  return name.exists ? name.valueSpan() : object.root.get('kind').keySpan();
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}
