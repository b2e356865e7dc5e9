/**
 * The fields of an autoscaling/v2 HorizontalPodAutoscaler and of the workload fields the rules read,
 * as one table: hovers take their explanation, default and valid range from it, completion takes
 * the child keys and enum values. Paths are canonical: see `canonicalPath`.
 */
import type { MessageKey } from './messages';
import type { FieldPath } from '../workspace/indexedDocument';

export interface FieldSpec {
  doc: MessageKey;
  /** What the API server or controller uses when the field is omitted. */
  def?: MessageKey;
  /** Valid values or range, as the API validation checks them. */
  range?: MessageKey;
  /** Allowed scalar values, for completion. */
  values?: string[];
  /** Child keys, in the order completion offers them. */
  children?: string[];
}

const METRIC_SOURCES = ['resource', 'containerResource', 'pods', 'object', 'external'];

/**
 * Maps a concrete path to the table's key: sequence indices become `[]`, the scale direction under
 * behavior becomes `<dir>`, and everything below a metric source's `target` or `metric` is shared.
 */
export function canonicalPath(path: FieldPath): string {
  const parts = path.map((p) => (typeof p === 'number' ? '[]' : p));
  const joined = parts.join('.').replace(/\.\[\]/g, '[]');
  return joined
    .replace(/^spec\.behavior\.(scaleUp|scaleDown)/, 'spec.behavior.<dir>')
    .replace(
      new RegExp(`^spec\\.metrics\\[\\]\\.(${METRIC_SOURCES.join('|')})\\.(target|metric)`),
      'metric.$2',
    );
}

export const HPA_FIELDS: Record<string, FieldSpec> = {
  '': { doc: 'field.hpa', children: ['apiVersion', 'kind', 'metadata', 'spec'] },
  apiVersion: { doc: 'field.apiVersion', values: ['autoscaling/v2'] },
  kind: { doc: 'field.kind', values: ['HorizontalPodAutoscaler'] },
  metadata: { doc: 'field.metadata', children: ['name', 'namespace', 'labels', 'annotations'] },
  spec: {
    doc: 'field.spec',
    children: ['scaleTargetRef', 'minReplicas', 'maxReplicas', 'metrics', 'behavior'],
  },
  'spec.scaleTargetRef': { doc: 'field.scaleTargetRef', children: ['apiVersion', 'kind', 'name'] },
  'spec.scaleTargetRef.apiVersion': { doc: 'field.scaleTargetRef.apiVersion', values: ['apps/v1'] },
  'spec.scaleTargetRef.kind': {
    doc: 'field.scaleTargetRef.kind',
    values: ['Deployment', 'StatefulSet', 'ReplicaSet'],
  },
  'spec.scaleTargetRef.name': { doc: 'field.scaleTargetRef.name' },
  'spec.minReplicas': { doc: 'field.minReplicas', def: 'default.minReplicas', range: 'range.minReplicas' },
  'spec.maxReplicas': { doc: 'field.maxReplicas', range: 'range.maxReplicas' },
  'spec.metrics': { doc: 'field.metrics', def: 'default.metrics' },
  'spec.metrics[]': {
    doc: 'field.metric',
    children: ['type', 'resource', 'containerResource', 'pods', 'object', 'external'],
  },
  'spec.metrics[].type': {
    doc: 'field.metric.type',
    values: ['Resource', 'Pods', 'Object', 'External', 'ContainerResource'],
  },
  'spec.metrics[].resource': { doc: 'field.metric.resource', children: ['name', 'target'] },
  'spec.metrics[].resource.name': { doc: 'field.metric.resourceName', values: ['cpu', 'memory'] },
  'spec.metrics[].containerResource': {
    doc: 'field.metric.containerResource',
    children: ['name', 'container', 'target'],
  },
  'spec.metrics[].containerResource.name': { doc: 'field.metric.resourceName', values: ['cpu', 'memory'] },
  'spec.metrics[].containerResource.container': { doc: 'field.metric.container' },
  'spec.metrics[].pods': { doc: 'field.metric.pods', children: ['metric', 'target'] },
  'spec.metrics[].object': { doc: 'field.metric.object', children: ['describedObject', 'metric', 'target'] },
  'spec.metrics[].object.describedObject': {
    doc: 'field.metric.describedObject',
    children: ['apiVersion', 'kind', 'name'],
  },
  'spec.metrics[].external': { doc: 'field.metric.external', children: ['metric', 'target'] },
  'metric.metric': { doc: 'field.metric.metric', children: ['name', 'selector'] },
  'metric.metric.name': { doc: 'field.metric.metricName' },
  'metric.metric.selector': { doc: 'field.metric.selector' },
  'metric.target': {
    doc: 'field.target',
    children: ['type', 'averageUtilization', 'averageValue', 'value'],
  },
  'metric.target.type': { doc: 'field.target.type', values: ['Utilization', 'AverageValue', 'Value'] },
  'metric.target.averageUtilization': {
    doc: 'field.target.averageUtilization',
    range: 'range.averageUtilization',
  },
  'metric.target.averageValue': { doc: 'field.target.averageValue', range: 'range.positiveQuantity' },
  'metric.target.value': { doc: 'field.target.value', range: 'range.positiveQuantity' },
  'spec.behavior': { doc: 'field.behavior', def: 'default.behavior', children: ['scaleUp', 'scaleDown'] },
  'spec.behavior.<dir>': {
    doc: 'field.scalingRules',
    children: ['stabilizationWindowSeconds', 'selectPolicy', 'policies', 'tolerance'],
  },
  'spec.behavior.<dir>.stabilizationWindowSeconds': {
    doc: 'field.stabilizationWindowSeconds',
    def: 'default.stabilizationWindowSeconds',
    range: 'range.stabilizationWindowSeconds',
  },
  'spec.behavior.<dir>.selectPolicy': {
    doc: 'field.selectPolicy',
    def: 'default.selectPolicy',
    values: ['Max', 'Min', 'Disabled'],
  },
  'spec.behavior.<dir>.policies': { doc: 'field.policies', def: 'default.policies', range: 'range.policies' },
  'spec.behavior.<dir>.policies[]': { doc: 'field.policy', children: ['type', 'value', 'periodSeconds'] },
  'spec.behavior.<dir>.policies[].type': { doc: 'field.policy.type', values: ['Pods', 'Percent'] },
  'spec.behavior.<dir>.policies[].value': { doc: 'field.policy.value', range: 'range.policyValue' },
  'spec.behavior.<dir>.policies[].periodSeconds': {
    doc: 'field.policy.periodSeconds',
    range: 'range.periodSeconds',
  },
  'spec.behavior.<dir>.tolerance': {
    doc: 'field.tolerance',
    def: 'default.tolerance',
    range: 'range.tolerance',
  },
};

/** Workload (Deployment, StatefulSet...) fields the rules read. */
export const WORKLOAD_FIELDS: Record<string, FieldSpec> = {
  metadata: { doc: 'field.workload.metadata' },
  'spec.replicas': { doc: 'field.workload.replicas', def: 'default.workload.replicas' },
  'spec.template.spec.containers[].resources': {
    doc: 'field.workload.resources',
    children: ['requests', 'limits'],
  },
  'spec.template.spec.containers[].resources.requests': {
    doc: 'field.workload.requests',
    children: ['cpu', 'memory'],
  },
  'spec.template.spec.containers[].resources.requests.cpu': { doc: 'field.workload.requestCpu' },
  'spec.template.spec.containers[].resources.requests.memory': { doc: 'field.workload.requestMemory' },
};

// Own keys only: a manifest key like `toString` or `constructor` must not find Object.prototype's.
export function hpaField(path: FieldPath): FieldSpec | undefined {
  const key = canonicalPath(path);
  return Object.hasOwn(HPA_FIELDS, key) ? HPA_FIELDS[key] : undefined;
}

export function workloadField(path: FieldPath): FieldSpec | undefined {
  const key = canonicalPath(path);
  return Object.hasOwn(WORKLOAD_FIELDS, key) ? WORKLOAD_FIELDS[key] : undefined;
}
