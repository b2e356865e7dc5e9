import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hpaAtLine, scanHpaDocuments } from '../../client/src/preview/hpaScan';
import { buildFallbackModel } from '../../client/src/preview/fallbackModel';

const FILE = `# leading comment
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: web
          resources:
            requests:
              cpu: 250m
              memory: 256Mi
        - name: proxy
          resources:
            requests:
              cpu: 50m
      initContainers:
        - name: log-shipper
          restartPolicy: Always
          resources:
            requests:
              cpu: 100m
        - name: migrate
          resources:
            requests:
              cpu: 1
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web-hpa # the front end
  labels:
    name: not-this
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10
---
---
kind: "HorizontalPodAutoscaler"
metadata:
  name: "other"
spec:
  scaleTargetRef: { kind: Deployment, name: elsewhere }
  maxReplicas: 3
`;

test('scanHpaDocuments finds HPA documents with the parser\u2019s document numbering', () => {
  assert.deepEqual(scanHpaDocuments(FILE), [
    { documentIndex: 1, line: 31, endLine: 39, name: 'web-hpa' },
    { documentIndex: 3, line: 42, endLine: 48, name: 'other' },
  ]);
  assert.deepEqual(scanHpaDocuments('kind: Deployment\n'), []);
  assert.deepEqual(scanHpaDocuments('  kind: HorizontalPodAutoscaler\n'), []);
});

test('hpaAtLine picks the document under the cursor, else the one before, else the first', () => {
  const hpas = scanHpaDocuments(FILE);
  assert.equal(hpaAtLine(hpas, 35)?.name, 'web-hpa');
  assert.equal(hpaAtLine(hpas, 40)?.name, 'web-hpa');
  assert.equal(hpaAtLine(hpas, 45)?.name, 'other');
  assert.equal(hpaAtLine(hpas, 3)?.name, 'web-hpa');
});

const texts = {
  targetNotInFile: (kind: string, name: string) => `missing ${kind} ${name}`,
  requestUnreadable: (container: string, resource: string) => `bad ${resource} in ${container}`,
};

test('buildFallbackModel takes the HPA under the cursor and the requests of its target in the file', () => {
  const model = buildFallbackModel(FILE, 'file:///w/a.yaml', 36, texts);
  assert.ok(model);
  assert.equal(model.documentIndex, 1);
  assert.equal(model.name, 'web-hpa');
  // Regular containers plus the restartable init container; the plain init container is not counted.
  assert.deepEqual(model.podRequests, { cpu: 400, memory: 256 * 1024 * 1024 * 1000 });
  assert.deepEqual(model.containerRequests, {
    web: { cpu: 250, memory: 256 * 1024 * 1024 * 1000 },
    proxy: { cpu: 50 },
    'log-shipper': { cpu: 100 },
  });
  assert.deepEqual(model.target, { uri: 'file:///w/a.yaml', kind: 'Deployment', name: 'web', replicas: 3 });
  assert.deepEqual(model.notes, []);
});

test('buildFallbackModel notes a target outside the file and returns null without an HPA', () => {
  const model = buildFallbackModel(FILE, 'file:///w/a.yaml', 47, texts);
  assert.equal(model?.name, 'other');
  assert.equal(model?.documentIndex, 3);
  assert.deepEqual(model?.podRequests, {});
  assert.equal(model?.target, null);
  assert.deepEqual(model?.notes, ['missing Deployment elsewhere']);
  assert.equal(buildFallbackModel('kind: Deployment\n', 'file:///x', 0, texts), null);
  assert.equal(buildFallbackModel('a: [unclosed', 'file:///x', 0, texts), null);
});
