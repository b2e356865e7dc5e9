// Restricted mode: the extension declares untrustedWorkspaces supported (it runs no workspace code),
// so linting must work before the user trusts the folder.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  closeAllEditors,
  extension,
  fixtureUri,
  openFixture,
  rangeText,
  ruleId,
  waitForDiagnostics,
} from './helpers';

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

    test('kustomize never runs: the overlay says trusting the workspace renders it', async () => {
      const overlay = 'kustomize/overlays/prod/kustomization.yaml';
      await openFixture(overlay);
      const diagnostics = await waitForDiagnostics(
        fixtureUri(overlay),
        (d) => d.some((x) => ruleId(x) === 'kustomize-unavailable'),
        'kustomize-unavailable in restricted mode',
      );
      // No finding of the rendered overlay (the trusted pass shows replicas-conflict on this file).
      assert.deepEqual(
        diagnostics.map((d) => [ruleId(d), rangeText(d.range)]),
        [['kustomize-unavailable', '0:0-0:9']],
      );
      assert.match(diagnostics[0]!.message, /trust this workspace/);
    });
  });
}
