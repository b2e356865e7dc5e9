// `hpa.*` settings reach the server while it runs: the client forwards configuration changes and the
// server re-lints open files with the new values.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, fixtureUri, openFixture, rangeText, ruleId, waitForDiagnostics } from './helpers';

async function setRules(rules: Record<string, string> | undefined): Promise<void> {
  // Workspace settings: written to .vscode/settings.json of the temporary workspace copy.
  await vscode.workspace.getConfiguration('hpa').update('rules', rules, vscode.ConfigurationTarget.Workspace);
}

export function settingsSuite(): void {
  suite('settings', () => {
    teardown(async () => {
      await setRules(undefined);
      await closeAllEditors();
    });

    test('hpa.rules turns a rule off, and back on when the override is removed', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      await openFixture('broken-hpa.yaml');
      const has = (d: vscode.Diagnostic[], rule: string) => d.some((x) => ruleId(x) === rule);
      await waitForDiagnostics(uri, (d) => has(d, 'period-seconds-range'), 'period-seconds-range');

      const off = waitForDiagnostics(
        uri,
        (d) => !has(d, 'period-seconds-range') && has(d, 'replicas-conflict'),
        'period-seconds-range switched off, the other rules still on',
      );
      await setRules({ 'period-seconds-range': 'off' });
      await off;

      const on = waitForDiagnostics(
        uri,
        (d) => has(d, 'period-seconds-range'),
        'period-seconds-range back on',
      );
      await setRules(undefined);
      await on;
    });

    test('hpa.rules changes a severity', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      await openFixture('broken-hpa.yaml');
      const diagnostics = await waitForDiagnostics(
        uri,
        (d) =>
          d.some(
            (x) => ruleId(x) === 'replicas-conflict' && x.severity === vscode.DiagnosticSeverity.Warning,
          ),
        'replicas-conflict as a warning (its default)',
      );
      // Severity only: the same finding, on the Deployment's `replicas` key, and the others as they were.
      const conflicts = (d: readonly vscode.Diagnostic[]) =>
        d.filter((x) => ruleId(x) === 'replicas-conflict');
      assert.deepEqual(
        conflicts(diagnostics).map((x) => rangeText(x.range)),
        ['7:2-7:10'],
      );
      const others = (d: readonly vscode.Diagnostic[]) =>
        d
          .filter((x) => ruleId(x) !== 'replicas-conflict')
          .map((x) => `${ruleId(x)} ${rangeText(x.range)} ${x.severity}`)
          .sort();
      const raised = waitForDiagnostics(
        uri,
        (d) =>
          d.some((x) => ruleId(x) === 'replicas-conflict' && x.severity === vscode.DiagnosticSeverity.Error),
        'replicas-conflict raised to an error',
      );
      await setRules({ 'replicas-conflict': 'error' });
      const after = await raised;
      assert.deepEqual(
        conflicts(after).map((x) => [rangeText(x.range), x.severity]),
        [['7:2-7:10', vscode.DiagnosticSeverity.Error]],
      );
      assert.deepEqual(others(after), others(diagnostics));

      // Awaited here, not left to the teardown: the server applies a settings change a moment after
      // VS Code writes it, and a suite that lints right after (the overlays) would otherwise see the
      // raised severity still in force.
      const restored = waitForDiagnostics(
        uri,
        (d) =>
          d.some(
            (x) => ruleId(x) === 'replicas-conflict' && x.severity === vscode.DiagnosticSeverity.Warning,
          ),
        'replicas-conflict a warning again once the override is removed',
      );
      await setRules(undefined);
      await restored;
    });
  });
}
