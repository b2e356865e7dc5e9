/**
 * metric-target: each entry of spec.metrics populates the source its type names (and no other), and
 * that source's target sets the values its metric type needs, with positive values.
 */
import { MIN_AVERAGE_UTILIZATION } from '../../../common/k8s/apiLimits';
import { t } from '../localize';
import { quantityMilliOrUndefined } from '../../../common/engine/quantity';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import type { YamlView } from '../yaml/yamlView';
import { schemaDocuments } from '../schema/schemaDocuments';
import { QUANTITY_SHAPE, hasV2Shape, shownValue } from './apiText';
import { misspeltAmong } from './suggestions';
import { documentRule, type RuleContext } from './types';

/** The fields of a metric and of its target, as the schema lists them (for typo suggestions). */
const SCHEMA_DEFINITIONS = (
  schemaDocuments().hpa as { definitions: Record<string, { properties: Record<string, unknown> }> }
).definitions;
const METRIC_FIELDS: readonly string[] = Object.keys(SCHEMA_DEFINITIONS.metricSpec!.properties);
const TARGET_FIELDS: readonly string[] = Object.keys(SCHEMA_DEFINITIONS.metricTarget!.properties);

/** metrics[i].type -> the field holding its source. */
const SOURCE_OF_TYPE: Record<string, string> = {
  Resource: 'resource',
  ContainerResource: 'containerResource',
  Pods: 'pods',
  Object: 'object',
  External: 'external',
};

export const metricTargetRule = documentRule({
  id: 'metric-target',
  defaultSeverity: 'error',
  description:
    'Each metric populates exactly the source its type names, and its target sets the values that type needs.',
  kinds: [HPA_KIND],
  check(object, context) {
    if (!isHpa(object) || !hasV2Shape(object)) return;
    for (const metric of object.root.at('spec', 'metrics').items()) checkMetric(metric, context);
  },
});

function checkMetric(metric: YamlView, context: RuleContext): void {
  const type = metric.get('type').string;
  if (type === undefined) return; // missing type: the schema reports it
  const sourceKey = SOURCE_OF_TYPE[type];
  if (sourceKey === undefined) return; // unknown type: the schema's enum reports it
  const source = metric.get(sourceKey);
  if (!source.exists && !typoHidesIt(metric, METRIC_FIELDS, [sourceKey], context)) {
    context.report(
      metric.get('type').valueSpan(),
      t('{path}: Required value: must populate information for the given metric source', {
        path: source.path,
      }),
    );
  }
  for (const other of Object.values(SOURCE_OF_TYPE)) {
    if (other === sourceKey) continue;
    const extra = metric.get(other);
    if (extra.exists) {
      context.report(
        extra.keySpan(),
        t('{path}: Forbidden: must populate the given metric source only', { path: extra.path }),
      );
    }
  }
  if (!source.isMap) return;
  checkNames(type, source, context);
  const target = source.get('target');
  if (!target.isMap) return; // missing target: the schema reports it
  checkTargetValues(target, context);
  checkTargetCombination(type, target, context);
}

function checkNames(type: string, source: YamlView, context: RuleContext): void {
  if (type === 'Resource' || type === 'ContainerResource') {
    const name = source.get('name');
    if (name.string === '')
      context.report(
        name.valueSpan(),
        t('{path}: Required value: must specify a resource name', { path: name.path }),
      );
  }
  if (type === 'ContainerResource') {
    const container = source.get('container');
    if (container.string === '') {
      context.report(
        container.valueSpan(),
        t('{path}: Required value: must specify a container', { path: container.path }),
      );
    }
  }
  if (type === 'Pods' || type === 'Object' || type === 'External') {
    const name = source.at('metric', 'name');
    const value = name.string;
    if (value === '')
      context.report(
        name.valueSpan(),
        t('{path}: Required value: must specify a metric name', { path: name.path }),
      );
    else if (value !== undefined && value.includes('/')) {
      context.report(
        name.valueSpan(),
        t('{path}: Invalid value: {value}: {detail}', {
          path: name.path,
          value: shownValue(name),
          detail: t("may not contain '/'"),
        }),
      );
    }
  }
}

function checkTargetValues(target: YamlView, context: RuleContext): void {
  for (const key of ['value', 'averageValue']) {
    const field = target.get(key);
    if (!field.exists || field.value === null) continue;
    const milli = quantityMilliOrUndefined(field.value);
    if (milli === undefined) {
      context.report(
        field.valueSpan(),
        t('{path}: Invalid value: {value}: quantities must match the regular expression {pattern}', {
          path: field.path,
          value: shownValue(field),
          pattern: QUANTITY_SHAPE,
        }),
      );
    } else if (milli <= 0) {
      context.report(
        field.valueSpan(),
        t('{path}: Invalid value: {value}: must be positive', { path: field.path, value: shownValue(field) }),
      );
    }
  }
  const utilization = target.get('averageUtilization');
  const percent = utilization.number;
  if (percent !== undefined && percent < MIN_AVERAGE_UTILIZATION) {
    // The API server's wording: "greater than 0" for the whole-percent bound of 1.
    context.report(
      utilization.valueSpan(),
      t('{path}: Invalid value: {value}: must be greater than {min}', {
        path: utilization.path,
        value: shownValue(utilization),
        min: MIN_AVERAGE_UTILIZATION - 1,
      }),
    );
  }
}

function isSet(view: YamlView): boolean {
  return view.exists && view.value !== null;
}

/**
 * True when an unknown key of the map most likely misspells one of the fields it lacks
 * (`averageUtilisation` in a target, `resorce` in a metric): the schema rule's "did you mean" diagnostic on that key says what is
 * wrong, so a second error for the same typo would only add noise. Reported as usual when the user
 * turned the schema rule off.
 */
function typoHidesIt(
  map: YamlView,
  allowed: readonly string[],
  missing: readonly string[],
  context: RuleContext,
): boolean {
  if (context.settings.rules.schema === 'off') return false;
  return misspeltAmong(map.keys(), allowed, missing);
}

/**
 * What a metric type's target must set: at least one of `fields` (the API server's message names the
 * last of them), and with `notAll`, not all of them together (reported on the first, which it names).
 */
interface RequiredTarget {
  fields: readonly string[];
  missing(path: string): string;
  notAll?(path: string): string;
}

const RESOURCE_TARGET: RequiredTarget = {
  fields: ['averageValue', 'averageUtilization'],
  missing: (path) =>
    t('{path}: Required value: must set either a target raw value or a target utilization', { path }),
  notAll: (path) =>
    t('{path}: Forbidden: may not set both a target raw value and a target utilization', { path }),
};

const REQUIRED_TARGETS: ReadonlyMap<string, RequiredTarget> = new Map([
  ['Resource', RESOURCE_TARGET],
  ['ContainerResource', RESOURCE_TARGET],
  [
    'Pods',
    {
      fields: ['averageValue'],
      missing: (path) => t('{path}: Required value: must specify a positive target averageValue', { path }),
    },
  ],
  [
    'Object',
    {
      fields: ['value', 'averageValue'],
      missing: (path) =>
        t('{path}: Required value: must set either a target value or averageValue', { path }),
    },
  ],
  [
    'External',
    {
      fields: ['value', 'averageValue'],
      missing: (path) =>
        t('{path}: Required value: must set either a target value for metric or a per-pod target', { path }),
      notAll: (path) =>
        t('{path}: Forbidden: may not set both a target value for metric and a per-pod target', { path }),
    },
  ],
]);

function checkTargetCombination(type: string, target: YamlView, context: RuleContext): void {
  const required = REQUIRED_TARGETS.get(type);
  if (!required) return;
  const fields = required.fields.map((name) => target.get(name));
  const first = fields[0]!;
  const last = fields[fields.length - 1]!;
  if (!fields.some(isSet)) {
    if (typoHidesIt(target, TARGET_FIELDS, required.fields, context)) return;
    context.report(target.keySpan(), required.missing(last.path));
  } else if (required.notAll && fields.every(isSet)) {
    context.report(first.keySpan(), required.notAll(first.path));
  }
}
