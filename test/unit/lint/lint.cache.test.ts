/**
 * lint.ts's caches across edits: after every change to any file, linting each file from the live
 * index (models and findings re-used) gives exactly what a fresh index of the same texts gives.
 * The changes touch what 'workspace' rules read in other files: a target's requests and replicas,
 * a second autoscaler on the same target, a rename, a deletion.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FileModel } from '../../../server/src/yaml/documents';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { WorkspaceSync } from '../../../server/src/lsp/workspaceSync';

const SERVER_PARSE = { blankUnreadFields: true };
const settings = { ...DEFAULT_SETTINGS };

function deployment(name: string, options: { replicas?: number; requests?: boolean } = {}): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
${options.replicas === undefined ? '' : `  replicas: ${options.replicas}\n`}  template:
    spec:
      containers:
        - name: app
${options.requests === false ? '' : '          resources:\n            requests:\n              cpu: 250m\n'}`;
}

function hpa(name: string, target: string, periodSeconds = 60): string {
  return `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: ${target}
  minReplicas: 1
  maxReplicas: 5
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 70
  behavior:
    scaleDown:
      policies:
        - type: Pods
          value: 1
          periodSeconds: ${periodSeconds}
`;
}

const LIMIT_RANGE = `apiVersion: v1
kind: LimitRange
metadata:
  name: defaults
spec:
  limits:
    - type: Container
      defaultRequest:
        cpu: 100m
`;

type Texts = Record<string, string | undefined>;

function findingsOf(index: WorkspaceIndex, uris: string[]): string {
  return uris
    .filter((uri) => index.getFile(uri))
    .map((uri) =>
      lintFile(index.getFile(uri)!, index, settings)
        .map((f) => `${uri} ${f.rule} ${f.span.start}-${f.span.end} ${f.message}`)
        .join('\n'),
    )
    .join('\n');
}

describe('lint caches across edits', () => {
  test('every file linted from the live index equals a fresh index of the same texts', () => {
    const a = 'file:///w/app/hpa.yaml';
    const b = 'file:///w/app/deployment.yaml';
    const c = 'file:///w/app/other.yaml';
    const uris = [a, b, c];
    const steps: Texts[] = [
      { a: hpa('web', 'web'), b: deployment('web'), c: deployment('api') },
      { b: deployment('web', { requests: false }) },
      { b: deployment('web', { replicas: 3, requests: false }) },
      { c: `${deployment('api')}---\n${hpa('web-2', 'web')}` },
      { a: `# moved down\n${hpa('web', 'web', 3600)}` },
      { c: deployment('api') },
      { b: deployment('web') },
      { a: hpa('web', 'api') },
      { c: undefined },
      { c: `${deployment('api', { requests: false })}---\n${hpa('api', 'api')}` },
      // A LimitRange's default requests stand in for the missing ones; then it moves down a line.
      { b: `${LIMIT_RANGE}---\n${deployment('web')}` },
      { b: `# defaults\n${LIMIT_RANGE}---\n${deployment('web')}` },
      { b: deployment('web') },
    ];
    const live = new WorkspaceIndex();
    const current: Texts = {};
    const byKey: Record<string, string> = { a, b, c };
    const seen = new Set<string>();
    for (const [k, step] of steps.entries()) {
      for (const [key, text] of Object.entries(step)) {
        const uri = byKey[key]!;
        current[uri] = text;
        if (text === undefined) live.deleteFile(uri);
        else live.setFile(new FileModel(uri, text, k + 1, live.getFile(uri), SERVER_PARSE));
      }
      const fresh = new WorkspaceIndex();
      for (const uri of uris) {
        const text = current[uri];
        if (text !== undefined) fresh.setFile(new FileModel(uri, text, 1, undefined, SERVER_PARSE));
      }
      const expected = findingsOf(fresh, uris);
      assert.equal(findingsOf(live, uris), expected, `step ${k}`);
      seen.add(expected);
    }
    // The steps do change findings, so a cache that never refreshed would fail above.
    assert.ok(seen.size >= 4, `only ${seen.size} distinct outcomes`);
  });
});

describe('a kustomization changes what the rules decide about files it does not touch', () => {
  const base = 'file:///w/base/deployment.yaml';
  const baseHpa = 'file:///w/base/hpa.yaml';
  const overlay = 'file:///w/overlays/prod/kustomization.yaml';
  const withReplicasFor = (name: string) =>
    `resources:\n  - ../../base\nreplicas:\n  - name: ${name}\n    count: 3\n`;

  test('the live index agrees with a fresh one as a kustomization comes, changes and goes', () => {
    const uris = [base, baseHpa, overlay];
    const steps: Texts[] = [
      { [base]: deployment('web', { replicas: 2 }), [baseHpa]: hpa('web', 'web') },
      // A `replicas:` entry for web hands the count to the rendered overlay (rules/targets.ts).
      { [overlay]: withReplicasFor('web') },
      { [overlay]: withReplicasFor('api') },
      { [overlay]: withReplicasFor('web') },
      { [overlay]: undefined },
    ];
    const live = new WorkspaceIndex();
    const current: Texts = {};
    const outcomes: string[] = [];
    for (const [k, step] of steps.entries()) {
      for (const [uri, text] of Object.entries(step)) {
        current[uri] = text;
        if (text === undefined) live.deleteFile(uri);
        else live.setFile(new FileModel(uri, text, k + 1, live.getFile(uri), SERVER_PARSE));
      }
      const fresh = new WorkspaceIndex();
      for (const uri of uris) {
        const text = current[uri];
        if (text !== undefined) fresh.setFile(new FileModel(uri, text, 1, undefined, SERVER_PARSE));
      }
      const expected = findingsOf(fresh, [base]);
      assert.equal(findingsOf(live, [base]), expected, `step ${k}`);
      outcomes.push(expected.includes('replicas-conflict') ? 'conflict' : 'handed over');
    }
    assert.deepEqual(outcomes, ['conflict', 'handed over', 'conflict', 'handed over', 'conflict']);
  });

  test('the server re-lints the workload and its autoscaler when a kustomization changes', () => {
    const sync = new WorkspaceSync(SERVER_PARSE, () => false);
    sync.diskChanged(base, deployment('web', { replicas: 2 }));
    sync.diskChanged(baseHpa, hpa('web', 'web'));
    assert.deepEqual([...sync.diskChanged(overlay, withReplicasFor('web'))].sort(), [base, baseHpa]);
    // The same text again decides nothing anew.
    assert.deepEqual([...sync.diskChanged(overlay, withReplicasFor('web'))], []);
    assert.deepEqual([...sync.diskChanged(overlay, undefined)].sort(), [base, baseHpa]);
  });
});
