/**
 * hpa-lint's json and SARIF output carry a finding's related places: json as `related` (file, range,
 * message, like the results name their file), SARIF as `relatedLocations` (1-based regions).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runCli } from '../../support/cliIO';

/** The CLI reads files by absolute path from its working folder, /virtual in memory. */
const TEXTS = {
  'web.yaml': `apiVersion: apps/v1
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
`,
  'canary.yaml': `apiVersion: batch/v1
kind: Job
metadata:
  name: warm-up
spec:
  template:
    metadata:
      labels: { app: web, job: warm-up }
    spec: { restartPolicy: Never, containers: [{ name: w, image: w:1 }] }
`,
  'hpa.yaml': `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 10
`,
};
const FILES = Object.fromEntries(Object.entries(TEXTS).map(([name, text]) => [`/virtual/${name}`, text]));

const range = (line: number, character: number, endLine: number, endCharacter: number) => ({
  start: { line, character },
  end: { line: endLine, character: endCharacter },
});

test('json: each related place names its file, range and message', async () => {
  const { stdout } = await runCli(['hpa.yaml', 'web.yaml', 'canary.yaml', '--format', 'json'], FILES);
  const results = JSON.parse(stdout) as {
    file: string;
    diagnostics: { rule: string; range: unknown; related?: unknown }[];
  }[];
  const onHpa = results.find((r) => r.file === 'hpa.yaml')?.diagnostics ?? [];
  assert.deepEqual(
    onHpa.map((d) => [d.rule, d.range, d.related]),
    [
      // No metrics: the API server's cpu at 80 %, on the spec key.
      [
        'missing-resource-request',
        range(4, 0, 4, 4),
        [{ file: 'web.yaml', range: range(12, 10, 13, 22), message: 'container "app" has no cpu request' }],
      ],
      [
        'selector-overlap',
        range(5, 65, 5, 68),
        [
          {
            file: 'canary.yaml',
            range: range(7, 6, 7, 12),
            message: 'Job "warm-up": its Pods match the selector app=web',
          },
        ],
      ],
    ],
  );
});

test('SARIF: relatedLocations with 1-based regions and messages', async () => {
  const { stdout } = await runCli(['hpa.yaml', 'web.yaml', 'canary.yaml', '--format', 'sarif'], FILES);
  const sarif = JSON.parse(stdout) as {
    runs: { results: { ruleId: string; relatedLocations?: unknown }[] }[];
  };
  const results = sarif.runs[0]?.results ?? [];
  assert.deepEqual(results.find((r) => r.ruleId === 'selector-overlap')?.relatedLocations, [
    {
      id: 0,
      physicalLocation: {
        artifactLocation: { uri: 'canary.yaml' },
        region: { startLine: 8, startColumn: 7, endLine: 8, endColumn: 13 },
      },
      message: { text: 'Job "warm-up": its Pods match the selector app=web' },
    },
  ]);
  assert.deepEqual(results.find((r) => r.ruleId === 'missing-resource-request')?.relatedLocations, [
    {
      id: 0,
      physicalLocation: {
        artifactLocation: { uri: 'web.yaml' },
        region: { startLine: 13, startColumn: 11, endLine: 14, endColumn: 23 },
      },
      message: { text: 'container "app" has no cpu request' },
    },
  ]);
});
