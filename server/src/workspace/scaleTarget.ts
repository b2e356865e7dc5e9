/**
 * What an autoscaler scales: `spec.scaleTargetRef` of an HPA (any autoscaling version) or of a KEDA
 * ScaledObject (whose kind defaults to Deployment). The namespace is always the autoscaler's own.
 *
 * The HPA controller looks its target up by API group and kind (a RESTMapper over the group's
 * served versions), never by the exact version: `apps/v1beta1` and `apps/v1beta2` in a reference
 * still reach an `apps/v1` Deployment, while `extensions/v1beta1` (a group that no longer serves
 * workloads) and a missing apiVersion (the core group) fail with FailedGetScale.
 */
import { isAutoscaler, isHpa } from '../../../common/k8s/workloadKinds';
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';

// "Is this an autoscaler" is decided once, in common/k8s; re-exported for the server's callers.
export { HPA_KIND, SCALED_OBJECT_KIND, isHpa, isScaledObject } from '../../../common/k8s/workloadKinds';
export const VPA_KIND = 'VerticalPodAutoscaler';

export interface ScaleTargetRef {
  apiVersion: string | undefined;
  /** The API group of apiVersion; undefined when apiVersion is missing or empty. */
  group: string | undefined;
  kind: string;
  name: string;
  /** The autoscaler's namespace ("default" when unset), for messages. */
  namespace: string;
  /** The autoscaler's metadata.namespace as written (undefined: given at apply time, matches any). */
  declaredNamespace: string | undefined;
  /** The `scaleTargetRef` node, for ranges. */
  view: YamlView;
}

export function isVpa(object: K8sObject): boolean {
  return object.kind === VPA_KIND && (object.apiVersion?.startsWith('autoscaling.k8s.io/') ?? true);
}

/** HPAs and ScaledObjects: the objects that set a workload's replica count. */
export function isReplicaAutoscaler(object: K8sObject): boolean {
  return isAutoscaler(object);
}

export function scaleTargetOf(object: K8sObject): ScaleTargetRef | undefined {
  const hpa = isHpa(object);
  if (!hpa && !isAutoscaler(object)) return undefined;
  const view = object.root.at('spec', 'scaleTargetRef');
  const name = view.get('name').string;
  const kind = view.get('kind').string ?? (hpa ? undefined : 'Deployment');
  if (!name || !kind) return undefined;
  const apiVersion = view.get('apiVersion').string;
  return {
    apiVersion,
    group: groupOf(apiVersion),
    kind,
    name,
    namespace: object.namespace,
    declaredNamespace: object.declaredNamespace,
    view,
  };
}

/** The group part of an apiVersion (`apps/v1` -> `apps`, `v1` -> ''); undefined when missing or empty. */
function groupOf(apiVersion: string | undefined): string | undefined {
  if (!apiVersion) return undefined;
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}

/**
 * Whether a reference in `refGroup` reaches an object of `objectGroup`. A reference or object
 * without an apiVersion matches any group (the lookup is lenient so that the other checks still
 * run; scale-target-ref reports the missing apiVersion). `extensions` once served Deployments and
 * ReplicaSets: such a reference is the object the author meant, and scale-target-ref says it fails.
 */
export function groupReaches(refGroup: string | undefined, objectGroup: string | undefined): boolean {
  if (refGroup === undefined || objectGroup === undefined) return true;
  if (refGroup === objectGroup) return true;
  return refGroup === 'extensions' && objectGroup === 'apps';
}
