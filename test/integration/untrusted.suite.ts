// Restricted mode: the extension declares untrustedWorkspaces supported (it runs no workspace code),
// so linting must work before the user trusts the folder.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, extension, fixtureUri, openFixture, ruleId, waitForDiagnostics } from './helpers';

export function untrustedSuite(): void {
  suite('untrusted workspace', () => {
    suiteTeardown(closeAllEditors);

    test('the workspace is in restricted mode', () => {
      assert.equal(vscode.workspace.isTrusted, false);
    });

    test('linting works in restricted mode', async () => {
      await openFixture('broken-hpa.yaml');
      await waitForDiagnostics(
        fixtureUri('broken-hpa.yaml'),
        (d) => d.some((x) => ruleId(x) === 'period-seconds-range'),
        'period-seconds-range in restricted mode',
      );
      assert.equal(extension().isActive, true);
    });
  });
}
