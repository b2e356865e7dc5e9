/**
 * autoscaling/v2beta1 metric field names in an autoscaling/v2 (or v2beta2) HPA: `metricName`,
 * `targetAverageUtilization`, `targetAverageValue`... written in a metric source that v2 shapes as
 * `metric: {name}` and `target: {type, ...}`. The API server rejects each of them as an unknown field
 * and each missing `metric` / `target` as required, two to four errors for one cause: copying a
 * v2beta1 example under a newer apiVersion. The schema rule reports it once per metric source, with
 * the v2 fields to write instead, and leaves out the errors it explains.
 */
import { listOf, t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import type { YamlView } from '../yaml/yamlView';

/** v2beta1 names and the v2 field each becomes. */
const METRIC_FIELDS: ReadonlyMap<string, string> = new Map([
  ['metricName', 'name'],
  ['metricSelector', 'selector'],
]);
const TARGET_FIELDS: ReadonlyMap<string, { type: string; field: string }> = new Map([
  ['targetAverageUtilization', { type: 'Utilization', field: 'averageUtilization' }],
  ['targetAverageValue', { type: 'AverageValue', field: 'averageValue' }],
  ['targetValue', { type: 'Value', field: 'value' }],
]);

/** The metric source types whose v2beta1 form used these names. */
const SOURCES = ['resource', 'containerResource', 'pods', 'object', 'external'];

export interface LegacyMetricSource {
  /** The source's JSON pointer, as schema errors name it (`/spec/metrics/0/pods`). */
  instancePath: string;
  /** The v2beta1 keys written there. */
  fields: string[];
  /** The finding: on the first v2beta1 key. */
  view: YamlView;
  message: string;
}

/** Every metric source of an autoscaling/v2 or v2beta2 HPA that uses v2beta1 field names. */
export function legacyMetricSources(hpa: K8sObject): LegacyMetricSource[] {
  if (hpa.apiVersion !== 'autoscaling/v2' && hpa.apiVersion !== 'autoscaling/v2beta2') return [];
  const out: LegacyMetricSource[] = [];
  hpa.root
    .at('spec', 'metrics')
    .items()
    .forEach((metric, index) => {
      for (const type of SOURCES) {
        const source = metric.get(type);
        if (!source.isMap) continue;
        const fields = source.keys().filter((k) => METRIC_FIELDS.has(k) || TARGET_FIELDS.has(k));
        if (fields.length === 0) continue;
        out.push({
          instancePath: `/spec/metrics/${index}/${type}`,
          fields,
          view: source.get(fields[0]!),
          message: t(
            '{path}: autoscaling/v2beta1 field names ({fields}) under {apiVersion}, which does not know them; write {fix}',
            {
              path: source.path,
              fields: listOf(fields.map((f) => `"${f}"`)),
              apiVersion: hpa.apiVersion ?? '',
              fix: replacement(source, fields),
            },
          ),
        });
      }
    });
  return out;
}

/** The v2 fields, in flow style, with the values as written (`metric: {name: rps}, target: {...}`). */
function replacement(source: YamlView, fields: readonly string[]): string {
  const parts: string[] = [];
  const metric = fields
    .filter((f) => METRIC_FIELDS.has(f))
    .map((f) => `${METRIC_FIELDS.get(f)}: ${scalar(source.get(f))}`);
  if (metric.length > 0) parts.push(`metric: {${metric.join(', ')}}`);
  for (const f of fields) {
    const target = TARGET_FIELDS.get(f);
    if (target) parts.push(`target: {type: ${target.type}, ${target.field}: ${scalar(source.get(f))}}`);
  }
  return parts.join(', ');
}

function scalar(view: YamlView): string {
  const value = view.value;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  return '{…}';
}
