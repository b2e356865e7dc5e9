// Which Kubernetes release a file is judged against, in a real VS Code: the language status item
// shows the release of the nearest .hpa-lint.yaml, a change to that file re-lints the manifests
// below it, and the status item's command writes the release back into the file.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  api,
  closeAllEditors,
  fixtureUri,
  openFixture,
  ruleId,
  waitFor,
  waitForDiagnostics,
} from './helpers';

const CONFIG = 'versions/.hpa-lint.yaml';
const MANIFEST = 'versions/queue-worker.yaml';

async function writeConfig(text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(fixtureUri(CONFIG), new TextEncoder().encode(text));
}

const zeroRejected = (release: string) => (d: vscode.Diagnostic[]) =>
  d.some(
    (x) =>
      ruleId(x) === 'min-replicas' &&
      x.severity === vscode.DiagnosticSeverity.Error &&
      x.message.includes(`Kubernetes ${release} accepts minReplicas 0 only with the HPAScaleToZero`),
  );

export function kubernetesVersionsSuite(): void {
  suite('Kubernetes versions', () => {
    suiteTeardown(async () => {
      await writeConfig('kubernetesVersion: "1.36"\n');
      await closeAllEditors();
    });

    test('the status item shows the release of the nearest .hpa-lint.yaml', async () => {
      const exports = await api();
      await openFixture(MANIFEST);
      await waitForDiagnostics(fixtureUri(MANIFEST), zeroRejected('1.36'), 'minReplicas 0 rejected on 1.36');
      const shown = await waitFor(
        (listener) => exports.onDidChangeKubernetesVersionStatus(listener),
        () => {
          const s = exports.kubernetesVersionStatus();
          return s?.uri === fixtureUri(MANIFEST).toString() && s.text === 'Kubernetes 1.36' ? s : undefined;
        },
        () => `the status item for ${MANIFEST}; now ${JSON.stringify(exports.kubernetesVersionStatus())}`,
      );
      assert.equal(shown.severity, 'information');
      assert.match(shown.detail, /versions\/\.hpa-lint\.yaml/);
    });

    test('changing .hpa-lint.yaml re-lints the manifest and updates the status item', async () => {
      const exports = await api();
      await openFixture(MANIFEST);
      const uri = fixtureUri(MANIFEST);
      await waitForDiagnostics(uri, zeroRejected('1.36'), 'minReplicas 0 rejected on 1.36');
      const accepted = waitForDiagnostics(
        uri,
        (d) => !d.some((x) => ruleId(x) === 'min-replicas'),
        'minReplicas 0 accepted once the file says 1.37',
      );
      await writeConfig('kubernetesVersion: "1.37"\n');
      await accepted;
      await waitFor(
        (listener) => exports.onDidChangeKubernetesVersionStatus(listener),
        () => (exports.kubernetesVersionStatus()?.text === 'Kubernetes 1.37' ? true : undefined),
        () => `the status item on 1.37; now ${JSON.stringify(exports.kubernetesVersionStatus())}`,
      );
    });

    test('the status item command writes the chosen release into the file in force', async () => {
      const exports = await api();
      await writeConfig('kubernetesVersion: "1.37"\nrules:\n  slow-ramp: "off"\n');
      await openFixture(MANIFEST);
      const uri = fixtureUri(MANIFEST);
      await waitFor(
        (listener) => exports.onDidChangeKubernetesVersionStatus(listener),
        () => (exports.kubernetesVersionStatus()?.text === 'Kubernetes 1.37' ? true : undefined),
        () => `the status item on 1.37; now ${JSON.stringify(exports.kubernetesVersionStatus())}`,
      );
      const rejected = waitForDiagnostics(uri, zeroRejected('1.35'), 'minReplicas 0 rejected on 1.35');
      await vscode.commands.executeCommand('hpa.selectKubernetesVersion', '1.35');
      await rejected;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri(CONFIG)));
      assert.equal(text, 'kubernetesVersion: "1.35"\nrules:\n  slow-ramp: "off"\n');
    });
  });
}
