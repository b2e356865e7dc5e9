/**
 * WorkspaceIndex.setFile after an edit: documents that keep their text and place keep their object
 * (only the edited one is re-indexed), lookups answer as a fresh index of the same files does, and
 * equally near definitions keep the order in which their files first entered the index.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { FileModel } from '../../../server/src/yaml/documents';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';

const SERVER_PARSE = { blankUnreadFields: true };

function app(name: string, maxReplicas = 10): string {
  return `---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: ${name}
spec:
  template:
    spec:
      containers:
        - name: app
          resources:
            requests:
              cpu: 250m
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ${name}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: ${name}
  minReplicas: 1
  maxReplicas: ${maxReplicas}
`;
}

/** What lookups answer, by document identity (uri and index), for comparing two indexes. */
function answers(index: WorkspaceIndex, uris: string[]): string {
  const out: string[] = [];
  for (const uri of uris)
    for (const object of index.objectsIn(uri)) {
      const id = (o: { uri: string; documentIndex: number } | undefined) =>
        o ? `${o.uri}#${o.documentIndex}` : '-';
      out.push(
        `${id(object)} ${object.kind}/${object.name} @${object.offset}`,
        `  find ${index
          .find(object.kind, undefined, object.name ?? '')
          .map(id)
          .join(',')}`,
        `  autoscalersOf ${index.autoscalersOf(object).map(id).join(',')}`,
        `  resolveScales ${id(index.resolveScales(object))}`,
      );
    }
  for (const kind of ['Deployment', 'HorizontalPodAutoscaler'])
    out.push(
      `${kind}s: ${index
        .objectsOfKind(kind)
        .map((o) => `${o.uri}#${o.documentIndex}@${o.offset}`)
        .join(',')}`,
    );
  return out.join('\n');
}

describe('WorkspaceIndex.setFile after an edit', () => {
  test('only the edited document gets a new object; the others are the same objects', () => {
    const uri = 'file:///w/release.yaml';
    const index = new WorkspaceIndex();
    const text = ['a', 'b', 'c'].map((n) => app(n)).join('');
    const first = new FileModel(uri, text, 1, undefined, SERVER_PARSE);
    index.setFile(first);
    const before = index.objectsIn(uri);
    assert.equal(before.length, 6);

    const edited = text.replace(
      'maxReplicas: 10\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: c',
      'maxReplicas: 11\n---\napiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: c',
    );
    assert.notEqual(edited, text);
    index.setFile(new FileModel(uri, edited, 2, first, SERVER_PARSE));
    const after = index.objectsIn(uri);
    assert.deepEqual(
      after.map((o, i) => o === before[i]),
      [true, true, true, false, true, true],
      'only the HPA of app b (document 3) changed',
    );
  });

  test('a length-changing edit re-indexes the shifted documents and answers as a fresh index', () => {
    const uri = 'file:///w/release.yaml';
    const other = 'file:///w/other.yaml';
    const index = new WorkspaceIndex();
    const text = ['a', 'b', 'c'].map((n) => app(n)).join('');
    index.setFile(new FileModel(other, app('b', 4), 1, undefined, SERVER_PARSE));
    let model = new FileModel(uri, text, 1, undefined, SERVER_PARSE);
    index.setFile(model);
    // Grow app a's maxReplicas by a digit, then rename app c's HPA target, then drop app b.
    const versions = [
      text.replace('maxReplicas: 10', 'maxReplicas: 100'),
      text
        .replace('maxReplicas: 10', 'maxReplicas: 100')
        .replace('name: c\n  minReplicas', 'name: b\n  minReplicas'),
      ['a', 'c'].map((n) => app(n)).join(''),
    ];
    for (const [k, next] of versions.entries()) {
      model = new FileModel(uri, next, k + 2, model, SERVER_PARSE);
      index.setFile(model);
      const fresh = new WorkspaceIndex();
      fresh.setFile(new FileModel(other, app('b', 4), 1, undefined, SERVER_PARSE));
      fresh.setFile(new FileModel(uri, next, 1, undefined, SERVER_PARSE));
      assert.equal(answers(index, [uri, other]), answers(fresh, [uri, other]), `version ${k + 2}`);
    }
  });

  test('equally near definitions keep the order their files first entered the index', () => {
    // Two definitions of Deployment "b" in sibling folders, both one step from the HPA's folder.
    const index = new WorkspaceIndex();
    const left = 'file:///w/left/b.yaml';
    const right = 'file:///w/right/b.yaml';
    const hpaUri = 'file:///w/hpa/b.yaml';
    const deployment = (replicas: number) =>
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: b\nspec:\n  replicas: ${replicas}\n`;
    let leftModel = new FileModel(left, deployment(1), 1);
    index.setFile(leftModel);
    index.setFile(new FileModel(right, deployment(1), 1));
    index.setFile(new FileModel(hpaUri, app('b').split('---\n')[2] as string, 1));
    const hpa = index.objectsIn(hpaUri)[0]!;
    assert.equal(index.resolveScales(hpa)?.uri, left);
    // Editing the first file does not hand the tie to the other one.
    leftModel = new FileModel(left, deployment(2), 2, leftModel);
    index.setFile(leftModel);
    assert.equal(index.resolveScales(hpa)?.uri, left);
    // A file that leaves and comes back is indexed anew, after the other.
    index.deleteFile(left);
    index.setFile(new FileModel(left, deployment(3), 3));
    assert.equal(index.resolveScales(hpa)?.uri, right);
  });
});
