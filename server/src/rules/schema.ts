/**
 * schema: the object against schemas/: unknown fields (on the key), wrong types (on the value),
 * missing required fields (on the parent's key), unsupported enum values (on the value). An unknown
 * field or an unsupported value close to an allowed one says "did you mean …?" (suggestions.ts),
 * and the required field such a typo leaves missing is not reported a second time. autoscaling/v2beta1
 * metric field names under a newer apiVersion are one finding per metric source
 * (legacyMetricFields.ts), not an unknown field each plus the missing `metric` and `target`.
 */
import { t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import { WORKLOAD_KINDS } from '../../../common/k8s/workloadKinds';
import { HPA_KIND } from '../workspace/scaleTarget';
import { type SchemaError, validatorFor } from '../schema/schemaValidation';
import type { YamlView } from '../yaml/yamlView';
import { QUANTITY_SHAPE } from './apiText';
import { type LegacyMetricSource, legacyMetricSources } from './legacyMetricFields';
import { likelyField, likelyMeant, type Suggestion } from './suggestions';
import { documentRule, type RuleContext } from './types';

export const schemaRule = documentRule({
  id: 'schema',
  defaultSeverity: 'error',
  description:
    'The object matches the autoscaling/v2 (and apps/v1) schema: known fields, right types, required fields, supported values.',
  kinds: [HPA_KIND, ...WORKLOAD_KINDS],
  check(object, context) {
    const { errors, renderedName } = schemaErrors(object, renderedNames(object, context));
    if (errors.length === 0) return;
    const meant = suggestionsOf(object, errors);
    const legacy = object.kind === HPA_KIND ? legacyMetricSources(object) : [];
    for (const source of legacy) context.report(source.view.keySpan(), source.message);
    const seen = new Set<string>();
    for (const error of errors) {
      const key = `${error.instancePath}|${error.keyword}|${JSON.stringify(error.params)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (error.keyword === 'required' && misspeltRequired(error, meant)) continue;
      if (explainedByLegacyFields(error, legacy)) continue;
      reportError(object, error, context, meant.get(error), renderedName);
    }
  },
});

const NAME_PATH = '/metadata/name';

/**
 * The names the overlays deploying an HPA give it, when one of them renames it: a component may
 * leave `name: -app` for its consumer's `namePrefix` to complete (workspace/deployment.ts).
 */
function renderedNames(object: K8sObject, context: RuleContext): string[] | undefined {
  const name = object.root.at('metadata', 'name').value;
  if (object.kind !== HPA_KIND || typeof name !== 'string') return undefined;
  const units = context.workspace.unitsOf(object.uri);
  if (!units.some((u) => u.prefix !== '' || u.suffix !== '')) return undefined;
  return [...new Set(units.map((u) => `${u.prefix}${name}${u.suffix}`))];
}

/**
 * The schema's complaints about the object (none when no schema applies). With rendered names,
 * metadata.name is judged as each overlay renders it, and `renderedName` is the one found wrong.
 */
function schemaErrors(
  object: K8sObject,
  names: readonly string[] | undefined,
): { errors: SchemaError[]; renderedName?: string } {
  const validate = validatorFor(object.kind, object.apiVersion);
  if (!validate) return { errors: [] };
  if (names === undefined) {
    return { errors: validate(validatedValue(object)) ? [] : [...(validate.errors ?? [])] };
  }
  const value = object.root.value as { metadata: Record<string, unknown> };
  let rest: SchemaError[] | undefined;
  for (const name of names) {
    const errors = validate({ ...value, metadata: { ...value.metadata, name } })
      ? []
      : [...(validate.errors ?? [])];
    // Only the name differs from one rendering to the next: the other complaints are the same.
    rest ??= errors.filter((e) => e.instancePath !== NAME_PATH);
    const ofName = errors.filter((e) => e.instancePath === NAME_PATH);
    if (ofName.length > 0) return { errors: [...rest, ...ofName], renderedName: name };
  }
  return { errors: rest ?? [] };
}

/** The name each unknown field or unsupported value most likely stands for, where one does. */
function suggestionsOf(object: K8sObject, errors: readonly SchemaError[]): Map<SchemaError, string> {
  const meant = new Map<SchemaError, string>();
  for (const error of errors) {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const properties = (error.parentSchema as { properties?: Record<string, unknown> } | undefined)
        ?.properties;
      const parent = viewAt(object, error.instancePath);
      if (!properties || !parent.isMap) continue;
      const suggestion = likelyField(
        String(params.additionalProperty),
        Object.keys(properties),
        parent.keys(),
      );
      if (suggestion !== undefined) meant.set(error, suggestion);
    } else if (error.keyword === 'enum') {
      const value = viewAt(object, error.instancePath).value;
      const allowed = ((params.allowedValues as unknown[]) ?? []).filter(
        (v): v is string => typeof v === 'string',
      );
      const suggestion = typeof value === 'string' ? likelyMeant(value, allowed) : undefined;
      if (suggestion !== undefined) meant.set(error, suggestion);
    }
  }
  return meant;
}

/** An unknown v2beta1 field, or the `metric` / `target` it stands in for, in a source reported as a whole. */
function explainedByLegacyFields(error: SchemaError, legacy: readonly LegacyMetricSource[]): boolean {
  const source = legacy.find((l) => l.instancePath === error.instancePath);
  if (!source) return false;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties')
    return source.fields.includes(String(params.additionalProperty));
  if (error.keyword === 'required') {
    const missing = String(params.missingProperty);
    return missing === 'metric' || missing === 'target';
  }
  return false;
}

/** A required field that an unknown sibling most likely misspells: that sibling's diagnostic covers it. */
function misspeltRequired(error: SchemaError, meant: ReadonlyMap<SchemaError, string>): boolean {
  const missing = String((error.params as Record<string, unknown>).missingProperty);
  for (const [other, suggestion] of meant) {
    if (
      other.keyword === 'additionalProperties' &&
      other.instancePath === error.instancePath &&
      suggestion === missing
    )
      return true;
  }
  return false;
}

/**
 * Where the schema rule suggests a name, and which: the unknown key or the unsupported value, with
 * its span in the file. The quick fix reads this, so it writes exactly what the message said.
 */
export function schemaSuggestions(object: K8sObject): Suggestion[] {
  const { errors } = schemaErrors(object, undefined);
  const suggestions: Suggestion[] = [];
  for (const [error, replacement] of suggestionsOf(object, errors)) {
    const view = viewAt(object, error.instancePath);
    const span =
      error.keyword === 'additionalProperties'
        ? view.get(String((error.params as Record<string, unknown>).additionalProperty)).keySpan()
        : view.valueSpan();
    suggestions.push({ span, replacement });
  }
  return suggestions;
}

/**
 * The value the schema sees. A workload's schema is a slice (replicas and the Pod template's
 * containers), so only those subtrees are converted: a rendered Deployment's labels, env and probes
 * would cost more to convert than the whole check.
 */
function validatedValue(object: K8sObject): unknown {
  if (object.kind === HPA_KIND) return object.root.value;
  const spec = object.root.get('spec');
  if (!spec.isMap) return { spec: spec.value };
  const podSpec = spec.at('template', 'spec');
  const slice: Record<string, unknown> = {};
  for (const key of ['containers', 'initContainers', 'resources']) {
    const part = podSpec.get(key);
    if (part.exists) slice[key] = part.value;
  }
  const template = spec.get('template');
  const templateValue = !template.exists
    ? undefined
    : template.isMap
      ? podSpec.exists
        ? { spec: podSpec.isMap ? slice : podSpec.value }
        : {}
      : template.value;
  return {
    spec: {
      ...(spec.get('replicas').exists ? { replicas: spec.get('replicas').value } : {}),
      ...(templateValue !== undefined ? { template: templateValue } : {}),
    },
  };
}

/** An ajv instance path (`/spec/metrics/0`) as field names, JSON-pointer escapes undone. */
function instanceSegments(instancePath: string): string[] {
  return instancePath
    .split('/')
    .slice(1)
    .map((raw) => raw.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function viewAt(object: K8sObject, instancePath: string): YamlView {
  let view = object.root;
  for (const segment of instanceSegments(instancePath)) {
    view = view.isSeq && /^\d+$/.test(segment) ? view.get(Number(segment)) : view.get(segment);
  }
  return view;
}

function childPath(parent: YamlView, key: string): string {
  return parent.path ? `${parent.path}.${key}` : key;
}

function reportError(
  object: K8sObject,
  error: SchemaError,
  context: RuleContext,
  suggestion: string | undefined,
  renderedName: string | undefined,
): void {
  const view = viewAt(object, error.instancePath);
  // A name an overlay completes is shown as it renders it.
  const value =
    renderedName !== undefined && error.instancePath === NAME_PATH
      ? JSON.stringify(renderedName)
      : shown(view);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'additionalProperties': {
      const key = String(params.additionalProperty);
      const path = childPath(view, key);
      context.report(
        view.get(key).keySpan(),
        suggestion === undefined
          ? t('unknown field "{path}"', { path })
          : t('unknown field "{path}": did you mean "{suggestion}"?', { path, suggestion }),
      );
      return;
    }
    case 'required': {
      if (context.partial) return; // a patch sets only what it changes
      const key = String(params.missingProperty);
      const span = view.path === '' ? object.root.get('kind').keySpan() : view.keySpan();
      // A base may leave a field to its overlays (a base HPA whose maxReplicas each environment's
      // patch sets). Only map paths: a list item in a strategic-merge patch is matched by its key,
      // not by its position, so an index says nothing about what the patch sets.
      const path = [...instanceSegments(error.instancePath), key];
      context.report(
        span,
        t('{path}: Required value', { path: childPath(view, key) }),
        path.some((segment) => /^\d+$/.test(segment)) ? undefined : { unlessPatched: path },
      );
      return;
    }
    case 'type': {
      const expected = typeName(Array.isArray(params.type) ? String(params.type[0]) : String(params.type));
      context.report(
        view.valueSpan(),
        t('{path}: Invalid value: {value}: expected {expected}', {
          path: view.path,
          value: shown(view),
          expected,
        }),
      );
      return;
    }
    case 'enum': {
      const allowed = ((params.allowedValues as unknown[]) ?? []).map((v) => JSON.stringify(v)).sort();
      const fields = { path: view.path, value: shown(view), supported: allowed.join(', ') };
      context.report(
        view.valueSpan(),
        suggestion === undefined
          ? t('{path}: Unsupported value: {value}: supported values: {supported}', fields)
          : t(
              '{path}: Unsupported value: {value}: supported values: {supported}; did you mean "{suggestion}"?',
              {
                ...fields,
                suggestion,
              },
            ),
      );
      return;
    }
    case 'pattern':
      if (!String(params.pattern).startsWith('^[a-z0-9]')) {
        context.report(
          view.valueSpan(),
          t('{path}: Invalid value: {value}: quantities must match the regular expression {pattern}', {
            path: view.path,
            value,
            pattern: QUANTITY_SHAPE,
          }),
        );
        return;
      }
      context.report(
        view.valueSpan(),
        t(
          "{path}: Invalid value: {value}: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
          { path: view.path, value },
        ),
      );
      return;
    case 'maxLength':
      context.report(
        view.valueSpan(),
        t('{path}: Invalid value: {value}: must be no more than {limit} characters', {
          path: view.path,
          value,
          limit: Number(params.limit),
        }),
      );
      return;
    default:
      context.report(view.valueSpan(), `${view.path}: ${error.message ?? error.keyword}`);
  }
}

function shown(view: YamlView): string {
  const value = view.value;
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'object') return Array.isArray(value) ? '[…]' : '{…}';
  return String(value);
}

/** JSON Schema's type names in the user's language (整数 / 整數), or as code when we have no word. */
function typeName(type: string): string {
  switch (type) {
    case 'integer':
      return t('integer');
    case 'number':
      return t('number');
    case 'string':
      return t('string');
    case 'boolean':
      return t('boolean');
    case 'object':
      return t('object');
    case 'array':
      return t('array');
    default:
      return `\`${type}\``;
  }
}
