/**
 * missing-resource-request links each container that lacks the request: the finding stays on the
 * metric, and every such container of the workload (in its own file) is a related place, its whole
 * container map.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hpa, lintFilesRelated } from '../../support/inProcessLint';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  template:
    spec:
      containers:
        - name: app
          image: app:1
        - name: ok
          resources: { requests: { cpu: 10m } }
      initContainers:
        - name: proxy
          restartPolicy: Always
`;

test('every container lacking the request is a related place, in the workload\u2019s file', () => {
  const files = {
    'hpa.yaml': hpa([
      'maxReplicas: 5',
      'metrics:',
      '  - type: Resource',
      '    resource: { name: cpu, target: { type: Utilization, averageUtilization: 50 } }',
    ]),
    'deploy.yaml': DEPLOYMENT,
  };
  const rows = lintFilesRelated(files, 'hpa.yaml').filter(([row]) => row[0] === 'missing-resource-request');
  assert.deepEqual(
    rows.map(([row, related]) => [row.slice(2, 6), related]),
    [
      [
        [12, 24, 12, 27],
        [
          ['deploy.yaml', 8, 10, 9, 22, 'container "app" has no cpu request'],
          ['deploy.yaml', 13, 10, 14, 31, 'container "proxy" has no cpu request'],
        ],
      ],
    ],
  );
});
