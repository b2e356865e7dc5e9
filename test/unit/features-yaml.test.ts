/** The file model under the features: document-by-document parsing with reuse, and field lookup. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentAt, fieldAt, offsetAt, parseYamlFile, positionAt } from '../../server/src/features/yamlFile';
import { detectLayout } from '../../server/src/features/textLayout';

const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n';
const HPA =
  '---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec:\n  minReplicas: 1\n  maxReplicas: 5\n';

test('an edit re-parses only its document; the others are reused with their offsets moved', () => {
  const first = parseYamlFile(DEPLOYMENT + HPA);
  assert.equal(first.docs.length, 2);
  const hpaBefore = first.docs[1]!;
  const edited = DEPLOYMENT.replace('  name: web\n', '  name: web\n  namespace: shop\n') + HPA;
  const second = parseYamlFile(edited, first);
  assert.equal(second.docs[1], hpaBefore, 'the unchanged HPA document is the same object');
  assert.notEqual(second.docs[0], first.docs[0]);
  // maxReplicas moved down one line: the lookup must see it there.
  const at = offsetAt(second, { line: 12, character: 4 });
  const field = fieldAt(documentAt(second, at)!, at)!;
  assert.deepEqual(field.path, ['spec', 'maxReplicas']);
  assert.deepEqual(positionAt(second, field.span[0]), { line: 12, character: 2 });
  assert.equal(second.text.slice(field.span[0], field.span[1]), 'maxReplicas');
});

test('fieldAt: keys, values, sequence dashes, and the line after a block belongs to the next key', () => {
  const file = parseYamlFile('spec:\n  policies:\n    - type: Pods\n      value: 4\n  selectPolicy: Max\n');
  const doc = file.docs[0]!;
  const at = (line: number, character: number) => fieldAt(doc, offsetAt(file, { line, character }));
  assert.deepEqual(at(2, 4)?.path, ['spec', 'policies', 0]);
  assert.deepEqual(at(2, 8)?.path, ['spec', 'policies', 0, 'type']);
  assert.equal(at(2, 8)?.onKey, true);
  assert.deepEqual(at(3, 13)?.path, ['spec', 'policies', 0, 'value']);
  assert.equal(at(3, 13)?.onKey, false);
  assert.deepEqual(at(4, 2)?.path, ['spec', 'selectPolicy']);
  assert.deepEqual(at(4, 17)?.path, ['spec', 'selectPolicy'], 'just after the last character of a scalar');
});

test('layout: indentation step, sequence style and line ending are learned from the file', () => {
  assert.deepEqual(detectLayout(parseYamlFile('a:\n    b:\n        - c: 1\n')), {
    eol: '\n',
    indent: 4,
    indentSequences: true,
  });
  assert.deepEqual(detectLayout(parseYamlFile('a:\r\n  b:\r\n  - c: 1\r\n')), {
    eol: '\r\n',
    indent: 2,
    indentSequences: false,
  });
  assert.deepEqual(detectLayout(parseYamlFile('a: 1\n')), { eol: '\n', indent: 2, indentSequences: true });
});

test('line breaks as the editor counts them: \\n, \\r\\n and a lone \\r', () => {
  const file = parseYamlFile('a: 1\r\nb: 2\rc: 3\nd: 4\n');
  assert.deepEqual(positionAt(file, file.text.indexOf('b')), { line: 1, character: 0 });
  assert.deepEqual(positionAt(file, file.text.indexOf('c')), { line: 2, character: 0 });
  assert.deepEqual(positionAt(file, file.text.indexOf('d')), { line: 3, character: 0 });
  assert.equal(offsetAt(file, { line: 2, character: 3 }), file.text.indexOf('3'));
});
