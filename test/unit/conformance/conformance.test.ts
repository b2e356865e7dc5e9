/**
 * Every upstream conformance vector through the engine (semantics §4). One test per vector so a
 * failure names the upstream case.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  runConformanceVector,
  runConformance,
  type ConformanceVector,
} from '../../../common/conformance/conformance';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';

const vectors = JSON.parse(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'conformance', 'upstream-open.json'), 'utf8'),
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

function fakeIO(files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readFile: async (p) => {
      if (p in files) return files[p] as string;
      throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
    },
    cwd: '/virtual',
  };
  return { io, stdout: () => out.join(''), stderr: () => err.join('') };
}

test('hpa-lint conformance: all open vectors pass, closing line and exit 0', async () => {
  const f = fakeIO({ 'v.json': JSON.stringify(vectors) });
  assert.equal(await main(['conformance', 'v.json'], f.io), 0);
  assert.equal(f.stdout(), '76 passed, 0 failed\n');
});

test('hpa-lint conformance: a failing case gets one line and exit 1; --format json lists every case', async () => {
  const broken = structuredClone(vectors.slice(0, 3));
  (broken[1] as ConformanceVector).expected = { replicas: 99, reason: 'DesiredWithinRange' };
  const f = fakeIO({ 'v.json': JSON.stringify(broken) });
  assert.equal(await main(['conformance', 'v.json'], f.io), 1);
  const lines = f.stdout().trimEnd().split('\n');
  assert.equal(lines.length, 2);
  assert.equal(
    lines[0],
    `FAIL [behaviorRateLimit] ${broken[1]?.name}: expected {"replicas":99,"reason":"DesiredWithinRange"}, got {"replicas":0,"reason":"DesiredWithinRange"}`,
  );
  assert.equal(lines[1], '2 passed, 1 failed');
  const j = fakeIO({ 'v.json': JSON.stringify(broken) });
  assert.equal(await main(['conformance', 'v.json', '--format', 'json'], j.io), 1);
  const report = JSON.parse(j.stdout());
  assert.equal(report.length, 3);
  assert.deepEqual(Object.keys(report[0]), ['name', 'layer', 'pass', 'expected', 'actual']);
  assert.deepEqual(
    report.map((r: { pass: boolean }) => r.pass),
    [true, false, true],
  );
});

test('hpa-lint conformance: unreadable or unparsable files exit 2', async () => {
  const missing = fakeIO({});
  assert.equal(await main(['conformance', 'nope.json'], missing.io), 2);
  assert.equal(missing.stderr(), 'hpa-lint: cannot read nope.json: no such file\n');
  const bad = fakeIO({ 'b.json': '{"not": ' });
  assert.equal(await main(['conformance', 'b.json'], bad.io), 2);
  assert.match(bad.stderr(), /^hpa-lint: b\.json: not valid JSON: /);
  const notList = fakeIO({ 'o.json': '{"a": 1}' });
  assert.equal(await main(['conformance', 'o.json'], notList.io), 2);
  assert.equal(
    notList.stderr(),
    'hpa-lint: o.json: expected a JSON array of vectors (or an object with a "vectors" array)\n',
  );
});
