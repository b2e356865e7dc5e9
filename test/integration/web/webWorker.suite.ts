// What only the web extension has: it runs from its `browser` entry in the web worker extension
// host, its server (a Web Worker) reads the workspace through the host's file system, and kustomize,
// which cannot run in a browser, is said to be unavailable once, on the overlay.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  PreviewModelRequest,
  type PreviewModelParams,
  type PreviewModelResult,
} from '../../../common/protocol';
import {
  api,
  closeAllEditors,
  describeDiagnostics,
  EVENT_DEADLINE_MS,
  extension,
  fixtureUri,
  openFixture,
  rangeText,
  ruleId,
  waitForDiagnostics,
} from '../helpers';
import { extensionHostKind } from './hostKind';

const OVERLAY = 'kustomize/overlays/prod/kustomization.yaml';

export function webWorkerSuite(): void {
  suite('web worker extension host', () => {
    suiteTeardown(closeAllEditors);

    test('the extension runs from its browser entry in the web worker extension host', async () => {
      const exports = await api();
      assert.equal(extensionHostKind(), 'web worker');
      assert.equal(exports.extensionHost, 'web worker');
      assert.equal(extension().extensionKind, vscode.ExtensionKind.UI);
      const manifest = extension().packageJSON as { main?: string; browser?: string };
      assert.equal(manifest.main, undefined, 'the package under test has no Node entry');
      assert.equal(manifest.browser, './dist/clientBrowser.js');
      assert.equal(vscode.env.uiKind, vscode.UIKind.Web);
    });

    test('the server finds a target in a file never opened, through the host file system', async () => {
      // deployment.yaml is not opened: the server knows it only from its scan of the workspace.
      const uri = fixtureUri('kustomize/base/hpa.yaml');
      await openFixture('kustomize/base/hpa.yaml');
      const { client } = await api();
      const params: PreviewModelParams = { uri: client.code2ProtocolConverter.asUri(uri), line: 0 };
      const ask = () => client.sendRequest<PreviewModelResult>(PreviewModelRequest.method, params);
      // The scan of the workspace (folder by folder, through the host) announces no end: the model
      // is asked for again until it names the target, up to the usual deadline.
      let model = await ask();
      for (const deadline = Date.now() + EVENT_DEADLINE_MS; !model?.target && Date.now() < deadline;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        model = await ask();
      }
      assert.ok(model, 'a preview model for the HPA');
      assert.deepEqual(
        model.target && { kind: model.target.kind, name: model.target.name, uri: model.target.uri },
        {
          kind: 'Deployment',
          name: 'orders',
          uri: client.code2ProtocolConverter.asUri(fixtureUri('kustomize/base/deployment.yaml')),
        },
      );
      assert.equal(model.podRequests.cpu, 250, "the Deployment's cpu request, read from its file");
    });

    test('kustomize cannot run in a browser: one information diagnostic on the overlay says so', async () => {
      await openFixture(OVERLAY);
      const diagnostics = await waitForDiagnostics(
        fixtureUri(OVERLAY),
        (d) => d.some((x) => ruleId(x) === 'kustomize-unavailable'),
        'kustomize-unavailable on the overlay',
      );
      assert.deepEqual(
        diagnostics.map((d) => [ruleId(d), rangeText(d.range), d.severity]),
        [['kustomize-unavailable', '0:0-0:9', vscode.DiagnosticSeverity.Information]],
        describeDiagnostics(diagnostics),
      );
      assert.match(diagnostics[0]!.message, /browser/);
    });
  });
}
