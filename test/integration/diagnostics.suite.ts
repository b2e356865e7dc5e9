// Diagnostics as VS Code shows them: rule ids as codes, exact ranges, severities, doc links, and
// silence on correct manifests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  closeAllEditors,
  describeDiagnostics,
  fixtureUri,
  openFixture,
  rangeText,
  readFixture,
  ruleId,
  waitForDiagnostics,
} from './helpers';

interface Expected {
  rule: string;
  /** `startLine:startChar-endLine:endChar`, 0-based as in the API. */
  range: string;
  severity: vscode.DiagnosticSeverity;
  /** Text the message must contain (kept to the facts: field, value, limit). */
  says: RegExp;
}

/** What broken-hpa.yaml must produce, and nothing else. */
const BROKEN_HPA: Expected[] = [
  // `replicas` of the Deployment the HPA scales.
  {
    rule: 'replicas-conflict',
    range: '7:2-7:10',
    severity: vscode.DiagnosticSeverity.Warning,
    says: /spec\.replicas/,
  },
  // The HPA's metric `name: cpu`: the container's `requests` has memory only (reported once, here).
  {
    rule: 'missing-resource-request',
    range: '37:14-37:17',
    severity: vscode.DiagnosticSeverity.Warning,
    says: /cpu/,
  },
  // `periodSeconds: 2400` (upper bound 1800).
  {
    rule: 'period-seconds-range',
    range: '46:25-46:29',
    severity: vscode.DiagnosticSeverity.Error,
    says: /2400.*1800/,
  },
];

function summary(diagnostics: readonly vscode.Diagnostic[]): string[] {
  return diagnostics.map((d) => `${ruleId(d)} ${rangeText(d.range)}`).sort();
}

/** Waits for period-seconds-range after `edit`, then undoes it and waits for silence. */
async function assertSilentAfterUndo(
  editor: vscode.TextEditor,
  edit: (builder: vscode.TextEditorEdit) => void,
): Promise<void> {
  const uri = editor.document.uri;
  const flagged = waitForDiagnostics(
    uri,
    (d) => d.some((x) => ruleId(x) === 'period-seconds-range'),
    'the planted mistake',
  );
  assert.ok(await editor.edit(edit));
  await flagged;
  const silent = waitForDiagnostics(
    uri,
    (d) => d.length === 0,
    'no diagnostics once the planted mistake is undone',
  );
  await vscode.commands.executeCommand('undo');
  await silent;
}

export function diagnosticsSuite(): void {
  suite('diagnostics', () => {
    teardown(closeAllEditors);

    test('broken-hpa.yaml: each mistake with its rule id, exact range and severity', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      await openFixture('broken-hpa.yaml');
      const expected = BROKEN_HPA.map((e) => `${e.rule} ${e.range}`).sort();
      const diagnostics = await waitForDiagnostics(
        uri,
        (d) => JSON.stringify(summary(d)) === JSON.stringify(expected),
        `exactly: ${expected.join(', ')}`,
      );
      for (const want of BROKEN_HPA) {
        const found = diagnostics.find((d) => ruleId(d) === want.rule && rangeText(d.range) === want.range);
        assert.ok(found, `${want.rule} at ${want.range}`);
        assert.equal(found.severity, want.severity, `${want.rule} severity`);
        assert.match(found.message, want.says, `${want.rule} message`);
        assert.equal(found.source, 'hpa');
      }
    });

    test('each diagnostic links to its rule page', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      await openFixture('broken-hpa.yaml');
      const diagnostics = await waitForDiagnostics(
        uri,
        (d) => d.length === BROKEN_HPA.length,
        `${BROKEN_HPA.length} diagnostics`,
      );
      for (const diagnostic of diagnostics) {
        const code = diagnostic.code;
        assert.ok(
          typeof code === 'object' && code.target instanceof vscode.Uri,
          `${ruleId(diagnostic)} has a code link`,
        );
        assert.match(
          code.target.toString(),
          new RegExp(`${ruleId(diagnostic)}(\\.md)?$`),
          describeDiagnostics([diagnostic]),
        );
      }
    });

    test('clean-hpa.yaml: no diagnostics', async () => {
      const editor = await openFixture('clean-hpa.yaml');
      const text = await readFixture('clean-hpa.yaml');
      const offset = text.indexOf('periodSeconds: 60');
      assert.ok(offset > 0, 'the fixture has periodSeconds: 60');
      const valueStart = editor.document.positionAt(offset + 'periodSeconds: '.length);
      // An absent diagnostic proves nothing until the server has looked: plant a mistake, see it
      // reported, undo it, and the file must fall silent.
      await assertSilentAfterUndo(editor, (b) =>
        b.replace(new vscode.Range(valueStart, valueStart.translate(0, 2)), '2400'),
      );
    });

    test('a YAML file without an HPA: no diagnostics, even with HPA-like keys', async () => {
      const editor = await openFixture('not-an-hpa.yaml');
      const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
      const plantedHpa = [
        '',
        '---',
        'apiVersion: autoscaling/v2',
        'kind: HorizontalPodAutoscaler',
        'metadata:',
        '  name: planted',
        'spec:',
        '  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: planted }',
        '  maxReplicas: 3',
        '  behavior:',
        '    scaleDown:',
        '      policies:',
        '        - { type: Pods, value: 1, periodSeconds: 2400 }',
      ].join('\n');
      await assertSilentAfterUndo(editor, (b) => b.insert(end, plantedHpa));
    });
  });
}
