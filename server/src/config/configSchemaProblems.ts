/**
 * What is wrong in a `.hpa-lint.yaml`, found by ajv against schemas/hpa-lint-config.json (the schema
 * the Red Hat YAML extension is given too, so the two cannot disagree on the file's shape), each
 * problem at its exact place: an unknown key, rule id or gate on its key, a wrong value on the value.
 *
 * The schema knows shapes only; the words are the ones the version model and the config reader
 * already use, and a version the schema's list lacks is judged by the version model
 * (`1.35.2` and `v1.35` are accepted by hpa-lint, so they are no problem here either).
 */
import { CONFIG_KEYS, SEVERITY_NAMES, type ConfigProblem } from '../../../common/config/lintConfig';
import { parseKubernetesVersion } from '../../../common/k8s/kubernetesVersions';
import { targetErrorText } from '../rules/kubernetesVersionText';
import { lintConfigValidator, type SchemaError } from '../schema/schemaValidation';
import type { YamlView } from '../yaml/yamlView';

/** The reader's problems, plus the two only the schema and the version model see. */
export type ConfigSchemaProblem =
  | ConfigProblem
  | { code: 'unknownGate'; path: (string | number)[]; gate: string }
  | { code: 'badVersion'; path: (string | number)[]; text: string };

/** Where a problem is shown: on the key (a name that is wrong) or on the value (a value that is). */
export type ProblemPlace = 'key' | 'value';

export function placeOf(problem: ConfigSchemaProblem): ProblemPlace {
  switch (problem.code) {
    case 'unknownKey':
    case 'unknownRule':
    case 'unknownGate':
      return 'key';
    default:
      return 'value';
  }
}

/**
 * The problems of the file whose root is `root`. A version written as a plain number (`1.35`, which
 * YAML reads as a number) is checked as it is written, as hpa-lint reads it.
 */
export function configSchemaProblems(root: YamlView): ConfigSchemaProblem[] {
  const value = asWritten(root);
  const validate = lintConfigValidator();
  if (validate(value)) return [];
  const seen = new Set<string>();
  const out: ConfigSchemaProblem[] = [];
  for (const error of validate.errors ?? []) {
    const problem = problemOf(error, value);
    if (!problem) continue;
    // One problem per place: a number where a severity goes fails both `type` and `enum`.
    const key = `${placeOf(problem)}:${JSON.stringify(problem.path)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

function asWritten(root: YamlView): unknown {
  const value = root.value;
  if (!isMapping(value) || typeof value.kubernetesVersion !== 'number') return value;
  const text = root.get('kubernetesVersion').sourceText;
  return text === undefined ? value : { ...value, kubernetesVersion: text };
}

function problemOf(error: SchemaError, value: unknown): ConfigSchemaProblem | undefined {
  const path = pointerPath(error.instancePath);
  const [top, entry] = path;
  if (error.keyword === 'additionalProperties') {
    const name = String((error.params as { additionalProperty?: unknown }).additionalProperty);
    if (path.length === 0)
      return { code: 'unknownKey', path: [name], key: name, known: CONFIG_KEYS.join(', ') };
    if (top === 'rules' && path.length === 1) return { code: 'unknownRule', path: [top, name], rule: name };
    if (top === 'featureGates' && path.length === 1)
      return { code: 'unknownGate', path: [top, name], gate: name };
    return undefined;
  }
  if (path.length === 0) return error.keyword === 'type' ? { code: 'notAMapping', path } : undefined;
  switch (top) {
    case 'kubernetesVersion': {
      const written = (value as Record<string, unknown>).kubernetesVersion;
      if (typeof written !== 'string') return { code: 'wrongType', path, expected: 'string' };
      const parsed = parseKubernetesVersion(written);
      return parsed.ok ? undefined : { code: 'badVersion', path, text: targetErrorText(parsed.error) };
    }
    case 'featureGates':
      return entry === undefined
        ? { code: 'wrongType', path, expected: 'mapping' }
        : { code: 'wrongType', path, expected: 'boolean' };
    case 'rules': {
      if (entry === undefined) return { code: 'wrongType', path, expected: 'mapping' };
      const written = ((value as Record<string, Record<string, unknown>>).rules ?? {})[String(entry)];
      return { code: 'badSeverity', path, value: String(written), known: SEVERITY_NAMES.join(', ') };
    }
    case 'slowRampBudgetSeconds':
      return error.keyword === 'minimum'
        ? { code: 'negative', path }
        : { code: 'wrongType', path, expected: 'number' };
    case 'ignore':
      return entry === undefined
        ? { code: 'wrongType', path, expected: 'list' }
        : { code: 'wrongType', path, expected: 'string' };
    default:
      return undefined;
  }
}

/** "/rules/max-replicas" -> ['rules', 'max-replicas']; "/ignore/2" -> ['ignore', 2]. */
function pointerPath(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  const parts = pointer
    .slice(1)
    .split('/')
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.map((p, i) => (parts[0] === 'ignore' && i === 1 && /^\d+$/.test(p) ? Number(p) : p));
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
