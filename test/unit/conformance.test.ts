/**
 * Every upstream conformance vector through the engine (semantics §4). One test per vector so a
 * failure names the upstream case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runConformanceVector, runConformance, type ConformanceVector } from '../../common/engine';

const vectors = JSON.parse(
  readFileSync(join(__dirname, '..', 'fixtures', 'conformance', 'upstream-open.json'), 'utf8'),
) as ConformanceVector[];

test('the open vector file holds the 76 upstream cases', () => {
  assert.equal(vectors.length, 76);
});

for (const vector of vectors) {
  test(`${vector.layer}: ${vector.name}`, () => {
    const outcome = runConformanceVector(vector);
    assert.ok(
      outcome.pass,
      `expected ${JSON.stringify(outcome.expected)}, got ${JSON.stringify(outcome.actual)}`,
    );
  });
}

test('a vector with a wrong expectation fails instead of passing silently', () => {
  const original = vectors.find((v) => v.layer === 'behaviorRateLimit') as ConformanceVector;
  const broken = {
    ...original,
    expected: { ...original.expected, replicas: Number(original.expected.replicas) + 1 },
  };
  const outcome = runConformanceVector(broken);
  assert.equal(outcome.pass, false);
  assert.deepEqual(outcome.actual, {
    replicas: original.expected.replicas,
    reason: original.expected.reason,
  });
});

test('an unknown layer and malformed inputs fail with a reason, never throw', () => {
  const unknown = runConformanceVector({ name: 'x', layer: 'nope', inputs: {}, expected: {} });
  assert.deepEqual(unknown.actual, { error: 'unknown layer "nope"' });
  const malformed = runConformanceVector({
    name: 'y',
    layer: 'legacyClamp',
    inputs: { currentReplicas: 'a' },
    expected: { replicas: 1 },
  });
  assert.equal(malformed.pass, false);
  assert.deepEqual(malformed.actual, { error: 'field currentReplicas must be a number' });
  assert.throws(() => runConformance({}), /expected a JSON array/);
});

test('full-sync vectors also hold with the production legacy factor 2', () => {
  for (const v of vectors.filter((x) => x.layer === 'fullSync')) {
    const inputs = structuredClone(v.inputs) as Record<string, Record<string, unknown>>;
    (inputs.controllerConfig as Record<string, unknown>).scaleUpLimitFactor = 2;
    const outcome = runConformanceVector({ ...v, inputs });
    assert.ok(outcome.pass, `${v.name}: ${JSON.stringify(outcome.actual)}`);
  }
});
