/**
 * The default PromQL for each metric of an HPA, and for what the HPA really did. Each query answers
 * with one series in the unit the engine's loads use before the milli conversion (cores, bytes, the
 * custom metric's own unit); `toLoad.ts` multiplies by 1000.
 *
 * - Resource cpu: cAdvisor's `container_cpu_usage_seconds_total`, as a rate, summed over the
 *   target's Pods in the HPA's namespace. `container!=""` drops the Pod-level cgroup series and
 *   `container!="POD"` the pause container, so nothing is counted twice.
 * - Resource memory: `container_memory_working_set_bytes` (what metrics-server reports), summed
 *   the same way.
 * - ContainerResource: the same for the one container the metric names.
 * - Pods: the metric's name summed over the target's Pods (the engine's load is the total demand),
 *   with the selector's labels: a starting point, since the metrics adapter may rename it.
 * - Object: the metric's name in the namespace with the selector, not summed, so a query that
 *   matches several objects says so.
 * - External: the metric's name with the selector, summed: the controller adds every series an
 *   External metric returns.
 */
import { metricDisplayName } from '../engine/metricEvaluation';
import type { HPASpec, MetricSpec } from '../engine/types';
import { labelSelectorOf } from '../k8s/labelSelector';
import { podNamePattern, type PodNamePattern } from './podNames';
import { promDuration } from './time';

export interface QueryContext {
  /** The HPA's namespace (`default` when the manifest has none). */
  namespace: string;
  /** The HPA's own name, for kube-state-metrics. */
  hpaName: string;
  /** The query step in seconds: rates are taken over max(step, 1 m) so no sample is skipped. */
  stepSeconds: number;
}

export interface DefaultQuery {
  /** The metric's name as loads and `--query METRIC=...` name it. */
  metric: string;
  promql: string;
  /** What the query's value is, before the ×1000 to milli-units. */
  unit: 'cores' | 'bytes' | 'value';
}

/** A PromQL string literal. */
export function promString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;

/** A metric name as PromQL accepts it; names with other characters are matched through `__name__`. */
function metricSelector(name: string, matchers: string[]): string {
  if (METRIC_NAME.test(name)) return `${name}{${matchers.join(',')}}`;
  return `{${[`__name__=${promString(name)}`, ...matchers].join(',')}}`;
}

/**
 * A Kubernetes label selector as PromQL matchers. Label names that PromQL cannot spell (`app.kubernetes.io/name`)
 * are written as the adapters export them: every other character becomes `_`. The selector is read by
 * the one reading of label selectors (k8s/labelSelector.ts); one that does not convert matches nothing
 * in the cluster, so it adds no matcher here (the linter reports it).
 */
export function selectorMatchers(selector: unknown): string[] {
  const parsed = labelSelectorOf(selector);
  if (!parsed) return [];
  const label = (k: string) => (LABEL_NAME.test(k) ? k : k.replace(/[^a-zA-Z0-9_]/g, '_'));
  const alternatives = (values: readonly string[]) =>
    promString(values.map((v) => v.replace(/[\\.^$|?*+()[\]{}]/g, '\\$&')).join('|'));
  return parsed.requirements.map(({ key, operator, values }) => {
    const k = label(key);
    switch (operator) {
      case 'In':
        return values.length === 1
          ? `${k}=${promString(values[0] as string)}`
          : `${k}=~${alternatives(values)}`;
      case 'NotIn':
        return `${k}!~${alternatives(values)}`;
      case 'Exists':
        return `${k}!=""`;
      case 'DoesNotExist':
        return `${k}=""`;
    }
  });
}

function rateWindow(stepSeconds: number): string {
  return promDuration(Math.max(60, stepSeconds));
}

/** The default query for one metric of the HPA. */
export function defaultQueryFor(spec: HPASpec, metric: MetricSpec, ctx: QueryContext): DefaultQuery {
  const name = metricDisplayName(metric);
  const ns = `namespace=${promString(ctx.namespace)}`;
  const pods: PodNamePattern = podNamePattern(
    spec.scaleTargetRef?.kind ?? '',
    spec.scaleTargetRef?.name ?? '',
  );
  const inPods = `pod=~${promString(pods.regex)}`;
  const resourceQuery = (resource: string, container: string | null): DefaultQuery => {
    const containerMatch =
      container === null ? 'container!="",container!="POD"' : `container=${promString(container)}`;
    const matchers = `{${ns},${inPods},${containerMatch}}`;
    if (resource === 'cpu') {
      return {
        metric: name,
        promql: `sum(rate(container_cpu_usage_seconds_total${matchers}[${rateWindow(ctx.stepSeconds)}]))`,
        unit: 'cores',
      };
    }
    if (resource === 'memory') {
      return { metric: name, promql: `sum(container_memory_working_set_bytes${matchers})`, unit: 'bytes' };
    }
    // No cAdvisor series for other resources (ephemeral-storage...): name it and let the user edit.
    return {
      metric: name,
      promql: `sum(container_${resource.replace(/[^a-zA-Z0-9_]/g, '_')}${matchers})`,
      unit: 'value',
    };
  };
  switch (metric.type) {
    case 'Resource':
      return resourceQuery(metric.resource?.name ?? '', null);
    case 'ContainerResource':
      return resourceQuery(metric.containerResource?.name ?? '', metric.containerResource?.container ?? '');
    case 'Pods':
      return {
        metric: name,
        promql: `sum(${metricSelector(name, [ns, inPods, ...selectorMatchers(metric.pods?.metric?.selector)])})`,
        unit: 'value',
      };
    case 'Object':
      return {
        metric: name,
        promql: metricSelector(name, [ns, ...selectorMatchers(metric.object?.metric?.selector)]),
        unit: 'value',
      };
    default:
      return {
        metric: name,
        promql: `sum(${metricSelector(name, selectorMatchers(metric.external?.metric?.selector))})`,
        unit: 'value',
      };
  }
}

/** One default query per metric name (two metrics on one name read one series, as loads do). */
export function defaultQueries(
  spec: HPASpec,
  metrics: readonly MetricSpec[],
  ctx: QueryContext,
): DefaultQuery[] {
  const out: DefaultQuery[] = [];
  for (const m of metrics) {
    const q = defaultQueryFor(spec, m, ctx);
    if (!out.some((x) => x.metric === q.metric)) out.push(q);
  }
  return out;
}

/** kube-state-metrics' view of the HPA: the replicas it had, and the replicas it asked for. */
export function actualReplicasQueries(ctx: QueryContext): { current: string; desired: string } {
  const m = `{namespace=${promString(ctx.namespace)},horizontalpodautoscaler=${promString(ctx.hpaName)}}`;
  return {
    current: `max(kube_horizontalpodautoscaler_status_current_replicas${m})`,
    desired: `max(kube_horizontalpodautoscaler_status_desired_replicas${m})`,
  };
}
