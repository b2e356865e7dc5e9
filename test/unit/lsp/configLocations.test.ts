/**
 * The paths the `.hpa-lint.yaml` lookup walks for a document URI (server/src/lsp/configLocations.ts):
 * a file: URI is its disk path; another file system's URI a path under a top folder of its own,
 * which turns back into the same URI, spelled as the client spelled it, and where the walk stops.
 */
import assert from 'node:assert/strict';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import {
  displayLookupPath,
  isOtherFileSystemTop,
  lookupPathOf,
  uriOfLookupPath,
} from '../../../server/src/lsp/configLocations';

test('a file: URI is its disk path, and back', () => {
  assert.equal(lookupPathOf('file:///repo/envs/prod/hpa.yaml'), '/repo/envs/prod/hpa.yaml');
  assert.equal(uriOfLookupPath('/repo/envs/prod/.hpa-lint.yaml'), 'file:///repo/envs/prod/.hpa-lint.yaml');
  assert.equal(lookupPathOf('file:///a%20b/x.yaml'), '/a b/x.yaml');
  assert.equal(uriOfLookupPath('/a b/.hpa-lint.yaml'), 'file:///a%20b/.hpa-lint.yaml');
  assert.equal(isOtherFileSystemTop('/'), false);
  assert.equal(displayLookupPath('/repo/.hpa-lint.yaml'), '/repo/.hpa-lint.yaml');
});

test("another file system's URI: its folders walk up to its top, each spelled as the client spells it", () => {
  const uri = 'vscode-remote://127.0.0.1:8080/home/dev/my%20repo/envs/hpa.yaml';
  const folders: string[] = [];
  let folder = dirname(lookupPathOf(uri)!);
  for (;;) {
    folders.push(uriOfLookupPath(join(folder, '.hpa-lint.yaml')));
    if (isOtherFileSystemTop(folder)) break;
    folder = dirname(folder);
  }
  assert.deepEqual(folders, [
    'vscode-remote://127.0.0.1:8080/home/dev/my%20repo/envs/.hpa-lint.yaml',
    'vscode-remote://127.0.0.1:8080/home/dev/my%20repo/.hpa-lint.yaml',
    'vscode-remote://127.0.0.1:8080/home/dev/.hpa-lint.yaml',
    'vscode-remote://127.0.0.1:8080/home/.hpa-lint.yaml',
    'vscode-remote://127.0.0.1:8080/.hpa-lint.yaml',
  ]);
  assert.equal(
    displayLookupPath(join(dirname(lookupPathOf(uri)!), '.hpa-lint.yaml')),
    'vscode-remote://127.0.0.1:8080/home/dev/my repo/envs/.hpa-lint.yaml',
  );
});

test('one spelling per folder: a trailing slash or a doubled one is the same folder', () => {
  const a = lookupPathOf('vscode-vfs://github/acme/deploy/');
  assert.equal(a, lookupPathOf('vscode-vfs://github/acme//deploy'));
  assert.equal(uriOfLookupPath(a!), 'vscode-vfs://github/acme/deploy');
  assert.equal(isOtherFileSystemTop(lookupPathOf('vscode-vfs://github/')!), true);
  assert.equal(isOtherFileSystemTop(a!), false);
});

test('no disk path is taken for another file system, and a URI with no folders has no lookup', () => {
  // A disk folder whose name looks like a scheme stays a disk folder.
  assert.equal(
    uriOfLookupPath('/vscode-vfs:github/x/.hpa-lint.yaml'),
    'file:///vscode-vfs:github/x/.hpa-lint.yaml',
  );
  assert.notEqual(lookupPathOf('vscode-vfs://github/x/a.yaml'), '/vscode-vfs:github/x/a.yaml');
  assert.equal(lookupPathOf('untitled:Untitled-1'), undefined);
  assert.equal(lookupPathOf('vscode-vfs://github/acme/../etc/a.yaml'), undefined);
  assert.equal(lookupPathOf('file://host%/x'), undefined);
});
