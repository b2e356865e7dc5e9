/**
 * The JSON Schemas of schemas/ as validators, loaded once. Structure only: unknown fields, types,
 * required fields, enums. Value ranges are the API rules' job (rules/), which word them as the API
 * server does. The validators come from schemaValidators.ts: compiled by ajv from the sources,
 * precompiled in the bundles.
 */
import { HPA_KIND } from '../../../common/k8s/workloadKinds';
import { loadSchemaValidators } from './schemaValidators';
import type { SchemaValidator, SchemaValidators } from './schemaValidatorTypes';

export type { SchemaError } from './schemaValidatorTypes';

let loaded: SchemaValidators | undefined;

function validators(): SchemaValidators {
  loaded ??= loadSchemaValidators();
  return loaded;
}

/** Loads the validators now (the server does this at start-up rather than on the first keystroke). */
export function warmUpSchemas(): void {
  validators();
}

/**
 * Tests only: lint with these validators instead (test/unit/schema/standaloneSchemaCode.test.ts puts ajv's
 * compiled and standalone ones side by side); undefined goes back to the usual ones.
 */
export function useSchemaValidatorsForTest(replacement: SchemaValidators | undefined): void {
  loaded = replacement;
}

/** Which schema applies to an object, or undefined when none does (other kinds, other API versions). */
export function validatorFor(kind: string, apiVersion: string | undefined): SchemaValidator | undefined {
  const v = validators();
  if (kind === HPA_KIND) {
    return apiVersion === 'autoscaling/v2' || apiVersion === 'autoscaling/v2beta2' ? v.hpa : undefined;
  }
  // Own properties only: a kind is the file's text, and `constructor` must not find Object's.
  return apiVersion === 'apps/v1' && Object.hasOwn(v.workloads, kind) ? v.workloads[kind] : undefined;
}

/** The validator of `.hpa-lint.yaml` (schemas/hpa-lint-config.json). */
export function lintConfigValidator(): SchemaValidator {
  return validators().lintConfig;
}
