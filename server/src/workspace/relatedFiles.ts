/**
 * Which other files' diagnostics depend on a file's objects: the autoscalers that target its
 * workloads, the workloads its autoscalers target, and the other autoscalers on those workloads.
 * Used after an edit, with the objects from before and after it, so both sides are re-checked.
 */
import type { K8sObject } from './objects';
import { scaleTargetOf } from './scaleTarget';
import type { WorkspaceIndex } from './workspaceIndex';

export function relatedUris(objects: readonly K8sObject[], workspace: WorkspaceIndex): Set<string> {
  const uris = new Set<string>();
  for (const object of objects) {
    for (const autoscaler of workspace.autoscalersOf(object)) uris.add(autoscaler.uri);
    const ref = scaleTargetOf(object);
    if (!ref) continue;
    for (const workload of workspace.find(ref.kind, ref.namespace, ref.name)) uris.add(workload.uri);
    for (const autoscaler of workspace.autoscalersTargeting(ref)) uris.add(autoscaler.uri);
  }
  return uris;
}
