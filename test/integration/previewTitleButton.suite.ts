// Issue 26: the editor-title preview button (its `when` is the hpa.activeEditorHasHpa context key)
// must show for a file holding an HPA as soon as it opens, also while the server is still starting.
// VS Code lets no extension read a context key, so the test reads the value the extension last gave
// it (HpaExtensionApi.previewTitleButton).
import * as assert from 'node:assert/strict';
import { State } from 'vscode-languageclient';
import { api, closeAllEditors, extension, openFixture, waitFor } from './helpers';

/** Resolves once the extension has set the button's context key to `shown`. */
async function waitForTitleButton(shown: boolean, what: string): Promise<void> {
  const exports = await api();
  await waitFor(
    (listener) => exports.onDidChangePreviewTitleButton(listener),
    () => (exports.previewTitleButton() === shown ? true : undefined),
    () => `${what} (the context key is now ${String(exports.previewTitleButton())})`,
  );
}

export function previewTitleButtonSuite(): void {
  suite('preview button on the editor title', () => {
    suiteTeardown(closeAllEditors);

    test('the button is declared with an icon, for the editors that hold an HPA', () => {
      const contributes = extension().packageJSON.contributes as {
        commands: Array<{ command: string; icon?: string }>;
        menus: { 'editor/title': Array<{ command: string; when?: string; group?: string }> };
      };
      const command = contributes.commands.find((c) => c.command === 'hpa.openPreviewToSide');
      assert.match(command?.icon ?? '', /^\$\([a-z-]+\)$/, 'a codicon');
      assert.deepEqual(
        contributes.menus['editor/title'].find((m) => m.command === 'hpa.openPreviewToSide'),
        { command: 'hpa.openPreviewToSide', when: 'hpa.activeEditorHasHpa', group: 'navigation' },
      );
    });

    test('shows for a file with an HPA and goes for a file without one', async () => {
      await openFixture('clean-hpa.yaml');
      await waitForTitleButton(true, 'the button on clean-hpa.yaml');
      await openFixture('not-an-hpa.yaml');
      await waitForTitleButton(false, 'no button on not-an-hpa.yaml');
    });

    test('shows for a file opened while the language server starts', async () => {
      const { client } = await api();
      await openFixture('not-an-hpa.yaml');
      await waitForTitleButton(false, 'no button on not-an-hpa.yaml');
      // The file is the active editor when the server comes up, as after a window reload: the
      // client reports "running" before it has sent the server the open documents.
      const stopped = client.stop();
      await openFixture('broken-hpa.yaml');
      await stopped;
      await client.start();
      assert.equal(client.state, State.Running);
      await waitForTitleButton(true, 'the button on broken-hpa.yaml once the server runs');
    });
  });
}
