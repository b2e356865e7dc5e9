// One walk, one skip list: the folders hpa-lint lints and the folders the language server indexes
// are the same, so the editor and CI never disagree on which files exist.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../../../server/src/cli';
import { findYamlFiles } from '../../../server/src/workspace/diskWorkspace';

test('hpa-lint and the language server walk the same files, skipping only packages and version control', async (t) => {
  const root = mkdtempSync(join(tmpdir(), 'hpa-walk-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const files = [
    'node_modules/chart/values.yaml',
    '.git/config.yaml',
    '.svn/x.yaml',
    'dist/rendered.yaml',
    'out/app/hpa.yml',
    'envs/prod/Kustomization',
    'envs/prod/notes.txt',
    'top.yaml',
  ];
  for (const file of files) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), 'kind: ConfigMap\n');
  }
  const expected = ['dist/rendered.yaml', 'envs/prod/Kustomization', 'out/app/hpa.yml', 'top.yaml'];

  const out: string[] = [];
  const io = {
    stdout: (text: string) => void out.push(text),
    stderr: () => undefined,
    readFile: async () => 'kind: ConfigMap\n',
    cwd: root,
  };
  assert.equal(await main([root, '--format', 'json', '--no-kustomize'], io), 0);
  const linted = (JSON.parse(out.join('')) as { file: string }[]).map((f) => f.file.slice(root.length + 1));
  assert.deepEqual(linted.sort(), expected);

  const indexed = await findYamlFiles(pathToFileURL(root).toString());
  assert.deepEqual(
    indexed.map((uri) => uri.slice(pathToFileURL(root).toString().length + 1)).sort(),
    expected,
  );
});
