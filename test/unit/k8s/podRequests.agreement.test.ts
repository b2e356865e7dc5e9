/**
 * One answer everywhere: the preview model (`hpa/previewModel`), `hpa-lint simulate --format json`
 * (in-process) and the rules (missing-resource-request) agree on the Pod's requests and on which
 * containers lack one, for the cases of issue 12 and for every HPA of ../shared/corpus/real whose
 * target is in the workspace.
 *
 * The hover reads the same adapter (server/src/workspace/podTemplate.ts); its text is compared with
 * the preview model, the pivot here, over the same corpus in features/hover.corpus.test.ts and on the
 * issue's three cases in features/hover.test.ts, so all four places are held to one answer.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { isHpa, isWorkload } from '../../../common/k8s/workloadKinds';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { setLocale } from '../../../server/src/localize';
import { buildPreviewModel } from '../../../server/src/preview/previewModel';
import { utilizationMetrics } from '../../../server/src/rules/targets';
import type { K8sObject } from '../../../server/src/workspace/objects';
import { scaleTargetOf } from '../../../server/src/workspace/scaleTarget';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';
import { SHARED } from '../../support/corpusFiles';

const CORPUS = join(SHARED, 'corpus', 'real');
const RESOURCES = ['cpu', 'memory'] as const;

/** What one place says about the target's Pod. `lacking` only for the resources it speaks about. */
interface PodAnswer {
  requests: Record<string, number>;
  containers: Record<string, Record<string, number>>;
  lacking: Partial<Record<string, string[]>>;
}

interface Case {
  workspace: WorkspaceIndex;
  hpa: K8sObject;
  target: K8sObject;
}

function previewAnswer({ workspace, hpa }: Case): PodAnswer {
  const model = buildPreviewModel(hpa, workspace);
  const lacking: Record<string, string[]> = {};
  for (const resource of RESOURCES) {
    // The preview computes a per-Pod request exactly when no counted container lacks one.
    lacking[resource] =
      model.podRequests[resource] !== undefined
        ? []
        : Object.entries(model.containerRequests)
            .filter(([, requests]) => requests[resource] === undefined)
            .map(([name]) => name);
  }
  return { requests: model.podRequests, containers: model.containerRequests, lacking };
}

function fakeIO(files: Record<string, string>) {
  const out: string[] = [];
  const io: CliIO = {
    stdout: (t) => void out.push(t),
    stderr: () => undefined,
    readFile: async (p) => {
      const text = files[p];
      if (text === undefined) throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
      return text;
    },
    cwd: '/virtual',
  };
  return { io, stdout: () => out.join('') };
}

interface SimulateJson {
  pod: {
    requests: Record<string, number>;
    containers: { name: string; requests: Record<string, { milli: number | null }> }[];
    lacking: Record<string, string[]>;
  };
}

/**
 * `hpa-lint simulate` reads one file: the HPA's file, with the target's file after it when the
 * target is elsewhere (as `cat target.yaml hpa.yaml | hpa-lint simulate -` would).
 */
async function simulateAnswer({ workspace, hpa, target }: Case): Promise<PodAnswer | string> {
  const texts = [workspace.getFile(hpa.uri)?.text ?? ''];
  if (target.uri !== hpa.uri) texts.unshift(workspace.getFile(target.uri)?.text ?? '');
  const f = fakeIO({ 'manifest.yaml': texts.join('\n---\n') });
  const code = await main(
    ['simulate', 'manifest.yaml', '--hpa', hpa.name ?? '', '--format', 'json', '--duration', '15'],
    f.io,
  );
  if (code !== 0) return `exit ${code}`;
  const json = JSON.parse(f.stdout()) as SimulateJson;
  const containers: Record<string, Record<string, number>> = {};
  for (const c of json.pod.containers) {
    if (containers[c.name] !== undefined) continue;
    containers[c.name] = Object.fromEntries(
      Object.entries(c.requests).flatMap(([r, v]) => (v.milli === null ? [] : [[r, v.milli]])),
    );
  }
  return { requests: json.pod.requests, containers, lacking: json.pod.lacking };
}

/**
 * The rules speak only about the resources the HPA scales on by utilization (Resource metrics):
 * one finding on each such metric, naming every container that lacks the request.
 */
function rulesAnswer({ workspace, hpa }: Case): Pick<PodAnswer, 'lacking'> {
  const asked = new Set(
    utilizationMetrics(hpa)
      .filter((m) => m.container === undefined)
      .map((m) => m.resource),
  );
  const model = workspace.getFile(hpa.uri);
  assert.ok(model);
  const document = hpa.fileDocument;
  const end = document.offset + document.model.text.length;
  const findings = lintFile(model, workspace, DEFAULT_SETTINGS).filter(
    (f) => f.rule === 'missing-resource-request' && f.span.start >= document.offset && f.span.start < end,
  );
  const lacking: Record<string, string[]> = {};
  for (const resource of asked) lacking[resource] = [];
  for (const f of findings) {
    const match =
      /^(\w+) utilization cannot be computed: .* has no \w+ request in container (.*) \(missing request for/.exec(
        f.message,
      );
    if (!match || !asked.has(match[1] ?? '')) continue;
    for (const name of (match[2] ?? '').matchAll(/"([^"]*)"/g)) lacking[match[1]!]!.push(name[1]!);
  }
  return { lacking };
}

/** Every place that answers in data (the hover answers in prose: see the file comment). */
const VIEWS: Record<
  string,
  (c: Case) => PodAnswer | Pick<PodAnswer, 'lacking'> | Promise<PodAnswer | string>
> = {
  preview: previewAnswer,
  simulate: simulateAnswer,
  rules: rulesAnswer,
};

async function assertAgreement(c: Case, label: string): Promise<PodAnswer> {
  const preview = previewAnswer(c);
  for (const [name, view] of Object.entries(VIEWS)) {
    const answer = await view(c);
    assert.notEqual(typeof answer, 'string', `${label}: ${name} failed (${String(answer)})`);
    const other = answer as Partial<PodAnswer>;
    if (other.requests !== undefined)
      assert.deepEqual(other.requests, preview.requests, `${label}: ${name} per-Pod requests`);
    if (other.containers !== undefined)
      assert.deepEqual(other.containers, preview.containers, `${label}: ${name} container requests`);
    for (const [resource, lacking] of Object.entries(other.lacking ?? {}))
      assert.deepEqual(
        [...(lacking ?? [])].sort(),
        [...(preview.lacking[resource] ?? [])].sort(),
        `${label}: ${name} containers lacking ${resource}`,
      );
  }
  return preview;
}

function workspaceOf(files: Record<string, string>): WorkspaceIndex {
  const workspace = new WorkspaceIndex();
  for (const [uri, text] of Object.entries(files)) workspace.setFile(new FileModel(uri, text, 1));
  return workspace;
}

/** Every HPA with a workload target in the workspace. */
function casesOf(workspace: WorkspaceIndex, uris: string[]): Case[] {
  const out: Case[] = [];
  for (const uri of uris) {
    for (const hpa of workspace.objectsIn(uri)) {
      if (!isHpa(hpa)) continue;
      const ref = scaleTargetOf(hpa);
      const target = ref ? workspace.resolveTarget(ref, hpa) : undefined;
      if (target && isWorkload(target)) out.push({ workspace, hpa, target });
    }
  }
  return out;
}

const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: api
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: api
  maxReplicas: 10
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: 60
`;

function deployment(podSpec: string): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  template:
    spec:
${podSpec.trimEnd().replace(/^/gm, '      ')}\n`;
}

const ISSUE_CASES: Record<string, { pod: string; requests: Record<string, number>; lackingCpu: string[] }> = {
  'a container at 500m and one without a request: utilization cannot be computed': {
    pod: `containers:
  - name: api
    resources:
      requests:
        cpu: 500m
  - name: log
`,
    requests: {},
    lackingCpu: ['log'],
  },
  'a container at 500m and a restartable init container at 100m: 600m': {
    pod: `initContainers:
  - name: proxy
    restartPolicy: Always
    resources:
      requests:
        cpu: 100m
containers:
  - name: api
    resources:
      requests:
        cpu: 500m
`,
    requests: { cpu: 600 },
    lackingCpu: [],
  },
  'a cpu limit without a request: the API server copies the limit': {
    pod: `containers:
  - name: api
    resources:
      limits:
        cpu: 750m
`,
    requests: { cpu: 750 },
    lackingCpu: [],
  },
};

test('agreement: an HPA without apiVersion is still an HPA to every place', async () => {
  setLocale('en');
  const pod =
    ISSUE_CASES['a container at 500m and one without a request: utilization cannot be computed']!.pod;
  const files = { 'api.yaml': `${deployment(pod)}---\n${HPA.replace('apiVersion: autoscaling/v2\n', '')}` };
  const workspace = workspaceOf(files);
  const cases = casesOf(workspace, ['api.yaml']);
  assert.equal(cases.length, 1);
  assert.equal(cases[0]!.hpa.apiVersion, undefined);
  const answer = await assertAgreement(cases[0]!, 'no apiVersion');
  assert.deepEqual([answer.requests, answer.lacking.cpu], [{}, ['log']]);
});

for (const [name, { pod, requests, lackingCpu }] of Object.entries(ISSUE_CASES)) {
  test(`agreement: ${name}`, async () => {
    setLocale('en');
    for (const layout of ['one file', 'two files']) {
      const files: Record<string, string> =
        layout === 'one file'
          ? { 'api.yaml': `${deployment(pod)}---\n${HPA}` }
          : { 'deploy.yaml': deployment(pod), 'hpa.yaml': HPA };
      const workspace = workspaceOf(files);
      const cases = casesOf(workspace, Object.keys(files));
      assert.equal(cases.length, 1, layout);
      const answer = await assertAgreement(cases[0]!, `${name} (${layout})`);
      assert.deepEqual(answer.requests, requests, layout);
      assert.deepEqual(answer.lacking.cpu, lackingCpu, layout);
    }
  });
}

/** Corpus files grouped by repository (SOURCES.tsv), one workspace each, as lint/corpus.test.ts does. */
function corpusRepositories(): string[][] {
  const repoOf = new Map<string, string>();
  for (const line of readFileSync(join(CORPUS, 'SOURCES.tsv'), 'utf8').split(/\r?\n/).slice(1)) {
    const [file, repo] = line.split('\t');
    if (file && repo) repoOf.set(file, repo);
  }
  const groups = new Map<string, string[]>();
  for (const file of readdirSync(CORPUS).filter((f) => /\.ya?ml$/i.test(f))) {
    const repo = repoOf.get(file) ?? file;
    groups.set(repo, [...(groups.get(repo) ?? []), file]);
  }
  return [...groups.values()];
}

test(
  'agreement over every HPA of the real corpus whose target is in its repository',
  { skip: existsSync(CORPUS) ? false : `corpus not found at ${CORPUS}` },
  async () => {
    setLocale('en');
    let compared = 0;
    let refused = 0;
    let lackingSeen = 0;
    for (const files of corpusRepositories()) {
      const workspace = workspaceOf(
        Object.fromEntries(files.map((f) => [f, readFileSync(join(CORPUS, f), 'utf8')])),
      );
      for (const c of casesOf(workspace, files)) {
        // simulate refuses HPAs the API server would refuse too (no maxReplicas...): nothing to compare.
        if (typeof (await simulateAnswer(c)) === 'string') {
          refused++;
          continue;
        }
        const answer = await assertAgreement(c, `${c.hpa.uri} HPA "${c.hpa.name}"`);
        compared++;
        if (Object.values(answer.lacking).some((l) => (l ?? []).length > 0)) lackingSeen++;
      }
    }
    // The corpus holds 20 such pairs (3 that simulate refuses: an invalid quantity, no maxReplicas,
    // v2beta1 syntax under v2), some with containers lacking a request: a walk that compares
    // nothing must not pass.
    assert.ok(compared >= 15 && refused <= 3, `${compared} HPAs compared, ${refused} refused by simulate`);
    assert.ok(lackingSeen >= 1, 'no compared workload lacks a request');
  },
);
