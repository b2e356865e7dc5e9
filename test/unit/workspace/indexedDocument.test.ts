/**
 * What the features read: the server's FileModel (documents reused across versions, never parsed
 * again for a request), field lookup in file offsets, the layout learned from the text, and the one
 * offset/position converter.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { documentAt, fieldAt, offsetAt, positionAt } from '../../../server/src/workspace/indexedDocument';
import { detectLayout } from '../../../server/src/edits/textLayout';
import { FileModel, parseCounts } from '../../../server/src/yaml/documents';
import { indexFiles } from '../../support/indexedFiles';

const URI = 'file:///w/app.yaml';
const DEPLOYMENT = 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: 2\n';
const HPA =
  '---\napiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec:\n  minReplicas: 1\n  maxReplicas: 5\n';

test('an edit re-parses only its document; the lookup finds the others where they moved', () => {
  const { workspace, file } = indexFiles({ [URI]: DEPLOYMENT + HPA });
  const first = file(URI);
  const edited = DEPLOYMENT.replace('  name: web\n', '  name: web\n  namespace: shop\n') + HPA;
  const parsesBefore = parseCounts.read;
  workspace.setFile(new FileModel(URI, edited, 2, first, { blankUnreadFields: true }));
  const second = file(URI);
  assert.equal(parseCounts.read - parsesBefore, 1, 'only the edited Deployment is parsed');
  assert.equal(second.documents[1]!.model, first.documents[1]!.model, 'the HPA keeps its model');
  // maxReplicas moved down one line: the lookup must see it there, in file offsets.
  const at = offsetAt(second, { line: 12, character: 4 });
  const doc = documentAt(second, at)!;
  assert.equal(doc.object.kind, 'HorizontalPodAutoscaler');
  const field = fieldAt(doc, at)!;
  assert.deepEqual(field.path, ['spec', 'maxReplicas']);
  assert.deepEqual(positionAt(second, field.span[0]), { line: 12, character: 2 });
  assert.equal(second.text.slice(field.span[0], field.span[1]), 'maxReplicas');
  assert.equal(parseCounts.read - parsesBefore, 1, 'the lookup parsed nothing');
});

test('documentAt: only documents the server reads, and nothing past a document into an empty one', () => {
  const text = 'apiVersion: v1\nkind: ConfigMap\n' + HPA + '---\n# nothing here\n';
  const file = indexFiles({ [URI]: text }).file(URI);
  assert.equal(documentAt(file, offsetAt(file, { line: 0, character: 2 })), undefined, 'a ConfigMap');
  assert.equal(
    documentAt(file, offsetAt(file, { line: 5, character: 2 }))?.object.kind,
    'HorizontalPodAutoscaler',
  );
  assert.equal(
    documentAt(file, offsetAt(file, { line: 9, character: 2 })),
    undefined,
    'a comment-only document',
  );
});

test('fieldAt: keys, values, sequence dashes, and the line after a block belongs to the next key', () => {
  const text =
    'kind: HorizontalPodAutoscaler\nspec:\n  policies:\n    - type: Pods\n      value: 4\n  selectPolicy: Max\n';
  const file = indexFiles({ [URI]: text }).file(URI);
  const doc = documentAt(file, 0)!;
  const at = (line: number, character: number) => fieldAt(doc, offsetAt(file, { line, character }));
  assert.deepEqual(at(3, 4)?.path, ['spec', 'policies', 0]);
  assert.deepEqual(at(3, 8)?.path, ['spec', 'policies', 0, 'type']);
  assert.equal(at(3, 8)?.onKey, true);
  assert.deepEqual(at(4, 13)?.path, ['spec', 'policies', 0, 'value']);
  assert.equal(at(4, 13)?.onKey, false);
  assert.deepEqual(at(5, 2)?.path, ['spec', 'selectPolicy']);
  assert.deepEqual(at(5, 17)?.path, ['spec', 'selectPolicy'], 'just after the last character of a scalar');
});

test('layout: indentation step, sequence style and line ending are learned from the text', () => {
  const layout = (text: string) => detectLayout(new FileModel(URI, text, 1));
  assert.deepEqual(layout('a:\n    b:\n        - c: 1\n'), { eol: '\n', indent: 4, indentSequences: true });
  assert.deepEqual(layout('a:\r\n  b:\r\n  - c: 1\r\n'), { eol: '\r\n', indent: 2, indentSequences: false });
  assert.deepEqual(layout('a: 1\n'), { eol: '\n', indent: 2, indentSequences: true });
  // Counted over every document, ConfigMaps included, though the server never parses those.
  assert.deepEqual(
    layout(
      'kind: ConfigMap\ndata:\n   a: 1\n   b:\n      c: 2\n---\nkind: Service\nspec:\n   ports:\n   - port: 1\n',
    ),
    { eol: '\n', indent: 3, indentSequences: false },
  );
});

test('line breaks as the editor counts them: \\n, \\r\\n and a lone \\r', () => {
  const file = new FileModel(URI, 'a: 1\r\nb: 2\rc: 3\nd: 4\n', 1);
  assert.deepEqual(positionAt(file, file.text.indexOf('b')), { line: 1, character: 0 });
  assert.deepEqual(positionAt(file, file.text.indexOf('c')), { line: 2, character: 0 });
  assert.deepEqual(positionAt(file, file.text.indexOf('d')), { line: 3, character: 0 });
  assert.equal(offsetAt(file, { line: 2, character: 3 }), file.text.indexOf('3'));
  // Past a line's end means its end, before the line break; past the last line, the end of the text.
  assert.equal(offsetAt(file, { line: 0, character: 99 }), file.text.indexOf('\r'));
  assert.equal(offsetAt(file, { line: 9, character: 0 }), file.text.length);
});
