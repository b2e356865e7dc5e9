// The preview: "Open Preview to the Side" opens a webview beside the editor, and the model it is
// built from (the hpa/previewModel request) follows edits of the manifest.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { PreviewModelRequest, type PreviewModelParams, type PreviewModelResult } from '../../common/protocol';
import type { PreviewInspection } from '../../client/src/preview/previewManager';
import { needModelOf, figuresOf, runSliced } from '../../common/tune';
import { simulate } from '../../common/engine/simulator';
import { PROFILE_NAMES, previewMetricNames } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { suggestLoads } from '../../common/preview/suggestLoads';
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

/** Resolves once the preview's state (as the extension reports it) passes `accept`. */
async function waitForPreview(
  accept: (state: PreviewInspection) => boolean,
  what: string,
): Promise<PreviewInspection> {
  const exports = await api();
  return waitFor(
    (listener) => exports.onDidChangePreviewState(listener),
    () => {
      const state = exports.previewState();
      return accept(state) ? state : undefined;
    },
    () => `${what}; the preview now: ${JSON.stringify(exports.previewState())}`,
  );
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

    test('the opened preview page loads and is filled with the model the server answers', async () => {
      const state = await waitForPreview(
        (s) => s.open && s.pageLoads >= 1 && s.delivered?.type === 'model',
        'a loaded page that accepted a model',
      );
      assert.equal(state.restored, false);
      assert.equal(state.delivered?.hpa, 'checkout');
    });

    // "Developer: Reload Window" cannot run inside this suite: it ends the extension host that runs
    // mocha, so no result would ever be written. What a window reload does to the page is run here:
    // "Developer: Reload Webviews" throws the page away and loads it again from dist/webview.js with
    // its saved state, and it must come back filled (issue 17: a restored page waited forever).
    test('a reloaded preview page loads again and is filled again', async () => {
      const before = await waitForPreview((s) => s.open && s.pageLoads >= 1, 'an open preview');
      await vscode.commands.executeCommand('workbench.action.webview.reloadWebviewAction');
      const after = await waitForPreview(
        (s) => s.open && s.pageLoads > before.pageLoads && s.delivered?.type === 'model',
        'the reloaded page to say ready and accept a model',
      );
      assert.equal(after.delivered?.hpa, 'checkout');
    });

    test('the server offers a "Preview scaling" CodeLens on each HPA document', async () => {
      const uri = fixtureUri('broken-hpa.yaml');
      const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
        'vscode.executeCodeLensProvider',
        uri,
      );
      const preview = lenses
        .filter((lens) => lens.command?.command === 'hpa.openPreviewToSide')
        .map((lens) => ({
          line: lens.range.start.line,
          title: lens.command?.title,
          args: lens.command?.arguments,
        }));
      assert.deepEqual(
        preview,
        HPA_LINES.map((line) => ({ line, title: 'Preview scaling', args: [uri.toString(), line] })),
      );
    });

    test('the installed package holds the files the preview page loads', async () => {
      // Under the e2e runner this is the folder code-server unpacked the .vsix into: a file left out
      // by .vscodeignore shows up here as an unstyled or empty preview.
      const root = extension().extensionUri;
      for (const file of ['dist/webview.js', 'dist/webview.css', 'dist/simulationWorker.js']) {
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

    // Issue 17 item 2: a YAML error inside `behavior:` drops the block, and the preview must say so
    // instead of simulating Kubernetes' defaults without a word. The page reports the lines its
    // warning banner lists; the tab names the HPA the page shows.
    test('a manifest with a YAML error shows the warning banner with its line', async () => {
      const document = await vscode.workspace.openTextDocument({ language: 'yaml', content: YAML_ERROR_HPA });
      await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
      await vscode.commands.executeCommand('hpa.openPreviewToSide');
      const state = await waitForPreview(
        (s) => s.open && s.delivered?.hpa === 'api' && s.problemsShown.includes(YAML_ERROR_LINE),
        `the banner to list the YAML error on line ${YAML_ERROR_LINE}`,
      );
      assert.equal(state.title, 'HPA Preview: api');
      // Fixed, the banner goes: the page reports an empty list.
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document === document);
      const broken = document.lineAt(YAML_ERROR_LINE - 1);
      assert.ok(
        await editor.edit((b) =>
          b.replace(broken.range, '      policies: [ {type: Pods, value: 1, periodSeconds: 60} ]'),
        ),
      );
      await waitForPreview(
        (s) => s.delivered?.hpa === 'api' && s.problemsShown.length === 0,
        'the banner to go once the YAML is fixed',
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

    test('Suggest then Apply: one edit to a block that re-simulates to the shown figures; one undo restores the file', async () => {
      const uri = fixtureUri('clean-hpa.yaml');
      const editor = await openFixture('clean-hpa.yaml');
      const original = editor.document.getText();
      const hpaLine = original.split('\n').indexOf('kind: HorizontalPodAutoscaler');
      const model = await previewModel(uri, hpaLine);
      assert.ok(model, 'the server has a preview model');
      // What the page runs on "Suggest behavior…" with its default settings (test/webview/suggest.test.ts
      // shows the page lists exactly these candidates): the panel's loads, searched in slices.
      const settings = sanitizeSettings({}, previewMetricNames(model.spec), PROFILE_NAMES);
      const result = await runSliced(
        { loads: suggestLoads(model, settings, null) },
        { sliceMs: 30, now: () => performance.now(), pause: () => new Promise((r) => setImmediate(r)) },
      );
      const shown = result?.candidates[0];
      assert.ok(shown, 'a candidate');
      const changed = waitFor(
        (listener) => vscode.workspace.onDidChangeTextDocument(listener),
        () => (editor.document.getText() !== original ? true : undefined),
        () => 'the manifest changed by Apply',
      );
      // "Apply" as the page posts it.
      const exports = await api();
      await exports.previewMessage({
        type: 'applyBehavior',
        uri: model.uri,
        documentIndex: model.documentIndex,
        behavior: shown.behavior,
      });
      await changed;
      const edited = editor.document.getText();
      const at = original.indexOf('  behavior:');
      assert.equal(edited.slice(0, at), original.slice(0, at), 'everything before the block is kept');
      assert.ok(edited.slice(at).startsWith('  behavior:\n    scaleUp:\n'), edited.slice(at));
      // The server's model of the edited file, simulated as the panel does: the figures shown.
      const after = await previewModel(uri, hpaLine);
      assert.ok(after);
      const figures = suggestLoads(after, settings, null).map((l) =>
        figuresOf(l.name, simulate(l.input), needModelOf(l.input)),
      );
      assert.deepEqual(figures, shown.figures);
      // One undo step takes the whole block back.
      await vscode.window.showTextDocument(editor.document, editor.viewColumn);
      const restored = waitFor(
        (listener) => vscode.workspace.onDidChangeTextDocument(listener),
        () => (editor.document.getText() === original ? true : undefined),
        () => `the manifest restored by one undo; now:\n${editor.document.getText()}`,
      );
      await vscode.commands.executeCommand('undo');
      await restored;
      assert.equal(editor.document.isDirty, false);
    });

    test('Apply over a commented behavior block changes only the values and keeps every comment', async () => {
      const uri = fixtureUri('commented-behavior-hpa.yaml');
      const editor = await openFixture('commented-behavior-hpa.yaml');
      const original = editor.document.getText();
      const lines = original.split('\n');
      const model = await previewModel(uri, lines.indexOf('kind: HorizontalPodAutoscaler'));
      assert.ok(model, 'the server has a preview model');
      // The block in the file with two values changed and a policy added, as a tuner candidate
      // close to the user's own block would be.
      const asked = {
        scaleUp: {
          stabilizationWindowSeconds: 0,
          selectPolicy: 'Max' as const,
          policies: [
            { type: 'Percent' as const, value: 100, periodSeconds: 60 },
            { type: 'Pods' as const, value: 4, periodSeconds: 60 },
          ],
        },
        scaleDown: {
          stabilizationWindowSeconds: 120,
          policies: [{ type: 'Pods' as const, value: 2, periodSeconds: 60 }],
        },
      };
      const changed = waitFor(
        (listener) => vscode.workspace.onDidChangeTextDocument(listener),
        () => (editor.document.getText() !== original ? true : undefined),
        () => 'the manifest changed by Apply',
      );
      const exports = await api();
      await exports.previewMessage({
        type: 'applyBehavior',
        uri: model.uri,
        documentIndex: model.documentIndex,
        behavior: asked,
      });
      await changed;
      const edited = editor.document.getText();
      const at = original.indexOf('  behavior:');
      assert.equal(edited.slice(0, at), original.slice(0, at), 'everything before the block is kept');
      for (const comment of lines.filter((l) => l.includes('#'))) {
        const text = comment.slice(comment.indexOf('#'));
        assert.ok(edited.includes(text), `the comment ${JSON.stringify(text)} is kept:\n${edited}`);
      }
      // What the server now reads from the file is the asked block.
      const after = await previewModel(uri, lines.indexOf('kind: HorizontalPodAutoscaler'));
      assert.deepEqual(after?.spec.behavior, asked);
      await vscode.window.showTextDocument(editor.document, editor.viewColumn);
      const restored = waitFor(
        (listener) => vscode.workspace.onDidChangeTextDocument(listener),
        () => (editor.document.getText() === original ? true : undefined),
        () => `the manifest restored by one undo; now:\n${editor.document.getText()}`,
      );
      await vscode.commands.executeCommand('undo');
      await restored;
    });
  });
}

/**
 * Issue 17: after "Developer: Reload Window" the preview came back as a tab that loaded forever. The
 * first part leaves a filled preview open; the entry point (index.ts) then reloads the window and
 * runs the second part, which must find the panel restored by the serializer and filled again.
 * A reload this soon after opening restores the panel without the page's saved state (VS Code has not
 * stored it yet; seen here: after a 4 s pause it has), so the restored panel shows the active editor;
 * with a saved state it shows the HPA the state names. Both go through the same restore, which must
 * not wait for the page.
 */
export function previewBeforeReloadSuite(): void {
  suite('preview and Developer: Reload Window', () => {
    test('before the reload: a preview is open and filled', async () => {
      await closeAllEditors();
      await openFixture('broken-hpa.yaml');
      await vscode.commands.executeCommand('hpa.openPreviewToSide');
      const state = await waitForPreview(
        (s) => s.open && s.delivered?.type === 'model',
        'a preview filled with a model',
      );
      assert.equal(state.delivered?.hpa, 'checkout');
    });
  });
}

export function previewAfterReloadSuite(): void {
  suite('preview and Developer: Reload Window', () => {
    suiteTeardown(closeAllEditors);

    test('after the reload: the restored preview loads and is filled again', async () => {
      const state = await waitForPreview(
        (s) => s.open && s.restored && s.pageLoads >= 1 && s.delivered?.type === 'model',
        'the restored preview to load and accept a model',
      );
      assert.equal(state.delivered?.hpa, 'checkout');
      assert.equal(previewTabs().length, 1, 'one preview tab');
    });
  });
}

/** 0-based lines where the HPA documents of broken-hpa.yaml start. */
const HPA_LINES = [23];

/** 0-based line of `maxReplicas: 12` in broken-hpa.yaml. */
const MAX_REPLICAS_LINE = 33;

/** An HPA whose `behavior:` block has an unclosed flow sequence (a YAML error on line 13, 1-based). */
const YAML_ERROR_HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: api
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: api
  maxReplicas: 5
  behavior:
    scaleDown:
      policies: [ {type: Pods, value: 1
`;
const YAML_ERROR_LINE = 13;
