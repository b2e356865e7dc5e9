/**
 * What an autoscaler scales: `spec.scaleTargetRef` of an HPA (any autoscaling version) or of a KEDA
 * ScaledObject (whose kind defaults to Deployment). The namespace is always the autoscaler's own.
 */
import { isAutoscaler, isHpa } from '../../../common/k8s/workloadKinds';
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';

// "Is this an autoscaler" is decided once, in common/k8s; re-exported for the server's callers.
export { HPA_KIND, SCALED_OBJECT_KIND, isHpa, isScaledObject } from '../../../common/k8s/workloadKinds';

export interface ScaleTargetRef {
  apiVersion: string | undefined;
  kind: string;
  name: string;
  namespace: string;
  /** The `scaleTargetRef` node, for ranges. */
  view: YamlView;
}

export function scaleTargetOf(object: K8sObject): ScaleTargetRef | undefined {
  const hpa = isHpa(object);
  if (!hpa && !isAutoscaler(object)) return undefined;
  const view = object.root.at('spec', 'scaleTargetRef');
  const name = view.get('name').string;
  const kind = view.get('kind').string ?? (hpa ? undefined : 'Deployment');
  if (!name || !kind) return undefined;
  return { apiVersion: view.get('apiVersion').string, kind, name, namespace: object.namespace, view };
}
