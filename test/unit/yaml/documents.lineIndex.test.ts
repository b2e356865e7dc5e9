/**
 * A file's LineIndex joined from its documents' cached line starts (documents.ts) is the index of
 * the whole text: same lines, same positions for every offset, across line-break styles and the
 * places a `---` split can fall, and after an edit that re-uses the unchanged documents' models.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { FileModel } from '../../../server/src/yaml/documents';
import { LineIndex } from '../../../server/src/yaml/ranges';

function assertSameIndex(text: string, joined: LineIndex): void {
  const whole = new LineIndex(text);
  assert.equal(joined.lineCount, whole.lineCount, `line count of ${JSON.stringify(text)}`);
  for (let offset = 0; offset <= text.length; offset++)
    assert.deepEqual(
      joined.position(offset),
      whole.position(offset),
      `offset ${offset} of ${JSON.stringify(text)}`,
    );
  for (let line = 0; line <= whole.lineCount; line++)
    assert.equal(joined.offsetOfLine(line), whole.offsetOfLine(line));
}

describe('LineIndex joined from documents', () => {
  const cases = [
    '',
    '---',
    '---\n',
    'a: 1\n---\nb: 2\n',
    'a: 1\r\n---\r\nb: 2\r\n',
    'a: 1\r---\rb: 2\r',
    'a: 1\n\n---\n\n---\nb: 2',
    '# only a comment\n---\n# another\n',
    'a: "x\u2028---"\n---\nb: 2\n',
    'a: 1\r\n---\nb: 2\r---\r\n',
    '---\n---\n---\n',
  ];
  for (const text of cases)
    test(`same lines as the whole text: ${JSON.stringify(text)}`, () => {
      assertSameIndex(text, new FileModel('file:///t.yaml', text, 1).lineIndex);
    });

  test('random texts of line breaks, markers and content', () => {
    const piece = fc.constantFrom('---', '\n', '\r\n', '\r', 'a: 1', ' ', '#c', '\u2028', 'k:\n  - x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        assertSameIndex(text, new FileModel('file:///t.yaml', text, 1).lineIndex);
      }),
      { numRuns: 400, seed: 16 },
    );
  });

  test('after a one-line edit that re-uses the other documents', () => {
    const before = 'a: 1\n---\nkind: Deployment\nspec:\n  replicas: 2\n---\nb: 2\n';
    const after = before.replace('replicas: 2', 'replicas: 12');
    const first = new FileModel('file:///t.yaml', before, 1);
    void first.lineIndex; // the unchanged documents' starts are cached now
    const second = new FileModel('file:///t.yaml', after, 2, first);
    assert.equal(second.documents[0]!.model, first.documents[0]!.model, 'the first document is re-used');
    assertSameIndex(after, second.lineIndex);
  });
});
