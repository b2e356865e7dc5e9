/** duplicate-target links the other autoscaler: its reference's name, in its own file. */
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
      containers: [{ name: app, image: app:1, resources: { requests: { cpu: 10m } } }]
`;

test('each rival autoscaler is a related place at the name its scaleTargetRef gives', () => {
  const files = {
    'hpa.yaml': hpa(['maxReplicas: 5']),
    'hpa-memory.yaml': hpa(['maxReplicas: 5'], 'web-memory'),
    'deploy.yaml': DEPLOYMENT,
  };
  const rows = lintFilesRelated(files, 'hpa.yaml').filter(([row]) => row[0] === 'duplicate-target');
  assert.deepEqual(
    rows.map(([row, related]) => [row.slice(2, 6), related]),
    [
      [
        [8, 10, 8, 13],
        [
          [
            'hpa-memory.yaml',
            8,
            10,
            8,
            13,
            'HorizontalPodAutoscaler "web-memory" also scales Deployment "web"',
          ],
        ],
      ],
    ],
  );
});
