/**
 * The JSON Schemas of schemas/ as documents, and which validator checks against which. No ajv here:
 * hovers and rules read the documents, and a bundle that imports this module must not pull in
 * ajv's compiler (see schemaValidators.ts).
 */

/* eslint-disable @typescript-eslint/no-require-imports -- schemas/ is outside server/'s composite project; esbuild inlines these */
const HPA_SCHEMA = require('../../../schemas/horizontalpodautoscaler-autoscaling-v2.json') as SchemaDocument;
const POD_SPEC_SCHEMA = require('../../../schemas/podspec-core-v1.json') as SchemaDocument;
const WORKLOAD_SCHEMAS: Record<string, SchemaDocument> = {
  Deployment: require('../../../schemas/deployment-apps-v1.json') as SchemaDocument,
  StatefulSet: require('../../../schemas/statefulset-apps-v1.json') as SchemaDocument,
  ReplicaSet: require('../../../schemas/replicaset-apps-v1.json') as SchemaDocument,
};
const LINT_CONFIG_SCHEMA = require('../../../schemas/hpa-lint-config.json') as SchemaDocument;
/* eslint-enable @typescript-eslint/no-require-imports */

interface SchemaDocument {
  $id: string;
}

/** The validator for HPAs is named `hpa`; each workload's by its kind. */
export const HPA_VALIDATOR = 'hpa';
/** The validator for `.hpa-lint.yaml` (the same schema the Red Hat YAML extension is given). */
export const LINT_CONFIG_VALIDATOR = 'lintConfig';

/** The schema documents themselves, for hovers and for the benchmark's peer. */
export function schemaDocuments(): {
  hpa: object;
  podSpec: object;
  workloads: Readonly<Record<string, object>>;
  lintConfig: object;
} {
  return {
    hpa: HPA_SCHEMA,
    podSpec: POD_SPEC_SCHEMA,
    workloads: WORKLOAD_SCHEMAS,
    lintConfig: LINT_CONFIG_SCHEMA,
  };
}

/** The validators that are not a workload kind's. */
export function isWorkloadValidator(name: string): boolean {
  return name !== HPA_VALIDATOR && name !== LINT_CONFIG_VALIDATOR;
}

/** Each validator's name with the `$id` of the schema it validates against. */
export function validatorSchemaIds(): Record<string, string> {
  const ids: Record<string, string> = { [HPA_VALIDATOR]: HPA_SCHEMA.$id };
  for (const [kind, schema] of Object.entries(WORKLOAD_SCHEMAS)) ids[kind] = schema.$id;
  ids[LINT_CONFIG_VALIDATOR] = LINT_CONFIG_SCHEMA.$id;
  return ids;
}
