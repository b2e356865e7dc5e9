/**
 * Which objects are autoscalers and which are the workloads they scale, decided once: the rules,
 * the workspace index, the preview model, `hpa-lint simulate` and the hovers all ask here, so an
 * object is never an HPA to one of them and not to another.
 */

export const HPA_KIND = 'HorizontalPodAutoscaler';
export const SCALED_OBJECT_KIND = 'ScaledObject';
/** The autoscaler kinds (see isAutoscaler): what most rules check, and what the workspace lists as autoscalers. */
export const AUTOSCALER_KINDS: readonly string[] = [HPA_KIND, SCALED_OBJECT_KIND];
/** Not a workload: its default requests stand in for a workload's missing ones at admission. */
export const LIMIT_RANGE_KIND = 'LimitRange';

/** The built-in kinds with a Pod template and a `scale` subresource that the server reads. */
export const WORKLOAD_KINDS: readonly string[] = [
  'Deployment',
  'StatefulSet',
  'ReplicaSet',
  'ReplicationController',
];

/**
 * API groups whose kinds are all known one by one: the core group (''), apps, batch and extensions.
 * Their only scalable kinds are WORKLOAD_KINDS; any other kind of theirs with a Pod template
 * (DaemonSet, Job, CronJob, Pod...) has no scale subresource, so it is never a workload an HPA can
 * scale, whereas a kind of another group with a Pod template may be (customWorkloads.ts).
 */
export const BUILT_IN_GROUPS: ReadonlySet<string> = new Set(['', 'apps', 'batch', 'extensions']);

/** The group part of an apiVersion (`apps/v1` -> `apps`, `v1` -> ''). */
export function apiGroup(apiVersion: string | undefined): string | undefined {
  if (apiVersion === undefined) return undefined;
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/** What identifies an object's type: its kind and apiVersion as written (either may be missing). */
export interface TypeIdentity {
  kind?: string | undefined;
  apiVersion?: string | undefined;
}

/**
 * An HPA of any autoscaling version. A missing apiVersion still counts: the user is mid-edit, and
 * the API server's complaint about it is the schema rule's, not a reason to go silent elsewhere.
 */
export function isHpa(object: TypeIdentity): boolean {
  return object.kind === HPA_KIND && (object.apiVersion?.startsWith('autoscaling/') ?? true);
}

/** A KEDA ScaledObject (keda.sh), which scales through an HPA KEDA creates. */
export function isScaledObject(object: TypeIdentity): boolean {
  return object.kind === SCALED_OBJECT_KIND && (object.apiVersion?.startsWith('keda.sh/') ?? true);
}

/** Either kind of autoscaler: something with a `spec.scaleTargetRef`. */
export function isAutoscaler(object: TypeIdentity): boolean {
  return isHpa(object) || isScaledObject(object);
}

export function isWorkloadKind(kind: string | undefined): boolean {
  return kind !== undefined && WORKLOAD_KINDS.includes(kind);
}

/** A workload whose Pod template the server reads (requests, containers, replicas). */
export function isWorkload(object: TypeIdentity): boolean {
  return isWorkloadKind(object.kind);
}
