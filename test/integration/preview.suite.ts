// The preview: "Open Preview to the Side" opens a webview beside the editor, and the model it is
// built from (the hpa/previewModel request) follows edits of the manifest.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PreviewModelRequest, type PreviewModelParams, type PreviewModelResult } from '../../common/protocol';
import { api, closeAllEditors, extension, fixtureUri, openFixture, waitFor } from './helpers';

function previewTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .filter((tab) => tab.input instanceof vscode.TabInputWebview && /hpa/i.test(tab.input.viewType));
}

async function previewModel(uri: vscode.Uri, line: number): Promise<PreviewModelResult> {
  const { client } = await api();
  const params: PreviewModelParams = { uri: client.code2ProtocolConverter.asUri(uri), line };
  return client.sendRequest<PreviewModelResult>(PreviewModelRequest.method, params);
}

export function previewSuite(): void {
  suite('preview', () => {
    suiteTeardown(closeAllEditors);

    test('hpa.openPreviewToSide opens a preview beside the editor', async () => {
      const editor = await openFixture('broken-hpa.yaml');
      const editorColumn = editor.viewColumn;
      const opened = waitFor(
        (listener) => vscode.window.tabGroups.onDidChangeTabs(listener),
        () => previewTabs()[0],
        () => 'a preview tab',
      );
      await vscode.commands.executeCommand('hpa.openPreviewToSide');
      const tab = await opened;
      assert.notEqual(tab.group.viewColumn, editorColumn, 'the preview is in another column than the editor');
    });

    test('the installed package holds the files the preview page loads', async () => {
      // Under the e2e runner this is the folder code-server unpacked the .vsix into: a file left out
      // by .vscodeignore shows up here as an unstyled or empty preview.
      const root = extension().extensionUri;
      for (const file of ['dist/webview.js', 'dist/webview.css']) {
        const stat = await vscode.workspace.fs.stat(vscode.Uri.joinPath(root, ...file.split('/')));
        assert.ok(stat.size > 0, `${file} is packaged and not empty`);
      }
    });

    test('the preview model holds the HPA under the cursor with its target', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      const model = await previewModel(uri, 40);
      assert.ok(model, 'a model for the HPA');
      assert.equal(model.name, 'checkout');
      assert.equal(model.documentIndex, 1);
      assert.equal(model.spec.minReplicas, 2);
      assert.equal(model.spec.maxReplicas, 12);
      assert.deepEqual(
        model.target && { kind: model.target.kind, name: model.target.name, replicas: model.target.replicas },
        {
          kind: 'Deployment',
          name: 'checkout',
          replicas: 2,
        },
      );
    });

    test('the preview model follows an edit of the manifest', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      const editor = await openFixture('broken-hpa.yaml');
      const line = editor.document.lineAt(MAX_REPLICAS_LINE);
      assert.equal(line.text, '  maxReplicas: 12');
      assert.ok(await editor.edit((b) => b.replace(line.range, '  maxReplicas: 30')));
      // The server sees the edit through didChange; a request sent afterwards is answered after it.
      const model = await previewModel(uri, 40);
      assert.equal(model?.spec.maxReplicas, 30);
    });
  });
}

/** 0-based line of `maxReplicas: 12` in broken-hpa.yaml. */
const MAX_REPLICAS_LINE = 33;
