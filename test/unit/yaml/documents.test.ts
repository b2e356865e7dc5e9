/** documents.ts and ranges.ts: the split at `---`, the per-document cache, lazy parsing, offsets to positions. */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FileModel, splitYamlDocuments } from '../../../server/src/yaml/documents';
import { LineIndex } from '../../../server/src/yaml/ranges';

describe('splitYamlDocuments', () => {
  test('splits at column-0 markers only, keeping offsets', () => {
    const text = 'a: 1\n---\nb: |\n  ---\n  text\n--- # c\nc: 3\n----\n';
    assert.deepEqual(splitYamlDocuments(text), [
      { text: 'a: 1\n', offset: 0 },
      { text: '---\nb: |\n  ---\n  text\n', offset: 5 },
      { text: '--- # c\nc: 3\n----\n', offset: 27 },
    ]);
  });
  test('a leading marker does not make an empty first document', () => {
    const file = new FileModel('u', '---\nkind: Service\n---\n# only a comment\n---\nkind: Deployment\n', 1);
    assert.deepEqual(
      file.documents.map((d) => [d.index, d.offset, d.model.scannedKind]),
      [
        [0, 0, 'Service'],
        [1, 39, 'Deployment'],
      ],
    );
  });
});

describe('FileModel cache', () => {
  const docs = (n: number, kind: string) =>
    Array.from({ length: n }, (_, i) => `apiVersion: v1\nkind: ${kind}\nmetadata:\n  name: d${i}\n`).join(
      '---\n',
    );

  test('an edit re-creates only the document whose text changed', () => {
    const before = new FileModel('u', docs(3, 'HorizontalPodAutoscaler'), 1);
    before.documents.forEach((d) => d.model.parsed);
    const text = before.text.replace('name: d1', 'name: d1x');
    const after = new FileModel('u', text, 2, before);
    assert.equal(after.documents[0].model, before.documents[0].model);
    assert.notEqual(after.documents[1].model, before.documents[1].model);
    assert.equal(after.documents[2].model, before.documents[2].model);
    assert.equal(after.documents[2].model.isParsed, true);
    assert.equal(after.documents[1].model.isParsed, false);
  });

  test('kinds no rule reads are never parsed; flow style is parsed when a kind name appears', () => {
    const file = new FileModel(
      'u',
      `${docs(2, 'ConfigMap')}---\n{"kind": "HorizontalPodAutoscaler", "apiVersion": "autoscaling/v2"}\n---\nkind: Deployment\nmetadata: {name: {{ .Values.name }}}\n`,
      1,
    );
    assert.deepEqual(
      file.documents.map((d) => [d.model.scannedKind, d.model.relevant, d.model.templated]),
      [
        ['ConfigMap', false, false],
        ['ConfigMap', false, false],
        [undefined, true, false],
        ['Deployment', false, true],
      ],
    );
  });

  test('a Pod template makes a document parsed only outside the built-in API groups (Pod creators by kind)', () => {
    const withTemplate = (apiVersion: string, kind: string) =>
      `apiVersion: ${apiVersion}\nkind: ${kind}\nspec:\n  template:\n    spec:\n      containers:\n        - name: c\n`;
    const file = new FileModel(
      'u',
      [
        withTemplate('batch/v1', 'Job'),
        withTemplate('apps/v1', 'DaemonSet'),
        withTemplate('v1', 'PodTemplate'),
        withTemplate('extensions/v1beta1', 'DaemonSet'),
        withTemplate('argoproj.io/v1alpha1', 'Rollout'),
        withTemplate('leaderworkerset.x-k8s.io/v1', 'LeaderWorkerSet'),
        withTemplate('apps.kruise.io/v1alpha1', 'CloneSet'),
        withTemplate('apps/v1', 'StatefulSet'),
        // No apiVersion line the scan can read: parsed, as before the group was looked at.
        `kind: CloneSet\nspec:\n  template:\n    spec:\n      containers: []\n`,
      ].join('---\n'),
      1,
    );
    assert.deepEqual(
      file.documents.map((d) => [d.model.scannedKind, d.model.relevant]),
      [
        // Parsed by kind: their Pods are ones a target's selector may match (selector-overlap).
        ['Job', true],
        ['DaemonSet', true],
        ['PodTemplate', false],
        ['DaemonSet', true],
        ['Rollout', true],
        ['LeaderWorkerSet', true],
        ['CloneSet', true],
        ['StatefulSet', true],
        ['CloneSet', true],
      ],
    );
  });
});

describe('LineIndex', () => {
  test('0-based positions, LF and CRLF, clamped', () => {
    const index = new LineIndex('ab\r\ncd\nef');
    assert.deepEqual(index.position(0), { line: 0, character: 0 });
    assert.deepEqual(index.position(2), { line: 0, character: 2 });
    assert.deepEqual(index.position(4), { line: 1, character: 0 });
    assert.deepEqual(index.position(8), { line: 2, character: 1 });
    assert.deepEqual(index.position(99), { line: 2, character: 2 });
    assert.deepEqual(index.range({ start: 4, end: 6 }), {
      start: { line: 1, character: 0 },
      end: { line: 1, character: 2 },
    });
    assert.equal(index.offsetOfLine(2), 7);
    assert.equal(index.lineCount, 3);
  });
  test('UTF-16 code units, as LSP counts them', () => {
    const index = new LineIndex('name: 日本😀x');
    assert.deepEqual(index.position(11), { line: 0, character: 11 });
  });
});
