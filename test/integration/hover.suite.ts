// Hovers as VS Code shows them: the field's path, what it means, its valid range, and what the
// values in this manifest amount to.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, fixtureUri, openFixture, rangeText, waitForDiagnostics } from './helpers';

function markdownOf(hover: vscode.Hover): string {
  return hover.contents.map((part) => (typeof part === 'string' ? part : part.value)).join('\n');
}

async function hoversAt(uri: vscode.Uri, line: number, character: number): Promise<vscode.Hover[]> {
  return vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    uri,
    new vscode.Position(line, character),
  );
}

export function hoverSuite(): void {
  suite('hover', () => {
    suiteSetup(async () => {
      await openFixture('broken-hpa.yaml');
      // Hovers are answered once the server has the document; its first diagnostics say it has.
      await waitForDiagnostics(
        fixtureUri('broken-hpa.yaml'),
        (d) => d.length > 0,
        'the server to have the document',
      );
    });
    suiteTeardown(closeAllEditors);

    test('on periodSeconds: the field path, the valid range, and the value under the cursor', async () => {
      const hovers = await hoversAt(fixtureUri('broken-hpa.yaml'), 46, 26);
      const ours = hovers.filter((h) => markdownOf(h).includes('periodSeconds'));
      assert.equal(ours.length, 1, `one HPA hover, got: ${hovers.map(markdownOf).join('\n---\n')}`);
      const text = markdownOf(ours[0]!);
      assert.match(text, /spec\.behavior\.scaleUp\.policies\[0\]\.periodSeconds/);
      assert.match(text, /1 to 1800/);
      assert.match(text, /2400/);
      assert.equal(rangeText(ours[0]!.range!), '46:25-46:29');
    });

    test('on the key maxReplicas: the range it spans and how long scaling across it takes', async () => {
      const hovers = await hoversAt(fixtureUri('broken-hpa.yaml'), 33, 4);
      const ours = hovers.find((h) => markdownOf(h).includes('maxReplicas'));
      assert.ok(ours, 'an HPA hover on maxReplicas');
      assert.match(markdownOf(ours), /\b2\b.*\b12\b/);
      assert.equal(rangeText(ours.range!), '33:2-33:13');
    });

    test('no HPA hover in a YAML file without an HPA', async () => {
      await openFixture('not-an-hpa.yaml');
      const hovers = await hoversAt(fixtureUri('not-an-hpa.yaml'), 6, 4);
      assert.deepEqual(
        hovers.map(markdownOf).filter((text) => /spec\.|Valid:/.test(text)),
        [],
      );
    });
  });
}
