/**
 * What a schema validator is, whether ajv compiled it at run time or its standalone code was
 * generated at build time: a function of the value that leaves its errors on itself, as ajv's do.
 */
import type { ErrorObject } from 'ajv';

export type SchemaError = ErrorObject;

export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

export interface SchemaValidators {
  hpa: SchemaValidator;
  /** By workload kind: Deployment, StatefulSet, ReplicaSet. */
  workloads: Readonly<Record<string, SchemaValidator>>;
  /** `.hpa-lint.yaml` (schemas/hpa-lint-config.json). */
  lintConfig: SchemaValidator;
}
