/**
 * Validators that run ajv's compiled validator and the standalone code the bundles carry
 * (server/src/schema/standaloneSchemaCode.ts) on every value, and throw when their answers or error
 * objects differ in anything, `parentSchema` and `data` included. Installed for the lint by
 * standaloneSchemaCode.test.ts, so every lint there compares the two.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { useSchemaValidatorsForTest } from '../../../server/src/schema/schemaValidation';
import { loadSchemaValidators } from '../../../server/src/schema/schemaValidators';
import type { SchemaValidator, SchemaValidators } from '../../../server/src/schema/schemaValidatorTypes';
import { standaloneSchemaCode } from '../../../server/src/schema/standaloneSchemaCode';

export interface CrossCheckCounts {
  /** Values both validators checked. */
  values: number;
  /** Of those, values with at least one error. */
  withErrors: number;
  /** Keywords of the errors compared, e.g. additionalProperties. */
  keywords: Set<string>;
}

/** Runs the generated module text as CommonJS, its `require` resolving from server/src/lint. */
export function evaluateStandalone(code: string): SchemaValidators {
  const exported: { loadSchemaValidators?: () => SchemaValidators } = {};
  const module = { exports: exported };
  const requireFromLint = createRequire(join(__dirname, '../../../server/src/schema/schemaValidators.ts'));
  // The generated code is ajv's own output for our schemas, built by the test a moment ago.
  new Function('module', 'exports', 'require', code)(module, exported, requireFromLint);
  if (!exported.loadSchemaValidators)
    throw new Error('the standalone module exports no loadSchemaValidators');
  return exported.loadSchemaValidators();
}

/** One validator pair as one validator: throws when the two disagree, counts what it compared. */
export function crossChecking(
  compiled: SchemaValidator,
  standalone: SchemaValidator,
  name: string,
  counts: CrossCheckCounts,
): SchemaValidator {
  const both: SchemaValidator = (data: unknown) => {
    const expected = compiled(data);
    const actual = standalone(data);
    assert.equal(actual, expected, `${name}: the standalone validator answers differently`);
    assert.deepEqual(standalone.errors ?? null, compiled.errors ?? null, `${name}: different errors`);
    counts.values++;
    if (!expected) counts.withErrors++;
    for (const error of compiled.errors ?? []) counts.keywords.add(error.keyword);
    both.errors = standalone.errors;
    return actual;
  };
  return both;
}

/** Puts the cross-checking validators in place for every lint of this process; returns the tallies. */
export function installSchemaCrossCheck(): CrossCheckCounts {
  const counts: CrossCheckCounts = { values: 0, withErrors: 0, keywords: new Set() };
  const compiled = loadSchemaValidators();
  const standalone = evaluateStandalone(standaloneSchemaCode());
  assert.deepEqual(Object.keys(standalone.workloads).sort(), Object.keys(compiled.workloads).sort());
  const workloads: Record<string, SchemaValidator> = {};
  for (const [kind, validate] of Object.entries(compiled.workloads))
    workloads[kind] = crossChecking(validate, standalone.workloads[kind]!, kind, counts);
  useSchemaValidatorsForTest({
    hpa: crossChecking(compiled.hpa, standalone.hpa, 'hpa', counts),
    workloads,
    lintConfig: crossChecking(compiled.lintConfig, standalone.lintConfig, 'lintConfig', counts),
  });
  return counts;
}
