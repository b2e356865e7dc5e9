/**
 * Shared pieces of the API-server rules: how values print in field errors (ints bare, strings
 * quoted, as apimachinery's field.Error does) and where the behavior block sits for each autoscaler.
 */
import type { K8sObject } from '../workspace/objects';
import { isScaledObject } from '../workspace/scaleTarget';
import type { YamlView } from '../yaml/yamlView';

/** A value as `field.Error` renders it: numbers bare, strings in double quotes. */
export function shownValue(view: YamlView): string {
  const value = view.value;
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `spec.behavior` of an HPA, or the behavior KEDA copies into the HPA it creates for a ScaledObject. */
export function behaviorOf(object: K8sObject): YamlView {
  return isScaledObject(object)
    ? object.root.at('spec', 'advanced', 'horizontalPodAutoscalerConfig', 'behavior')
    : object.root.at('spec', 'behavior');
}

export const DIRECTIONS = ['scaleUp', 'scaleDown'] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** Each direction's rules that are present, in the order the API server validates them. */
export function presentDirections(object: K8sObject): { direction: Direction; rules: YamlView }[] {
  const behavior = behaviorOf(object);
  return DIRECTIONS.map((direction) => ({ direction, rules: behavior.get(direction) })).filter(
    (d) => d.rules.isMap,
  );
}

/** The policies of every present direction. */
export function presentPolicies(object: K8sObject): YamlView[] {
  return presentDirections(object).flatMap((d) => d.rules.get('policies').items());
}

/** autoscaling/v2 (or v2beta2, same shape) HPA: the API rules apply; v1 and v2beta1 have other fields. */
export function hasV2Shape(object: K8sObject): boolean {
  return (
    object.apiVersion === undefined ||
    object.apiVersion === 'autoscaling/v2' ||
    object.apiVersion === 'autoscaling/v2beta2'
  );
}

/** The quantity syntax as the API server words it in its error. */
export const QUANTITY_SHAPE = "'^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
