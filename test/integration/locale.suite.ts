// Diagnostics speak the display language: the server gets it as the LSP `locale` from the client.
// Runs in the English pass and again in the `--locale ja` pass.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, fixtureUri, openFixture, ruleId, waitForDiagnostics } from './helpers';

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
  });
}
