/**
 * What every Apply test asks of the edited text, checked without the server's own YAML code where it
 * can be: (a) `spec.behavior` parses (with `yaml` directly) to exactly the asked block, (c) the text
 * before the `behavior:` key's line and after its block is byte for byte the input's (the block's end
 * found by a line scan of indentation here, not by the server's), and the edit is one TextEdit.
 */
import assert from 'node:assert/strict';
import { parseAllDocuments } from 'yaml';
import type { HPABehavior } from '../../../common/engine/types';
import type { BehaviorTextEdit } from '../../../common/protocol';
import { applyEdits } from '../../../server/src/edits/spanEdits';
import { behaviorEdit } from '../../../server/src/edits/behaviorEdit';
import { indexFiles } from '../../support/indexedFiles';

export const URI = 'file:///work/web.yaml';

export interface Applied {
  edit: BehaviorTextEdit;
  output: string;
}

/** The HPA is document 1 of every test file (a Deployment comes first). */
export function apply(input: string, behavior: HPABehavior, documentIndex = 1): Applied {
  const { file } = indexFiles({ [URI]: input });
  const edit = behaviorEdit(file(URI), documentIndex, behavior);
  assert.ok(edit, 'an edit');
  return { edit, output: applyEdits(file(URI), [edit]) };
}

/** `spec.behavior` of the file's HorizontalPodAutoscaler, as plain data. */
export function behaviorOf(text: string): unknown {
  const hpas = parseAllDocuments(text)
    .map((d) => {
      assert.deepEqual(d.errors, [], 'the edited text parses');
      return d.toJS() as { kind?: string; spec?: { behavior?: unknown } };
    })
    .filter((o) => o?.kind === 'HorizontalPodAutoscaler');
  assert.equal(hpas.length, 1);
  return hpas[0]!.spec?.behavior;
}

/** The asked block as JSON has it: undefined fields gone. */
export function asked(behavior: HPABehavior): unknown {
  return JSON.parse(JSON.stringify(behavior));
}

/**
 * [start, end) of the `behavior:` pair's lines in `text`: from its key's line to the line after the
 * last line, comment or not, indented deeper than the key (a line at or left of its column ends it).
 */
export function behaviorLines(text: string): [number, number] {
  const lines = text.split('\n');
  let offset = 0;
  let start = -1;
  let column = -1;
  let end = -1;
  for (const line of lines) {
    const next = offset + line.length + 1;
    const body = line.replace(/\r$/, '');
    const indent = body.length - body.trimStart().length;
    if (start < 0) {
      const m = /^( *)behavior:/.exec(body);
      if (m) {
        start = offset;
        column = m[1]!.length;
        end = Math.min(next, text.length);
      }
    } else if (body.trim() !== '') {
      if (indent <= column) break;
      end = Math.min(next, text.length);
    }
    offset = next;
  }
  assert.ok(start >= 0, 'the text has a behavior: key');
  return [start, end];
}

/** (a) and (c): the block reads as asked, and nothing outside its lines moved by a byte. */
export function assertWritten(input: string, { output }: Applied, behavior: HPABehavior): void {
  assert.deepEqual(behaviorOf(output), asked(behavior), 'spec.behavior reads as the asked block');
  const [start, end] = behaviorLines(input);
  const [outStart, outEnd] = behaviorLines(output);
  assert.equal(outStart, start, 'the block starts where it did');
  assert.equal(output.slice(0, start), input.slice(0, start), 'every line before the block is kept');
  assert.equal(output.slice(outEnd), input.slice(end), 'every line after the block is kept');
}
