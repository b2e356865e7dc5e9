/**
 * Older autoscaling API versions, converted to the autoscaling/v2 spec the engine reads, the way
 * the API server converts them: v1 is one cpu Utilization target; v2beta1 spells targets as
 * `targetAverageUtilization` / `targetAverageValue` / `targetValue` and names metrics `metricName`.
 * v2beta2 already has the v2 shape. Neither older version has `behavior` (legacy path).
 */

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function v1ToV2(spec: Json): Json {
  const out: Json = { ...spec };
  const cpu = out.targetCPUUtilizationPercentage;
  delete out.targetCPUUtilizationPercentage;
  if (typeof cpu === 'number') {
    out.metrics = [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: cpu } },
      },
    ];
  }
  return out;
}

function averageTarget(source: Json): Json {
  if (source.targetAverageValue !== undefined)
    return { type: 'AverageValue', averageValue: source.targetAverageValue };
  return { type: 'Utilization', averageUtilization: source.targetAverageUtilization };
}

function metricV2beta1ToV2(m: unknown): unknown {
  if (!isObject(m)) return m;
  const type = m.type;
  if (type === 'Resource' && isObject(m.resource) && !('target' in m.resource)) {
    const r = m.resource;
    return { type, resource: { name: r.name, target: averageTarget(r) } };
  }
  if (type === 'ContainerResource' && isObject(m.containerResource) && !('target' in m.containerResource)) {
    const r = m.containerResource;
    return { type, containerResource: { name: r.name, container: r.container, target: averageTarget(r) } };
  }
  if (type === 'Pods' && isObject(m.pods) && !('target' in m.pods)) {
    const p = m.pods;
    return {
      type,
      pods: {
        metric: { name: p.metricName, selector: p.selector },
        target: { type: 'AverageValue', averageValue: p.targetAverageValue },
      },
    };
  }
  if (type === 'Object' && isObject(m.object) && !('describedObject' in m.object)) {
    const o = m.object;
    const target =
      o.averageValue !== undefined
        ? { type: 'AverageValue', averageValue: o.averageValue }
        : { type: 'Value', value: o.targetValue };
    return {
      type,
      object: { describedObject: o.target, metric: { name: o.metricName, selector: o.selector }, target },
    };
  }
  if (type === 'External' && isObject(m.external) && !('target' in m.external)) {
    const e = m.external;
    const target =
      e.targetAverageValue !== undefined
        ? { type: 'AverageValue', averageValue: e.targetAverageValue }
        : { type: 'Value', value: e.targetValue };
    return { type, external: { metric: { name: e.metricName, selector: e.metricSelector }, target } };
  }
  return m;
}

/** The spec in autoscaling/v2 form for any autoscaling/* apiVersion. */
export function toV2Spec(spec: Json, apiVersion: string): Json {
  if (apiVersion.endsWith('/v1')) return v1ToV2(spec);
  if (apiVersion.endsWith('/v2beta1') && Array.isArray(spec.metrics)) {
    return { ...spec, metrics: spec.metrics.map(metricV2beta1ToV2) };
  }
  return spec;
}
