/**
 * Which other files' diagnostics depend on a file's objects: the autoscalers that target its
 * workloads, the workloads its autoscalers (HPAs, ScaledObjects, VPAs) target, and the other
 * autoscalers on those workloads, in any of their definitions, and the autoscalers whose target is
 * beside an object creating Pods.
 * Used after an edit, with the objects from before and after it, so both sides are re-checked.
 */
import { AUTOSCALER_KINDS, LIMIT_RANGE_KIND } from '../../../common/k8s/workloadKinds';
import type { K8sObject } from './objects';
import type { WorkspaceIndex } from './workspaceIndex';
import { podLabelsView } from './podLabels';

export function relatedUris(objects: readonly K8sObject[], workspace: WorkspaceIndex): Set<string> {
  const uris = new Set<string>();
  const podFolders = new Set<string>();
  const addTargetsOf = (autoscaler: K8sObject) => {
    const scales = autoscaler.scales;
    if (!scales) return;
    const namespace = autoscaler.declaredNamespace;
    for (const workload of workspace.find(scales.kind, namespace, scales.name)) uris.add(workload.uri);
    for (const other of workspace.autoscalersNaming(scales.kind, namespace, scales.name)) uris.add(other.uri);
  };
  for (const object of objects) {
    // Every autoscaler naming it, and every other definition they name: a new nearer definition
    // takes an autoscaler away from the one it resolved to before.
    if (object.name !== undefined) {
      for (const autoscaler of workspace.autoscalersNaming(
        object.kind,
        object.declaredNamespace,
        object.name,
      )) {
        uris.add(autoscaler.uri);
        addTargetsOf(autoscaler);
      }
    }
    addTargetsOf(object);
    // A LimitRange's default requests count for every autoscaler's utilization metrics.
    if (object.kind === LIMIT_RANGE_KIND)
      for (const autoscaler of replicaAutoscalers(workspace)) uris.add(autoscaler.uri);
    if (podLabelsView(object) !== undefined) podFolders.add(folderOf(object.uri));
  }
  // Pods beside a target may be ones its selector matches (selector-overlap). One pass for all of
  // them: a file opened whole changes thousands of objects at once.
  if (podFolders.size > 0) {
    for (const autoscaler of replicaAutoscalers(workspace)) {
      if (uris.has(autoscaler.uri)) continue;
      const target = podFolders.has(folderOf(autoscaler.uri))
        ? autoscaler
        : workspace.resolveScales(autoscaler);
      if (target && podFolders.has(folderOf(target.uri))) uris.add(autoscaler.uri);
    }
  }
  return uris;
}

function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}

/**
 * Every file holding an autoscaler or a workload one names: what a kustomization's change may
 * re-decide (its `replicas:` entries, which folders it joins), since the rules read kustomizations
 * for any pair (rules/targets.ts).
 */
export function autoscalerFiles(workspace: WorkspaceIndex): Set<string> {
  const autoscalers = replicaAutoscalers(workspace);
  const uris = relatedUris(autoscalers, workspace);
  for (const autoscaler of autoscalers) uris.add(autoscaler.uri);
  return uris;
}

/** Every HPA and ScaledObject (the autoscalers that set a replica count). */
function replicaAutoscalers(workspace: WorkspaceIndex): K8sObject[] {
  return AUTOSCALER_KINDS.flatMap((kind) => workspace.objectsOfKind(kind));
}
