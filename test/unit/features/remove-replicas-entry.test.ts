/**
 * The quick fix for replicas-conflict found at a kustomization's `replicas:` entry: the whole item
 * goes (and the `replicas:` key when it was the only one), every other line as the user wrote it.
 * The finding itself comes from the rendered overlay (test/server/lsp-kustomize.test.ts, with the
 * real kubectl); here the edit alone, on a diagnostic where that finding sits (the entry's `count`).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CodeAction, Diagnostic, TextEdit } from 'vscode-languageserver';
import { provideCodeActions } from '../../../server/src/features/codeActions';
import { applyEdits } from '../../../server/src/edits/spanEdits';
import { FileModel } from '../../../server/src/yaml/documents';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';

const URI = 'file:///w/overlays/prod/kustomization.yaml';

/** The quick fixes offered for a replicas-conflict diagnostic on the `count` after `countOf`'s line. */
function fixesAt(
  text: string,
  countOf: string,
  options: { uri?: string; locale?: string } = {},
): CodeAction[] {
  const uri = options.uri ?? URI;
  const file = new FileModel(uri, text, 1);
  const workspace = new WorkspaceIndex();
  workspace.setFile(file);
  const at = text.indexOf('count', text.indexOf(countOf));
  assert.ok(at > 0, `the text has a count after ${countOf}`);
  const start = file.lineIndex.position(at);
  const range = { start, end: { line: start.line, character: start.character + 5 } };
  const diagnostic: Diagnostic = { range, message: 'conflict', source: 'hpa', code: 'replicas-conflict' };
  return provideCodeActions(
    file,
    range,
    { diagnostics: [diagnostic], only: ['quickfix'] },
    {
      locale: options.locale ?? 'en',
      workspace,
    },
  );
}

function applied(text: string, action: CodeAction | undefined, uri = URI): string {
  const edits = action?.edit?.changes?.[uri] as TextEdit[] | undefined;
  assert.ok(edits, 'a plain edit of the kustomization');
  return applyEdits(new FileModel(uri, text, 1), edits);
}

const TWO_ENTRIES = [
  'resources:',
  '  - ../../base',
  'namePrefix: prod-',
  '# counts for the launch week',
  'replicas:',
  '  - name: web',
  '    count: 3   # the HPA scales this one',
  '  - name: worker',
  '    count: 2',
  'patches:',
  '  - path: hpa-patch.yaml',
  '',
].join('\n');

test('one of two entries: only its two lines go, the comments and the other entry stay', () => {
  const [fix, ...rest] = fixesAt(TWO_ENTRIES, 'name: web');
  assert.equal(rest.length, 0);
  assert.equal(
    fix!.title,
    'Remove the replicas entry for web from this kustomization (the HPA then sets the count)',
  );
  assert.equal(fix!.kind, 'quickfix');
  assert.equal(fix!.diagnostics?.[0]?.code, 'replicas-conflict');
  assert.equal(
    applied(TWO_ENTRIES, fix),
    TWO_ENTRIES.replace('  - name: web\n    count: 3   # the HPA scales this one\n', ''),
  );
  // The last entry of the list, before the next key.
  assert.equal(
    applied(TWO_ENTRIES, fixesAt(TWO_ENTRIES, 'name: worker')[0]),
    TWO_ENTRIES.replace('  - name: worker\n    count: 2\n', ''),
  );
});

test('the only entry: the replicas key goes with it', () => {
  const text = TWO_ENTRIES.replace('  - name: worker\n    count: 2\n', '');
  assert.equal(
    applied(text, fixesAt(text, 'name: web')[0]),
    text.replace('replicas:\n  - name: web\n    count: 3   # the HPA scales this one\n', ''),
  );
  // At the end of a file without a final line break, in CRLF, with count written first.
  const crlf = 'resources:\r\n- ../../base\r\nreplicas:\r\n- count: 4\r\n  name: web';
  assert.equal(applied(crlf, fixesAt(crlf, 'replicas:')[0]), 'resources:\r\n- ../../base\r\n');
});

test('an entry whose dash stands on its own line, in a list written at the key’s column', () => {
  const text =
    'replicas:\n-\n  name: web\n  count: 3\n- name: worker\n  count: 2\nresources:\n- ../../base\n';
  assert.equal(
    applied(text, fixesAt(text, 'name: web')[0]),
    'replicas:\n- name: worker\n  count: 2\nresources:\n- ../../base\n',
  );
});

test('a flow list: the key line goes when it holds the one entry; no fix inside a longer one', () => {
  const one = 'resources: [../../base]\nreplicas: [{name: web, count: 3}]\n';
  assert.equal(applied(one, fixesAt(one, 'name: web')[0]), 'resources: [../../base]\n');
  const two = 'replicas: [{name: web, count: 3}, {name: worker, count: 2}]\n';
  assert.deepEqual(fixesAt(two, 'name: web'), []);
});

test('no fix outside a kustomization, and the title in the user’s language', () => {
  assert.deepEqual(fixesAt(TWO_ENTRIES, 'name: web', { uri: 'file:///w/overlays/prod/replicas.yaml' }), []);
  assert.equal(
    fixesAt(TWO_ENTRIES, 'name: web', { locale: 'ja' })[0]!.title,
    'このkustomizationからwebのreplicasエントリを削除 (以後はHPAがレプリカ数を決めます)',
  );
  assert.equal(
    fixesAt(TWO_ENTRIES, 'name: web', { locale: 'zh-tw' })[0]!.title,
    '從此 kustomization 移除 web 的 replicas 項目（之後由 HPA 決定副本數）',
  );
});
