/**
 * What the features need from their surroundings, passed in so they stay pure and testable: the
 * user's locale, the client's abilities, and the workspace index the server keeps, where an HPA's
 * target and a workload's HPAs are found exactly as the rules and the preview find them.
 */
import type { ClusterTarget } from '../../../common/k8s/kubernetesVersions';
import type { K8sObject } from '../workspace/objects';
import { isWorkload, podRequestsOf } from '../workspace/podTemplate';
import { isHpa, scaleTargetOf } from '../workspace/scaleTarget';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

export interface FeatureContext {
  /** VS Code display language, e.g. `en`, `ja`, `zh-tw`. */
  locale: string;
  /** Every object of the open documents and the workspace's files, as the lint sees them. */
  workspace: WorkspaceIndex;
  /** The client applies LSP 3.18 snippet edits in workspace edits (tab stops in quick fixes). */
  snippetEdits?: boolean;
  /** kube-controller-manager's --horizontal-pod-autoscaler-downscale-stabilization, default 300. */
  downscaleStabilizationSeconds?: number;
  /**
   * The Kubernetes release the file is judged against (its .hpa-lint.yaml or the settings): hovers
   * say what a field does there, completion offers only the fields it has. Default: the newest.
   */
  cluster?: ClusterTarget;
}

/** The workload an HPA scales (same namespace, its own file first), as the rules resolve it. */
export function targetOf(hpa: K8sObject, workspace: WorkspaceIndex): K8sObject | undefined {
  const ref = scaleTargetOf(hpa);
  const target = ref && workspace.resolveTarget(ref, hpa);
  return target && isWorkload(target) ? target : undefined;
}

/** The HPAs whose scaleTargetRef names this workload, in any file of the workspace. */
export function hpasOf(workload: K8sObject, workspace: WorkspaceIndex): K8sObject[] {
  return workspace.autoscalersOf(workload).filter(isHpa);
}

export interface TargetContainer {
  name: string;
  /** Requests in milli-units by resource; a request that is not a quantity is absent, as for the controller. */
  requests: Record<string, number>;
}

/** An HPA's target as the hovers describe it: the numbers the rules and the preview use. */
export interface TargetPod {
  uri: string;
  kind: string;
  name: string;
  replicas?: number;
  /** The containers whose requests make the Pod's: regular ones and restartable init containers. */
  containers: TargetContainer[];
  /** The Pod's request by resource, when there is one (every counted container has it, or the Pod sets it). */
  podRequests: Record<string, number>;
}

/** The Pod of a workload through the server's pod-request adapter (workspace/podTemplate.ts). */
export function targetPod(workload: K8sObject): TargetPod {
  const { podRequests, containerRequests } = podRequestsOf(workload);
  const replicas = workload.root.at('spec', 'replicas').number;
  return {
    uri: workload.uri,
    kind: workload.kind,
    name: workload.name ?? '',
    ...(replicas !== undefined ? { replicas } : {}),
    containers: Object.entries(containerRequests).map(([name, requests]) => ({ name, requests })),
    podRequests,
  };
}
