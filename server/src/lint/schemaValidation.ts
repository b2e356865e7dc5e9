/**
 * The JSON Schemas of schemas/ compiled once by ajv. Structure only: unknown fields, types, required
 * fields, enums. Value ranges are the API rules' job (rules/), which word them as the API server does.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { HPA_KIND } from '../../../common/k8s/workloadKinds';

/* eslint-disable @typescript-eslint/no-require-imports -- schemas/ is outside server/'s composite project; esbuild inlines these */
const HPA_SCHEMA = require('../../../schemas/horizontalpodautoscaler-autoscaling-v2.json') as object;
const POD_SPEC_SCHEMA = require('../../../schemas/podspec-core-v1.json') as object;
const WORKLOAD_SCHEMAS: Record<string, object> = {
  Deployment: require('../../../schemas/deployment-apps-v1.json') as object,
  StatefulSet: require('../../../schemas/statefulset-apps-v1.json') as object,
  ReplicaSet: require('../../../schemas/replicaset-apps-v1.json') as object,
};
/* eslint-enable @typescript-eslint/no-require-imports */

export type SchemaError = ErrorObject;

/** The schema documents themselves, for hovers and for the benchmark's peer. */
export function schemaDocuments(): {
  hpa: object;
  podSpec: object;
  workloads: Readonly<Record<string, object>>;
} {
  return { hpa: HPA_SCHEMA, podSpec: POD_SPEC_SCHEMA, workloads: WORKLOAD_SCHEMAS };
}

interface Validators {
  hpa: ValidateFunction;
  workloads: Map<string, ValidateFunction>;
}

let compiled: Validators | undefined;

function validators(): Validators {
  if (!compiled) {
    // verbose: an unknown field's error carries its parent schema, whose properties are what the
    // "did you mean" suggestion chooses from (rules/schema.ts).
    const ajv = new Ajv({ allErrors: true, strict: false, verbose: true });
    ajv.addSchema(POD_SPEC_SCHEMA);
    const workloads = new Map<string, ValidateFunction>();
    for (const [kind, schema] of Object.entries(WORKLOAD_SCHEMAS)) workloads.set(kind, ajv.compile(schema));
    compiled = { hpa: ajv.compile(HPA_SCHEMA), workloads };
  }
  return compiled;
}

/** Compiles the schemas now (the server does this at start-up rather than on the first keystroke). */
export function warmUpSchemas(): void {
  validators();
}

/** Which schema applies to an object, or undefined when none does (other kinds, other API versions). */
export function validatorFor(kind: string, apiVersion: string | undefined): ValidateFunction | undefined {
  const v = validators();
  if (kind === HPA_KIND) {
    return apiVersion === 'autoscaling/v2' || apiVersion === 'autoscaling/v2beta2' ? v.hpa : undefined;
  }
  return apiVersion === 'apps/v1' ? v.workloads.get(kind) : undefined;
}
