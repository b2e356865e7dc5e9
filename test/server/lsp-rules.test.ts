/**
 * Every rule over LSP, as an editor sees it: the server is spawned over stdio, each fixture opened,
 * and the published diagnostics compared exactly (code, severity, range).
 * Needs dist/server.js: run `node scripts/build.mjs` first.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';
import { FIXTURES, LspClient, compact, fixtureUri } from '../support/lspClient';

const ERROR = 1;
const WARNING = 2;
const INFO = 3;
const HINT = 4;

let client: LspClient;

before(async () => {
  // target-not-found fires on every fixture whose target lives elsewhere; it has its own case below.
  client = await LspClient.start({ settings: { rules: { 'target-not-found': 'off' } } });
});

after(async () => {
  await client.stop();
});

function fixture(name: string): string {
  return readFileSync(resolve(FIXTURES, name), 'utf8');
}

test('API-server rules: exact codes, severities and ranges', async () => {
  const diagnostics = await client.open(fixtureUri('api-rules.yaml'), fixture('api-rules.yaml'));
  assert.deepEqual(compact(diagnostics), [
    ['min-replicas', ERROR, 10, 15, 10, 17],
    ['max-replicas', ERROR, 11, 15, 11, 16],
    ['max-replicas', ERROR, 23, 15, 23, 16],
    ['stabilization-window-range', ERROR, 37, 34, 37, 38],
    ['select-policy', ERROR, 38, 20, 38, 29],
    ['policy-value', ERROR, 41, 17, 41, 18],
    ['period-seconds-range', ERROR, 42, 25, 42, 29],
    ['policy-value', ERROR, 44, 17, 44, 19],
    ['period-seconds-range', ERROR, 45, 25, 45, 26],
    ['stabilization-window-range', ERROR, 47, 34, 47, 36],
    // Nothing configured: where a per-direction tolerance works, as an info (1.37 assumed).
    ['tolerance-support', 3, 48, 6, 48, 15],
    ['tolerance-range', ERROR, 48, 17, 48, 24],
    ['empty-policies', ERROR, 49, 6, 49, 14],
    ['metric-target', ERROR, 67, 30, 67, 31],
    ['metric-target', ERROR, 68, 10, 68, 22],
    ['metric-target', ERROR, 73, 8, 73, 14],
    ['metric-target', ERROR, 76, 12, 76, 20],
    ['metric-target', ERROR, 77, 6, 77, 14],
    ['metric-target', ERROR, 85, 16, 85, 27],
    ['metric-target', ERROR, 88, 10, 88, 15],
    ['metric-target', ERROR, 88, 17, 88, 20],
    ['metric-target', ERROR, 97, 8, 97, 14],
    ['scale-target-ref', ERROR, 106, 16, 106, 18],
    ['scale-target-ref', ERROR, 107, 10, 107, 14],
    ['scale-target-ref', ERROR, 108, 10, 108, 13],
  ]);
  const first = diagnostics[0];
  assert.equal(first.source, 'hpa');
  assert.equal(first.message, 'spec.minReplicas: Invalid value: -1: must be greater than or equal to 1');
  assert.deepEqual(first.codeDescription, {
    href: 'https://github.com/hpa-tools/hpa-linter/blob/main/docs/rules/min-replicas.md',
  });
  assert.equal(
    diagnostics.find((d) => d.code === 'select-policy')?.message,
    'spec.behavior.scaleUp.selectPolicy: Unsupported value: "incorrect": supported values: "Disabled", "Max", "Min"',
  );
});

test('schema: unknown field on the key, wrong type and bad enum on the value, missing field on the parent key', async () => {
  const diagnostics = await client.open(fixtureUri('schema.yaml'), fixture('schema.yaml'));
  assert.deepEqual(compact(diagnostics), [
    ['schema', ERROR, 3, 8, 3, 15],
    ['schema', ERROR, 4, 2, 4, 8],
    ['schema', ERROR, 6, 0, 6, 4],
    ['schema', ERROR, 7, 2, 7, 16],
    ['schema', ERROR, 10, 15, 10, 18],
    ['schema', ERROR, 11, 2, 11, 19],
    ['schema', ERROR, 17, 16, 17, 26],
  ]);
  assert.deepEqual(
    diagnostics.map((d) => d.message),
    [
      "metadata.name: Invalid value: \"Web_App\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character",
      'unknown field "metadata.lables": did you mean "labels"?',
      'spec.maxReplicas: Required value',
      'spec.scaleTargetRef.kind: Required value',
      'spec.minReplicas: Invalid value: "2": expected integer',
      'unknown field "spec.priorityClassName"',
      'spec.metrics[0].resource.target.type: Unsupported value: "Percentage": supported values: "AverageValue", "Utilization", "Value"',
    ],
  );
});

test('behaviour smells, including a KEDA ScaledObject and maintenance mode', async () => {
  const diagnostics = await client.open(fixtureUri('behavior-smells.yaml'), fixture('behavior-smells.yaml'));
  assert.deepEqual(compact(diagnostics), [
    ['slow-ramp', INFO, 12, 4, 12, 11],
    ['period-below-sync', WARNING, 16, 25, 16, 27],
    ['no-scale-down', INFO, 18, 20, 18, 28],
    ['scaling-disabled', HINT, 30, 15, 30, 16],
    ['scaling-disabled', WARNING, 41, 6, 41, 14],
    ['replicas-conflict', INFO, 57, 2, 57, 10],
  ]);
  assert.equal(
    diagnostics[0].message,
    'Under full load, scaling from 2 to 50 replicas takes 11 min 45 s, more than the budget of 10 min (hpa.slowRampBudgetSeconds)',
  );
});

test('broken YAML: the parser\u2019s errors, other documents still checked, Helm templates left alone', async () => {
  const diagnostics = await client.open(fixtureUri('broken.yaml'), fixture('broken.yaml'));
  assert.deepEqual(compact(diagnostics), [
    ['yaml-syntax', ERROR, 5, 2, 5, 17],
    ['yaml-syntax', ERROR, 17, 2, 17, 13],
    // The Helm template document is not linted, and says so once at its first marker.
    ['file-skipped', INFO, 22, 8, 22, 10],
    ['max-replicas', ERROR, 40, 15, 40, 16],
  ]);
  assert.match(diagnostics[1].message, /^YAML syntax error \(DUPLICATE_KEY\): Map keys must be unique/);
});
