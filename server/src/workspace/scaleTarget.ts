/**
 * What an autoscaler scales: `spec.scaleTargetRef` of an HPA (any autoscaling version) or of a KEDA
 * ScaledObject (whose kind defaults to Deployment). The namespace is always the autoscaler's own.
 */
import type { K8sObject } from './objects';
import type { YamlView } from '../yaml/yamlView';

export const HPA_KIND = 'HorizontalPodAutoscaler';
export const SCALED_OBJECT_KIND = 'ScaledObject';

export interface ScaleTargetRef {
  apiVersion: string | undefined;
  kind: string;
  name: string;
  namespace: string;
  /** The `scaleTargetRef` node, for ranges. */
  view: YamlView;
}

export function isHpa(object: K8sObject): boolean {
  return object.kind === HPA_KIND && (object.apiVersion?.startsWith('autoscaling/') ?? true);
}

export function isScaledObject(object: K8sObject): boolean {
  return object.kind === SCALED_OBJECT_KIND && (object.apiVersion?.startsWith('keda.sh/') ?? true);
}

export function scaleTargetOf(object: K8sObject): ScaleTargetRef | undefined {
  const hpa = isHpa(object);
  if (!hpa && !isScaledObject(object)) return undefined;
  const view = object.root.at('spec', 'scaleTargetRef');
  const name = view.get('name').string;
  const kind = view.get('kind').string ?? (hpa ? undefined : 'Deployment');
  if (!name || !kind) return undefined;
  return { apiVersion: view.get('apiVersion').string, kind, name, namespace: object.namespace, view };
}
