/**
 * The schema validators, compiled by ajv when this module first runs. This is the version for
 * running from the sources (tests under tsx): the bundles in dist/ replace this whole module with
 * ajv's standalone code for the same set-up (standaloneSchemaCode.ts, swapped in by
 * scripts/precompiledSchemas.mjs), so `hpa-lint` and its worker threads do not spend time compiling
 * schemas on every start (docs/measurements.md) and do not load ajv's compiler at all.
 * test/unit/schema/standaloneSchemaCode.test.ts shows the two give the same errors.
 */
import { schemaAjv } from './schemaAjv';
import { HPA_VALIDATOR, LINT_CONFIG_VALIDATOR, validatorSchemaIds } from './schemaDocuments';
import type { SchemaValidators } from './schemaValidatorTypes';

export function loadSchemaValidators(): SchemaValidators {
  const ajv = schemaAjv();
  const workloads: Record<string, SchemaValidators['hpa']> = {};
  let hpa: SchemaValidators['hpa'] | undefined;
  let lintConfig: SchemaValidators['lintConfig'] | undefined;
  for (const [name, id] of Object.entries(validatorSchemaIds())) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`schema ${id} is not in the ajv set-up`);
    if (name === HPA_VALIDATOR) hpa = validate;
    else if (name === LINT_CONFIG_VALIDATOR) lintConfig = validate;
    else workloads[name] = validate;
  }
  if (!hpa) throw new Error('no HPA schema in the ajv set-up');
  if (!lintConfig) throw new Error('no .hpa-lint.yaml schema in the ajv set-up');
  return { hpa, workloads, lintConfig };
}
