/**
 * lint/warmUp.ts: the release the language server lints while it starts must take the paths a real
 * file takes, or V8 compiles them in the middle of the user's first open. So it must parse cleanly
 * and reach each kind of finding and each metric source type it was written for.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintFile } from '../../../server/src/lint/lint';
import { DEFAULT_SETTINGS } from '../../../server/src/settings';
import { WARM_UP_RELEASE } from '../../../server/src/lint/warmUp';
import { WorkspaceIndex } from '../../../server/src/workspace/workspaceIndex';
import { FileModel } from '../../../server/src/yaml/documents';

test('the warm-up release parses cleanly and reaches every finding it carries', () => {
  for (const blankUnreadFields of [true, false]) {
    const workspace = new WorkspaceIndex();
    const file = new FileModel('warm-up:///release.yaml', WARM_UP_RELEASE, undefined, undefined, {
      blankUnreadFields,
    });
    workspace.setFile(file);
    for (const doc of file.documents) assert.deepEqual(doc.model.parsed.errors, []);
    const rules = new Set(lintFile(file, workspace, { ...DEFAULT_SETTINGS, rules: {} }).map((f) => f.rule));
    assert.deepEqual([...rules].sort(), [
      'deprecated-api-version',
      'missing-resource-request',
      'period-seconds-range',
      'replicas-conflict',
      'schema',
      'target-not-found',
    ]);
    const kinds = workspace.objectsIn(file.uri).map((o) => o.kind);
    assert.ok(kinds.includes('StatefulSet') && kinds.includes('Deployment'));
  }
});

test('the warm-up HPAs use every metric source type', () => {
  const types = new Set([...WARM_UP_RELEASE.matchAll(/^ {4}- type: (\w+)$/gm)].map((m) => m[1]));
  assert.deepEqual([...types].sort(), ['ContainerResource', 'External', 'Object', 'Pods', 'Resource']);
});
