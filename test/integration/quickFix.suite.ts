// Each quick fix, applied the way the light bulb applies it, removes its diagnostic and writes the
// expected text. Edits land in the open (unsaved) buffer; teardown reverts it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  closeAllEditors,
  describeDiagnostics,
  extension,
  fixtureUri,
  hpaDiagnostics,
  openFixture,
  openUntitledYaml,
  rangeText,
  ruleId,
  waitForDiagnostics,
} from './helpers';

interface QuickFixCase {
  rule: string;
  /** The diagnostic the fix is asked for. */
  range: string;
  /** The fix's title (vscode.executeCodeActionProvider drops `diagnostics`, so titles identify fixes). */
  title: RegExp;
  /** 0-based line and its full text after the fix. */
  after: { line: number; text: string };
}

const CASES: QuickFixCase[] = [
  {
    rule: 'period-seconds-range',
    range: '46:25-46:29',
    title: /periodSeconds.*1800/,
    after: { line: 46, text: '          periodSeconds: 1800' },
  },
  // The Deployment's `replicas: 2` line goes; `selector:` moves up into its place.
  {
    rule: 'replicas-conflict',
    range: '7:2-7:10',
    title: /Remove spec\.replicas/,
    after: { line: 7, text: '  selector:' },
  },
  // Asked on the HPA's metric, the fix gives the container the cpu request, under `memory`.
  {
    rule: 'missing-resource-request',
    range: '37:14-37:17',
    title: /cpu request/,
    after: { line: 22, text: '              cpu: 100m' },
  },
];

/** An HPA with one typo (issue 17): `averageUtilisation` for `averageUtilization`, on line 16. */
const TYPO_HPA = [
  'apiVersion: autoscaling/v2',
  'kind: HorizontalPodAutoscaler',
  'metadata:',
  '  name: typo',
  'spec:',
  '  scaleTargetRef:',
  '    apiVersion: apps/v1',
  '    kind: Deployment',
  '    name: typo',
  '  maxReplicas: 10',
  '  metrics:',
  '    - type: Resource',
  '      resource:',
  '        name: cpu',
  '        target:',
  '          type: Utilization',
  '          averageUtilisation: 60',
  '',
].join('\n');

function parseRange(text: string): vscode.Range {
  const [start, end] = text.split('-').map((p) => p.split(':').map(Number));
  return new vscode.Range(start![0]!, start![1]!, end![0]!, end![1]!);
}

export function quickFixSuite(): void {
  suite('quick fixes', () => {
    teardown(closeAllEditors);

    for (const fix of CASES) {
      test(`${fix.rule} at ${fix.range}: the quick fix removes the diagnostic`, async () => {
        const uri = fixtureUri('broken-hpa.yaml');
        const editor = await openFixture('broken-hpa.yaml');
        await waitForDiagnostics(
          uri,
          (d) => d.some((x) => ruleId(x) === fix.rule && rangeText(x.range) === fix.range),
          `${fix.rule} at ${fix.range}`,
        );

        const actions = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>(
          'vscode.executeCodeActionProvider',
          uri,
          parseRange(fix.range),
          vscode.CodeActionKind.QuickFix.value,
        );
        // A Command has a string `command`; a CodeAction has an object or none.
        const fixes = actions.filter(
          (a): a is vscode.CodeAction => typeof a.command !== 'string' && fix.title.test(a.title),
        );
        assert.equal(
          fixes.length,
          1,
          `one quick fix for ${fix.rule}; got: ${actions.map((a) => a.title).join(' | ')}`,
        );
        const action = fixes[0]!;
        assert.ok(action.kind && vscode.CodeActionKind.QuickFix.contains(action.kind), 'a quickfix kind');
        assert.ok(action.edit, 'the fix carries its edit');

        const gone = waitForDiagnostics(
          uri,
          // Only this rule must go: a fix may bring out another finding (a valid period lets the
          // slow-ramp check run, for one).
          (d) => !d.some((x) => ruleId(x) === fix.rule),
          `${fix.rule} to be gone after "${action.title}"`,
        );
        assert.ok(await vscode.workspace.applyEdit(action.edit), 'VS Code applied the edit');
        if (action.command)
          await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
        const remaining = await gone;
        assert.equal(
          editor.document.lineAt(fix.after.line).text,
          fix.after.text,
          describeDiagnostics(remaining),
        );
      });
    }

    test('a misspelt field: one "did you mean" diagnostic, its quick fix renames the key in one undo step', async () => {
      const editor = await openUntitledYaml(TYPO_HPA);
      const uri = editor.document.uri;
      const typo = (
        await waitForDiagnostics(
          uri,
          (d) => d.some((x) => ruleId(x) === 'schema'),
          'the schema diagnostic on averageUtilisation',
        )
      ).find((x) => ruleId(x) === 'schema');
      const reported = hpaDiagnostics(uri).filter((d) => ruleId(d) !== 'target-not-found');
      assert.equal(
        reported.length,
        1,
        `the typo alone, no "Required value": ${describeDiagnostics(reported)}`,
      );
      assert.equal(rangeText(typo!.range), '16:10-16:28');
      assert.match(typo!.message, /did you mean "averageUtilization"\?$/);

      // The rule link opens the page the extension ships, not GitHub.
      const code = typo!.code;
      assert.ok(typeof code === 'object' && code.target instanceof vscode.Uri, 'a code link');
      const shipped = vscode.Uri.joinPath(extension().extensionUri, 'docs', 'rules', 'schema.md');
      assert.equal(code.target.toString(), shipped.toString());
      assert.equal((await vscode.workspace.fs.stat(code.target)).type, vscode.FileType.File);

      const actions = await vscode.commands.executeCommand<Array<vscode.CodeAction | vscode.Command>>(
        'vscode.executeCodeActionProvider',
        uri,
        typo!.range,
        vscode.CodeActionKind.QuickFix.value,
      );
      const fixes = actions.filter(
        (a): a is vscode.CodeAction => typeof a.command !== 'string' && /averageUtilization/.test(a.title),
      );
      assert.equal(fixes.length, 1, `one rename; got: ${actions.map((a) => a.title).join(' | ')}`);
      assert.ok(fixes[0]!.isPreferred, 'the preferred fix (Shift+Alt+. applies it)');

      const clean = waitForDiagnostics(
        uri,
        (d) => d.every((x) => ruleId(x) === 'target-not-found'),
        'no HPA error after the rename',
      );
      assert.ok(await vscode.workspace.applyEdit(fixes[0]!.edit!), 'VS Code applied the edit');
      await clean;
      assert.equal(editor.document.lineAt(16).text, '          averageUtilization: 60');
      assert.equal(editor.document.getText(), TYPO_HPA.replace('averageUtilisation', 'averageUtilization'));

      // One undo takes the whole fix back.
      const back = waitForDiagnostics(uri, (d) => d.some((x) => ruleId(x) === 'schema'), 'the typo again');
      await vscode.commands.executeCommand('undo');
      await back;
      assert.equal(editor.document.getText(), TYPO_HPA);
    });
  });
}
