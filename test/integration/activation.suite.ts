// The extension activates on its own when a YAML file opens, starts its language server and keeps it
// running. Runs first: the "not active yet" check needs a window where no YAML file was opened.
import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import { State } from 'vscode-languageclient/node';
import {
  api,
  closeAllEditors,
  extension,
  fixtureUri,
  openFixture,
  ruleId,
  waitFor,
  waitForDiagnostics,
} from './helpers';

/** 0-based line of `periodSeconds: 2400` in broken-hpa.yaml. */
const PERIOD_SECONDS_LINE = 46;

/** The server's process; vscode-languageclient keeps it in a private field. */
function serverProcess(client: unknown): ChildProcess | undefined {
  return (client as { _serverProcess?: ChildProcess })._serverProcess;
}

export function activationSuite(): void {
  suite('activation', () => {
    suiteTeardown(closeAllEditors);

    test('is not active before a YAML file is opened', () => {
      assert.equal(extension().isActive, false);
    });

    test('activates by itself when an HPA file opens, and its server publishes diagnostics', async () => {
      await openFixture('broken-hpa.yaml');
      // No activate() call here: diagnostics can only come from an extension that activated itself.
      await waitForDiagnostics(
        fixtureUri('broken-hpa.yaml'),
        (d) => d.length > 0,
        'the first hpa diagnostics',
      );
      assert.equal(extension().isActive, true);
    });

    test('returns its API with the measured activation time', async () => {
      const exports = await api();
      assert.equal(typeof exports.activationMs, 'number');
      assert.ok(
        Number.isFinite(exports.activationMs) && exports.activationMs > 0,
        `activationMs = ${exports.activationMs}`,
      );
      const serverStartMs = exports.serverStartMs();
      assert.ok(
        serverStartMs !== undefined && serverStartMs >= exports.activationMs,
        `serverStartMs = ${serverStartMs}`,
      );
    });

    test('runs the language server in its own Node process', async () => {
      const { client } = await api();
      assert.equal(client.state, State.Running);
      const process = serverProcess(client);
      assert.ok(process?.pid, 'the server process has a pid');
      assert.notEqual(process.pid, globalThis.process.pid);
      assert.ok(
        client.initializeResult?.capabilities.textDocumentSync !== undefined,
        'the server syncs documents',
      );
    });

    test('restarts the language server when its process dies, and lints again', async () => {
      const exports = await api();
      const { client } = exports;
      const before = serverProcess(client);
      assert.ok(before?.pid);
      const restartsBefore = exports.serverRestarts();
      const running = waitFor(
        (listener) => client.onDidChangeState((event) => event.newState === State.Running && listener()),
        () =>
          serverProcess(client)?.pid !== before.pid && client.state === State.Running ? true : undefined,
        () => `the server to run again (state ${client.state})`,
      );
      before.kill('SIGKILL');
      await running;
      assert.equal(exports.serverRestarts(), restartsBefore + 1);

      // The restarted server gets the open documents again (the client cleared their diagnostics on
      // the restart), and lints an edit: fixing periodSeconds removes only that diagnostic.
      const uri = fixtureUri('broken-hpa.yaml');
      await waitForDiagnostics(
        uri,
        (d) => d.some((x) => ruleId(x) === 'period-seconds-range'),
        'period-seconds-range again',
      );
      const editor = vscode.window.visibleTextEditors.find(
        (e) => e.document.uri.toString() === uri.toString(),
      );
      assert.ok(editor, 'broken-hpa.yaml is still open');
      const line = editor.document.lineAt(PERIOD_SECONDS_LINE);
      assert.equal(line.text, '          periodSeconds: 2400');
      const fixed = waitForDiagnostics(
        uri,
        (d) => d.length > 0 && !d.some((x) => ruleId(x) === 'period-seconds-range'),
        'period-seconds-range to go and the other diagnostics to stay',
      );
      await editor.edit((builder) => builder.replace(line.range, '          periodSeconds: 60'));
      await fixed;
    });
  });
}
