import type { MetricSpec, MetricTarget } from './types';

/**
 * The target block of a metric, whatever its source type. Optional chaining throughout because
 * specs come from half-typed editors: a missing source block yields undefined, never a TypeError.
 */
export function metricTargetOf(spec: MetricSpec): MetricTarget | undefined {
  switch (spec.type) {
    case 'Resource':
      return spec.resource?.target;
    case 'ContainerResource':
      return spec.containerResource?.target;
    case 'Pods':
      return spec.pods?.target;
    case 'Object':
      return spec.object?.target;
    case 'External':
      return spec.external?.target;
    default:
      return undefined;
  }
}
