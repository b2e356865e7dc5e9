// Kustomize overlays in a trusted workspace: the server renders them with the real `kubectl
// kustomize` (on PATH in the test machine, as on most users') and shows what only the rendered
// overlay has on the line that caused it; `hpa.kustomize.command` replaces the command.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  closeAllEditors,
  describeDiagnostics,
  fixtureUri,
  openFixture,
  rangeText,
  ruleId,
  waitForDiagnostics,
} from './helpers';

const OVERLAY = 'kustomize/overlays/prod/kustomization.yaml';

async function setKustomizeCommand(command: string | undefined): Promise<void> {
  await vscode.workspace
    .getConfiguration('hpa')
    .update('kustomize.command', command, vscode.ConfigurationTarget.Workspace);
}

export function overlaysSuite(): void {
  suite('kustomize overlays', () => {
    suiteTeardown(async () => {
      await setKustomizeCommand(undefined);
      await closeAllEditors();
    });

    test('the workspace is trusted', () => {
      assert.equal(vscode.workspace.isTrusted, true);
    });

    test("the overlay's replicas entry is reported from the rendered overlay", async () => {
      const uri = fixtureUri(OVERLAY);
      await openFixture(OVERLAY);
      const diagnostics = await waitForDiagnostics(
        uri,
        (d) => d.some((x) => ruleId(x) === 'replicas-conflict'),
        'replicas-conflict from the rendered overlay',
      );
      assert.deepEqual(
        diagnostics.map((d) => [ruleId(d), rangeText(d.range), d.severity]),
        [['replicas-conflict', '4:4-4:9', vscode.DiagnosticSeverity.Warning]],
        describeDiagnostics(diagnostics),
      );
      assert.match(diagnostics[0]!.message, /\(rendered overlay kustomize\/overlays\/prod\)$/);
    });

    test('hpa.kustomize.command is the command that renders, and changing it renders again', async () => {
      const uri = fixtureUri(OVERLAY);
      await openFixture(OVERLAY);
      const has = (d: vscode.Diagnostic[], rule: string) => d.some((x) => ruleId(x) === rule);
      await waitForDiagnostics(uri, (d) => has(d, 'replicas-conflict'), 'the rendered overlay first');

      const failed = waitForDiagnostics(
        uri,
        (d) => has(d, 'kustomize-render') && !has(d, 'replicas-conflict'),
        'kustomize-render from a command that does not exist',
      );
      await setKustomizeCommand('hpa-e2e-no-such-kustomize build');
      const diagnostics = await failed;
      assert.match(
        diagnostics.find((d) => ruleId(d) === 'kustomize-render')!.message,
        /hpa-e2e-no-such-kustomize/,
      );

      const back = waitForDiagnostics(
        uri,
        (d) => has(d, 'replicas-conflict') && !has(d, 'kustomize-render'),
        'the overlay rendered by kubectl again',
      );
      await setKustomizeCommand(undefined);
      await back;
    });
  });
}
