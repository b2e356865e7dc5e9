// Diagnostics speak the display language: the server gets it as the LSP `locale` from the client.
// The client's own texts speak it too: it reads `vscode.env.language` (client/src/localize.ts).
// Runs in the English pass and again in the `--locale ja` pass.
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

/** Kana or CJK ideographs: present in any Japanese sentence. */
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
/** Hiragana and katakana: in Japanese, never in Chinese. */
const KANA = /[\u3040-\u30ff]/;
const CJK_IDEOGRAPHS = /[\u4e00-\u9fff]/;

export function localeSuite(): void {
  suite(`messages in the display language (${vscode.env.language})`, () => {
    suiteTeardown(closeAllEditors);

    test('the period-seconds-range message is in the display language', async () => {
      await openFixture('broken-hpa.yaml');
      const diagnostics = await waitForDiagnostics(
        fixtureUri('broken-hpa.yaml'),
        (d) => d.some((x) => ruleId(x) === 'period-seconds-range'),
        'period-seconds-range',
      );
      const message = diagnostics.find((x) => ruleId(x) === 'period-seconds-range')!.message;
      if (vscode.env.language.startsWith('ja')) {
        assert.match(message, JAPANESE);
      } else if (vscode.env.language.startsWith('zh')) {
        assert.match(message, CJK_IDEOGRAPHS);
        assert.doesNotMatch(message, KANA);
      } else {
        assert.doesNotMatch(message, JAPANESE);
        assert.match(message, /periodSeconds/);
      }
    });

    test("the Kubernetes version item, the client's own text, is in the display language", async () => {
      const exports = await api();
      const manifest = fixtureUri('versions/queue-worker.yaml').toString();
      await openFixture('versions/queue-worker.yaml');
      const status = await waitFor(
        (listener) => exports.onDidChangeKubernetesVersionStatus(listener),
        () => {
          const s = exports.kubernetesVersionStatus();
          return s?.uri === manifest ? s : undefined;
        },
        () =>
          `the status item for versions/queue-worker.yaml; now ${JSON.stringify(exports.kubernetesVersionStatus())}`,
      );
      // Where the release comes from: the file in force, said in the display language.
      if (vscode.env.language.startsWith('ja')) {
        assert.match(status.detail, /^versions\/\.hpa-lint\.yamlから/);
      } else if (vscode.env.language.startsWith('zh')) {
        assert.match(status.detail, /^來自 versions\/\.hpa-lint\.yaml/);
      } else {
        assert.match(status.detail, /^from versions\/\.hpa-lint\.yaml/);
      }
    });
  });
}
