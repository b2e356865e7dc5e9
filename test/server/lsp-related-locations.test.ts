/**
 * Related places over LSP (the real server over stdio): a finding whose cause is in another file
 * carries relatedInformation with that file's URI and the exact range of the cause, for
 * selector-overlap (the other workload's Pod labels), missing-resource-request (each container
 * lacking the request) and duplicate-target (the other autoscaler's reference).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { LspClient } from '../support/lspClient';

const WEB = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: app
          image: app:1
        - name: proxy
          image: proxy:1
          resources: { requests: { cpu: 10m } }
`;

const CANARY = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web-canary
spec:
  replicas: 1
  selector:
    matchLabels: { app: web, track: canary }
  template:
    metadata:
      labels: { app: web, track: canary }
    spec:
      containers: [{ name: app, image: app:2, resources: { requests: { cpu: 10m } } }]
`;

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10
  metrics:
    - type: Resource
      resource: { name: cpu, target: { type: Utilization, averageUtilization: 60 } }
`;

const KEDA = `apiVersion: keda.sh/v1alpha1
kind: ScaledObject
metadata:
  name: web-queue
spec:
  scaleTargetRef:
    name: web
  triggers:
    - type: rabbitmq
      metadata: { queueName: jobs, value: "20" }
`;

let dir: string;
let client: LspClient;
const uri = (name: string) => pathToFileURL(join(dir, name)).toString();

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hpa-related-'));
  const files = { 'web.yaml': WEB, 'canary.yaml': CANARY, 'hpa.yaml': HPA, 'keda.yaml': KEDA };
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  client = await LspClient.start({ workspaceFolders: [dir] });
});

after(async () => {
  await client.stop();
  await rm(dir, { recursive: true, force: true });
});

/** [code, line, character, endLine, endCharacter] and each related place as [uri, ranges..., message]. */
function withRelated(diagnostics: Diagnostic[]) {
  return diagnostics.map((d) => [
    [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character],
    (d.relatedInformation ?? []).map((r) => [
      r.location.uri,
      r.location.range.start.line,
      r.location.range.start.character,
      r.location.range.end.line,
      r.location.range.end.character,
      r.message,
    ]),
  ]);
}

test('the HPA\u2019s diagnostics link the containers, the other autoscaler and the other workload', async () => {
  const diagnostics = await client.openUntil(uri('hpa.yaml'), HPA, (p) =>
    p.diagnostics.some((d) => d.code === 'selector-overlap'),
  );
  assert.deepEqual(withRelated(diagnostics), [
    [
      ['duplicate-target', 5, 65, 5, 68],
      [[uri('keda.yaml'), 6, 10, 6, 13, 'ScaledObject "web-queue" also scales Deployment "web"']],
    ],
    [
      ['selector-overlap', 5, 65, 5, 68],
      [[uri('canary.yaml'), 10, 6, 10, 12, 'Deployment "web-canary": its Pods match the selector app=web']],
    ],
    [
      ['missing-resource-request', 9, 24, 9, 27],
      // The whole container map, from its first key to the end of its last value.
      [[uri('web.yaml'), 12, 10, 13, 22, 'container "app" has no cpu request']],
    ],
  ]);
});

test('two lines added above the canary\u2019s labels move the related range with them', async () => {
  const canaryUri = uri('canary.yaml');
  await client.open(canaryUri, CANARY);
  const refreshed = client.nextDiagnostics(uri('hpa.yaml'), (p) =>
    p.diagnostics.some((d) => d.relatedInformation?.some((r) => r.location.range.start.line === 12)),
  );
  await client.change(canaryUri, 2, [
    {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      text: '# canary\n# track\n',
    },
  ]);
  const overlap = (await refreshed).diagnostics.find((d) => d.code === 'selector-overlap');
  assert.deepEqual(overlap?.relatedInformation?.[0]?.location, {
    uri: canaryUri,
    range: { start: { line: 12, character: 6 }, end: { line: 12, character: 12 } },
  });
});
