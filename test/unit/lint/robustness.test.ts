/**
 * Whatever the YAML holds, linting returns findings and never throws: every field an HPA, a
 * workload or a ScaledObject rule reads is replaced by arbitrary values (property test).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { ALL_RULE_IDS } from '../../../server/src/rules/index';
import { lintFiles, type Row } from '../../support/inProcessLint';

// Every id a finding may carry (the rules, and the file-level ones: yaml-syntax, file-too-large, file-skipped, config-file...).
const RULE_IDS = new Set(ALL_RULE_IDS);
const SEVERITIES = new Set(['error', 'warning', 'info', 'hint']);

/** Each finding is a registered rule's, at a level the settings know, with a message, on a range inside the text. */
function assertFindingsInside(text: string, rows: Row[]): number {
  const lines = text.split('\n');
  for (const row of rows) {
    const [rule, severity, startLine, startChar, endLine, endChar, message] = row;
    const where = JSON.stringify(row);
    assert.ok(RULE_IDS.has(rule), `an unregistered rule ${where}`);
    assert.ok(SEVERITIES.has(severity), `an unknown severity ${where}`);
    assert.ok(message.trim() !== '', `an empty message ${where}`);
    assert.ok(startLine < lines.length && endLine < lines.length, `a line past the text ${where}`);
    assert.ok(
      startChar <= lines[startLine]!.length && endChar <= lines[endLine]!.length,
      `past its line ${where}`,
    );
    assert.ok(
      startLine < endLine || (startLine === endLine && startChar <= endChar),
      `inverted range ${where}`,
    );
  }
  return rows.length;
}

const value = fc.oneof(
  fc.anything({
    maxDepth: 2,
    withNullPrototype: false,
    withBigInt: false,
    withDate: false,
    withMap: false,
    withSet: false,
    withTypedArray: false,
    withSparseArray: false,
    withBoxedValues: false,
    withObjectString: false,
  }),
  fc.constantFrom(
    'Disabled',
    'Max',
    'Pods',
    'Percent',
    'Utilization',
    'cpu',
    'memory',
    '-1',
    '1e400',
    '',
    '..',
    0,
    -1,
    1801,
    3601,
    1.5,
    null,
  ),
);

const hpaShape = fc.record({
  apiVersion: fc.constantFrom(
    'autoscaling/v2',
    'autoscaling/v2beta2',
    'autoscaling/v1',
    'autoscaling/v2beta1',
  ),
  kind: fc.constant('HorizontalPodAutoscaler'),
  metadata: fc.record(
    { name: fc.oneof(fc.constant('web'), value), namespace: fc.oneof(fc.constant('default'), value) },
    { requiredKeys: [] },
  ),
  spec: fc.record(
    {
      scaleTargetRef: fc.oneof(
        fc.record(
          {
            apiVersion: value,
            kind: fc.oneof(fc.constant('Deployment'), value),
            name: fc.oneof(fc.constant('web'), value),
          },
          { requiredKeys: [] },
        ),
        value,
      ),
      minReplicas: value,
      maxReplicas: value,
      metrics: fc.oneof(
        fc.array(
          fc.record(
            {
              type: fc.oneof(
                fc.constantFrom('Resource', 'ContainerResource', 'Pods', 'Object', 'External'),
                value,
              ),
              resource: fc.oneof(
                fc.record(
                  {
                    name: value,
                    target: fc.oneof(
                      fc.record(
                        { type: value, averageUtilization: value, averageValue: value, value: value },
                        { requiredKeys: [] },
                      ),
                      value,
                    ),
                  },
                  { requiredKeys: [] },
                ),
                value,
              ),
              containerResource: value,
              pods: value,
              external: fc.oneof(fc.record({ metric: value, target: value }, { requiredKeys: [] }), value),
            },
            { requiredKeys: [] },
          ),
          { maxLength: 3 },
        ),
        value,
      ),
      behavior: fc.oneof(
        fc.record(
          {
            scaleUp: fc.oneof(
              fc.record(
                {
                  stabilizationWindowSeconds: value,
                  selectPolicy: value,
                  tolerance: value,
                  policies: fc.oneof(
                    fc.array(
                      fc.record({ type: value, value: value, periodSeconds: value }, { requiredKeys: [] }),
                      { maxLength: 3 },
                    ),
                    value,
                  ),
                },
                { requiredKeys: [] },
              ),
              value,
            ),
            scaleDown: value,
          },
          { requiredKeys: [] },
        ),
        value,
      ),
    },
    { requiredKeys: [] },
  ),
});

const workloadShape = fc.record({
  apiVersion: fc.constant('apps/v1'),
  kind: fc.constantFrom('Deployment', 'StatefulSet'),
  metadata: fc.constant({ name: 'web' }),
  spec: fc.oneof(
    fc.record(
      {
        replicas: value,
        template: fc.oneof(
          fc.record(
            {
              spec: fc.oneof(
                fc.record(
                  {
                    containers: fc.oneof(
                      fc.array(
                        fc.record(
                          {
                            name: value,
                            resources: fc.oneof(fc.record({ requests: value }, { requiredKeys: [] }), value),
                          },
                          { requiredKeys: [] },
                        ),
                        { maxLength: 2 },
                      ),
                      value,
                    ),
                    initContainers: value,
                    resources: value,
                  },
                  { requiredKeys: [] },
                ),
                value,
              ),
            },
            { requiredKeys: [] },
          ),
          value,
        ),
      },
      { requiredKeys: [] },
    ),
    value,
  ),
});

test('lint never throws on arbitrary HPA and workload content; each finding a rule\u2019s, inside the text', () => {
  let findings = 0;
  fc.assert(
    fc.property(hpaShape, workloadShape, (hpa, workload) => {
      const text = `${stringify(hpa)}---\n${stringify(workload)}`;
      findings += assertFindingsInside(text, lintFiles({ 'a.yaml': text }, 'a.yaml'));
    }),
    { numRuns: 300, seed: 20261129 },
  );
  assert.ok(findings > 300, `only ${findings} findings in 300 runs: the inputs reach no rule`);
});

test('lint never throws on arbitrary text; each finding a rule\u2019s, inside the text', () => {
  let findings = 0;
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (noise) => {
      const text = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n${noise}\n---\nkind: Deployment\n${noise}`;
      findings += assertFindingsInside(text, lintFiles({ 'a.yaml': text }, 'a.yaml'));
    }),
    { numRuns: 300, seed: 7 },
  );
  assert.ok(findings > 300, `only ${findings} findings in 300 runs: the inputs reach no rule`);
});
