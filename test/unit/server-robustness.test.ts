/**
 * Whatever the YAML holds, linting returns findings and never throws: every field an HPA, a
 * workload or a ScaledObject rule reads is replaced by arbitrary values (property test).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { lintFiles } from '../server/lintHelpers';

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

test('lint never throws on arbitrary HPA and workload content', () => {
  fc.assert(
    fc.property(hpaShape, workloadShape, (hpa, workload) => {
      const text = `${stringify(hpa)}---\n${stringify(workload)}`;
      const rows = lintFiles({ 'a.yaml': text }, 'a.yaml');
      assert.ok(Array.isArray(rows));
      for (const row of rows)
        assert.ok(
          row[2] <= row[4] && (row[2] < row[4] || row[3] <= row[5]),
          `inverted range ${JSON.stringify(row)}`,
        );
    }),
    { numRuns: 300, seed: 20261129 },
  );
});

test('lint never throws on arbitrary text', () => {
  fc.assert(
    fc.property(fc.string({ maxLength: 200 }), (noise) => {
      const text = `apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\n${noise}\n---\nkind: Deployment\n${noise}`;
      assert.ok(Array.isArray(lintFiles({ 'a.yaml': text }, 'a.yaml')));
    }),
    { numRuns: 300, seed: 7 },
  );
});
