/**
 * Parsing workloads from their read fields (server/src/yaml/readSets.ts, blankUnreadFields.ts): offsets
 * kept, unread values gone, layouts the scan does not follow left alone, YAML errors in the blanked
 * parts found by the full-text check, and the same findings as a full parse over the real corpus.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parseDocument } from 'yaml';
import { blankUnreadFields } from '../../../server/src/yaml/blankUnreadFields';
import { FileModel, type ParseOptions, YamlDocumentModel } from '../../../server/src/yaml/documents';
import { locate } from '../../../server/src/lint/findingsOutput';
import { lintFile } from '../../../server/src/lint/lint';
import { setLocale } from '../../../server/src/localize';
import { READ_SETS } from '../../../server/src/yaml/readSets';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { SHARED } from '../../support/corpusFiles';

const WORKLOAD = READ_SETS.get('Deployment')!;
const REPO_ROOT = resolve(__dirname, '..', '..', '..');
const CORPUS = join(SHARED, 'corpus', 'real');

const DEPLOYMENT = `---
# Source: chart/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  namespace: shop
  labels:
    app: api
  annotations: { note: "x" }
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: api
  template:
    metadata:
      labels:
        app: web
    spec:
      serviceAccountName: web
      initContainers:
      - name: proxy
        image: proxy:1
        restartPolicy: Always
        resources:
          requests: { cpu: 50m }
      containers:
        - image: "registry.example.com/web:1.0"
          name: web
          command: ["sh", "-c", "echo hi"]
          args:
          - --port=8080
          env:
            - name: A
              value: |
                line one
                line two
          resources:
            requests:
              cpu: 250m   # per Pod
              memory: 256Mi
      volumes:
      - name: data
        emptyDir: {}
`;

/** Reads a path of plain values, undefined where a step is not an object. */
function at(value: unknown, ...keys: string[]): unknown {
  let current = value;
  for (const key of keys) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function keysOf(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? Object.keys(value) : value;
}

/** The fields readSets.ts lists, as plain values, from any parse of a workload. */
function readFields(text: string): unknown {
  const value: unknown = parseDocument(text).toJS();
  const containers = (list: unknown) =>
    Array.isArray(list)
      ? list.map((c: unknown) =>
          c !== null && typeof c === 'object'
            ? { name: at(c, 'name'), restartPolicy: at(c, 'restartPolicy'), resources: at(c, 'resources') }
            : c,
        )
      : list;
  const podSpec = at(value, 'spec', 'template', 'spec');
  return {
    apiVersion: at(value, 'apiVersion'),
    kind: at(value, 'kind'),
    name: at(value, 'metadata', 'name'),
    namespace: at(value, 'metadata', 'namespace'),
    replicas: at(value, 'spec', 'replicas'),
    containers: containers(at(podSpec, 'containers')),
    initContainers: containers(at(podSpec, 'initContainers')),
    resources: at(podSpec, 'resources'),
    // The Pod template's labels and annotations: what switches sidecar injection on (injectedSidecars.ts).
    templateLabels: at(value, 'spec', 'template', 'metadata', 'labels'),
    templateAnnotations: at(value, 'spec', 'template', 'metadata', 'annotations'),
    // Every map on the way keeps its keys (unread ones with null values), so shapes do not change.
    specKeys: keysOf(at(value, 'spec')),
    podSpecKeys: keysOf(podSpec),
  };
}

test('blanking keeps offsets, lines and the read fields, and drops every unread value', () => {
  const blanked = blankUnreadFields(DEPLOYMENT, WORKLOAD);
  assert.ok(blanked !== undefined && blanked !== DEPLOYMENT);
  assert.equal(blanked.length, DEPLOYMENT.length);
  // Line breaks stay where they were, except inside a blanked value (joined into one run of spaces).
  const originalBreaks = new Set([...DEPLOYMENT.matchAll(/\n/g)].map((m) => m.index));
  const keptBreaks = [...blanked.matchAll(/\n/g)].map((m) => m.index);
  assert.deepEqual(
    keptBreaks.filter((at) => !originalBreaks.has(at)),
    [],
  );
  assert.ok(keptBreaks.length < originalBreaks.size, 'the lines of blanked values are joined');
  for (let at = 0; at < DEPLOYMENT.length; at++)
    if (blanked[at] !== DEPLOYMENT[at]) assert.equal(blanked[at], ' ', `offset ${at} is kept or a space`);
  for (const gone of [
    // metadata.labels: nothing reads them (the Pod template's labels and the selector are read).
    'app: api',
    'note',
    'serviceAccountName: web',
    'registry.example.com',
    'echo hi',
    '--port',
    'line one',
    'emptyDir',
    'proxy:1',
  ])
    assert.ok(!blanked.includes(gone), `${gone} should be blanked`);
  for (const kept of [
    'name: web',
    'tier: api',
    'namespace: shop',
    'replicas: 3',
    'restartPolicy: Always',
    'requests: { cpu: 50m }',
    'cpu: 250m   # per Pod',
    'memory: 256Mi',
    '# Source: chart/templates/deployment.yaml',
  ])
    assert.ok(blanked.includes(kept), `${kept} should be kept`);
  assert.deepEqual(readFields(blanked), readFields(DEPLOYMENT));
  assert.deepEqual(parseDocument(blanked).errors, []);
});

test('blanking follows compact sequences, CRLF, comments, quoted keys and flow values', () => {
  const variants = [
    DEPLOYMENT.replace(/\n/g, '\r\n'),
    DEPLOYMENT.replace('  template:\n', '  # the Pod template\n  "template":\n'),
    DEPLOYMENT.replace(
      / {6}containers:\n[\s\S]*?(?= {6}volumes:)/,
      '      containers: [{ name: web, resources: { requests: { cpu: 1 } } }]\n',
    ),
    DEPLOYMENT.replace('      containers:\n        - image', '      containers:\n      - image').replace(
      /\n {10}/g,
      '\n        ',
    ),
    DEPLOYMENT.replace('  replicas: 3\n', ''),
    DEPLOYMENT.replace(
      'spec:\n  replicas: 3\n  selector:\n    matchLabels:\n      app: web\n',
      'spec:\n  selector:\n    matchLabels:\n      app: web\n',
    ).replace(/ {2}template:[\s\S]*/, ''),
  ];
  for (const text of variants) {
    const blanked = blankUnreadFields(text, WORKLOAD);
    assert.ok(blanked !== undefined, text);
    assert.equal(blanked.length, text.length);
    assert.deepEqual(parseDocument(blanked).errors, [], blanked);
    assert.deepEqual(readFields(blanked), readFields(text), blanked);
  }
});

test('layouts the scan does not follow are left to the full parse', () => {
  const refused = [
    DEPLOYMENT.replace('  labels:\n    app: web\n', '  labels: &labels\n    app: web\n').replace(
      '      labels:\n        app: web\n',
      '      labels: *labels\n',
    ),
    DEPLOYMENT.replace('        resources:\n          requests: { cpu: 50m }', '        <<: *base'),
    DEPLOYMENT.replace('  replicas: 3', '\treplicas: 3'),
    '{"apiVersion": "apps/v1", "kind": "Deployment", "spec": {"replicas": 2}}',
    DEPLOYMENT.replace('apiVersion: apps/v1', '? apiVersion\n: apps/v1'),
    DEPLOYMENT.replace('---\n', '--- !!map\n'),
    DEPLOYMENT.replace('spec:\n  replicas', 'spec:\n    replicas'),
  ];
  for (const text of refused) {
    const blanked = blankUnreadFields(text, WORKLOAD);
    // Either refused outright, or (for shapes the scan can still follow) the read fields are intact.
    if (blanked !== undefined) assert.deepEqual(readFields(blanked), readFields(text), blanked);
  }
  assert.equal(blankUnreadFields(refused[0]!, WORKLOAD), undefined);
  assert.equal(blankUnreadFields(refused[1]!, WORKLOAD), undefined);
  assert.equal(blankUnreadFields(refused[2]!, WORKLOAD), undefined);
  assert.equal(blankUnreadFields(refused[3]!, WORKLOAD), undefined);
});

test('a YAML error in a blanked field is found by the full-text check, which renews the model', () => {
  const broken = DEPLOYMENT.replace(
    '            - name: A\n',
    '            - name: A\n              name: B\n',
  );
  const model = new YamlDocumentModel(broken, { blankUnreadFields: true });
  assert.equal(model.parsed.errors.length, 0, 'the read fields parse cleanly');
  assert.equal(model.awaitingFullCheck, true);
  const id = model.id;
  assert.equal(model.checkFullText(), true);
  assert.equal(model.awaitingFullCheck, false);
  assert.notEqual(model.id, id);
  assert.ok(model.parsed.errors.some((e) => e.code === 'DUPLICATE_KEY'));

  const clean = new YamlDocumentModel(DEPLOYMENT, { blankUnreadFields: true });
  assert.deepEqual(clean.parsed.errors, []);
  const cleanId = clean.id;
  assert.equal(clean.checkFullText(), false);
  assert.equal(clean.id, cleanId);

  // The CLI's models parse in full and have nothing left to check.
  const full = new YamlDocumentModel(broken);
  assert.equal(full.awaitingFullCheck, false);
  assert.ok(full.parsed.errors.length > 0);
});

function lintAll(files: [string, string][], options: ParseOptions, checkFullText: boolean): string[] {
  setLocale('en');
  const workspace = new WorkspaceIndex();
  for (const [uri, text] of files) workspace.setFile(new FileModel(uri, text, 1, undefined, options));
  if (checkFullText) {
    for (const uri of workspace.uris()) {
      const file = workspace.getFile(uri)!;
      if (file.checkFullTexts()) workspace.setFile(file);
    }
  }
  const rows: string[] = [];
  for (const [uri] of files) {
    const file = workspace.getFile(uri)!;
    for (const f of locate(file, lintFile(file, workspace, DEFAULT_SETTINGS)))
      rows.push(
        `${uri}:${f.range.start.line}:${f.range.start.character}-${f.range.end.line}:${f.range.end.character} ${f.rule} ${f.severity} ${f.message}`,
      );
  }
  return rows;
}

test(
  'over the real corpus and the examples, the server finds what the CLI finds',
  { skip: existsSync(CORPUS) ? false : `corpus not found at ${CORPUS}` },
  () => {
    const paths = [
      ...readdirSync(CORPUS)
        .filter((f) => /\.ya?ml$/i.test(f))
        .map((f) => join(CORPUS, f)),
      ...(existsSync(join(CORPUS, 'helm-templates'))
        ? readdirSync(join(CORPUS, 'helm-templates')).map((f) => join(CORPUS, 'helm-templates', f))
        : []),
      ...readdirSync(join(REPO_ROOT, 'examples')).map((f) => join(REPO_ROOT, 'examples', f)),
    ];
    const files = paths.map((p): [string, string] => [p, readFileSync(p, 'utf8')]);
    let blankedDocuments = 0;
    for (const [path, text] of files) {
      const model = new FileModel(path, text, 1, undefined, { blankUnreadFields: true });
      for (const doc of model.documents)
        if (doc.model.relevant && (doc.model.parsed, doc.model.awaitingFullCheck)) blankedDocuments++;
    }
    assert.ok(
      blankedDocuments >= 20,
      `only ${blankedDocuments} workload documents were parsed from their read fields`,
    );
    const full = lintAll(files, { blankUnreadFields: false }, false);
    assert.ok(full.length > 0);
    assert.deepEqual(lintAll(files, { blankUnreadFields: true }, true), full);
    // The corpus has no YAML error inside a workload's unread fields, so even before the check they agree.
    assert.deepEqual(lintAll(files, { blankUnreadFields: true }, false), full);
  },
);
