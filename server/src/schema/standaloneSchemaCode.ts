/**
 * The source of a CommonJS module that stands in for schemaValidators.ts in the bundles: ajv's
 * standalone code for every validator of schemaAjv.ts, plus the same `loadSchemaValidators()`
 * export. Run at build time (scripts/precompiledSchemas.mjs) and by the test that compares its
 * validators' errors with ajv's own (test/unit/schema/standaloneSchemaCode.test.ts); never at run time.
 *
 * The generated functions build the same error objects as compiled ones, `parentSchema` and
 * `schema` included (verbose): they point into copies of the schemas embedded in the code.
 * The code requires ajv's small run-time helpers (`ajv/dist/runtime/*`), which the bundle inlines.
 */
import standaloneCode from 'ajv/dist/standalone';
import { schemaAjv } from './schemaAjv';
import {
  HPA_VALIDATOR,
  isWorkloadValidator,
  LINT_CONFIG_VALIDATOR,
  validatorSchemaIds,
} from './schemaDocuments';

export function standaloneSchemaCode(): string {
  const ids = validatorSchemaIds();
  const code = standaloneCode(schemaAjv({ code: { source: true } }), ids);
  const workloads = Object.keys(ids)
    .filter(isWorkloadValidator)
    .map((name) => `${JSON.stringify(name)}: exports[${JSON.stringify(name)}]`)
    .join(', ');
  return `${code}
exports.loadSchemaValidators = function loadSchemaValidators() {
  return {
    hpa: exports[${JSON.stringify(HPA_VALIDATOR)}],
    workloads: { ${workloads} },
    lintConfig: exports[${JSON.stringify(LINT_CONFIG_VALIDATOR)}],
  };
};
`;
}
