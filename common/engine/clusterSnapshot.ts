/**
 * What the controller reads from the cluster in one sync: the scale, the Pods behind the
 * selector with their requests and metric samples, and Object/External metric values. The
 * simulator builds one per sync; the conformance adapter builds one per vector.
 */
import type { PodState } from './podGrouping';

/** A value that may be absent: null or undefined both mean "no sample" or "no request". */
export type MaybeMilli = number | null | undefined;

export interface PodSnapshot extends PodState {
  /** Pod-level requests (sum over the considered containers), milli, by resource name. */
  requests: Record<string, MaybeMilli>;
  /** Per-container requests, milli: container -> resource -> value. */
  containerRequests?: Record<string, Record<string, MaybeMilli>>;
  /** Metric samples, milli: by resource name, and by `podsMetricKey(name)` for Pods metrics. */
  usage: Record<string, MaybeMilli>;
  /** Per-container samples for ContainerResource metrics: container -> resource -> value. */
  containerUsage?: Record<string, Record<string, MaybeMilli>>;
}

export interface ClusterSnapshot {
  /** `scale.spec.replicas`. */
  specReplicas: number;
  /** `scale.status.replicas` (Object/External AverageValue base). */
  statusReplicas: number;
  pods: readonly PodSnapshot[];
  /** Object metric values (milli) by metric name. */
  objectMetrics?: Record<string, number>;
  /** External metric series values (milli) by metric name; the controller sums them. */
  externalMetrics?: Record<string, readonly number[]>;
  /** Samples for Pods that are not in the Pod list, by metric key then Pod name. */
  unknownPodMetrics?: Record<string, Record<string, number>>;
}

/** The key a Pods (custom) metric's samples use in `PodSnapshot.usage`. */
export function podsMetricKey(metricName: string): string {
  return `pods:${metricName}`;
}

/** The key a ContainerResource metric uses in `unknownPodMetrics`. */
export function containerMetricKey(container: string, resource: string): string {
  return `container:${container}:${resource}`;
}
