/**
 * The client restarts a language server that died: the error handler given to the
 * LanguageClient (client/src/serverRestartPolicy.ts) says Restart for the first crashes, tells the
 * user once, and gives up with one error after more than four crashes within three minutes.
 * `vscode` only exists inside VS Code, so a stand-in module answers the handful of calls made (and
 * reports the display language the messages follow).
 */
import assert from 'node:assert/strict';
import Module from 'node:module';
import { test } from 'node:test';

const shown: [string, string][] = [];
const logged: string[] = [];

/** Whatever vscode-languageclient touches at load time gets an inert function; the policy's calls are recorded. */
function inert(): unknown {
  return new Proxy(function stub() {}, {
    get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : inert()),
    construct: () => inert() as object,
    apply: () => inert(),
  });
}

/** The display language the stand-in reports; the policy's messages follow it (client/src/localize.ts). */
const env = { language: 'en' };

const vscodeStub = new Proxy(
  {
    env,
    window: {
      showErrorMessage: (message: string) => (shown.push(['error', message]), Promise.resolve(undefined)),
      showWarningMessage: (message: string) => (shown.push(['warning', message]), Promise.resolve(undefined)),
    },
  } as Record<string | symbol, unknown>,
  { get: (target, key) => (key in target ? target[key] : inert()) },
);

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const moduleWithLoad = Module as unknown as { _load: Loader };
const originalLoad = moduleWithLoad._load;
moduleWithLoad._load = function load(request, parent, isMain) {
  return request === 'vscode' ? vscodeStub : originalLoad.call(this, request, parent, isMain);
};
/* eslint-disable @typescript-eslint/no-require-imports -- loaded after the stand-in is in place */
const { CloseAction, ErrorAction } =
  require('vscode-languageclient/node') as typeof import('vscode-languageclient/node');
const { ServerRestartPolicy } =
  require('../../client/src/serverRestartPolicy') as typeof import('../../client/src/serverRestartPolicy');
/* eslint-enable @typescript-eslint/no-require-imports */
moduleWithLoad._load = originalLoad;

const output = { appendLine: (line: string) => void logged.push(line) };

test('a dead server is restarted, the user told once; the fifth crash in three minutes stops it', () => {
  shown.length = 0;
  logged.length = 0;
  const policy = new ServerRestartPolicy(output as never);
  for (let crash = 1; crash <= 4; crash++) {
    const answer = policy.closed();
    assert.equal(answer.action, CloseAction.Restart, `crash ${crash}`);
    assert.equal(answer.handled, true);
    assert.equal(policy.restartCount(), crash);
  }
  assert.deepEqual(shown, [['warning', 'The HPA language server stopped unexpectedly and was restarted.']]);
  assert.equal(logged.length, 4);
  const fifth = policy.closed();
  assert.equal(fifth.action, CloseAction.DoNotRestart);
  assert.equal(policy.restartCount(), 4);
  assert.deepEqual(shown[1], [
    'error',
    'The HPA language server stopped 5 times in 3 minutes and will not be restarted. See the "HPA" output for details.',
  ]);
});

test('the messages are in the language VS Code runs in', () => {
  shown.length = 0;
  env.language = 'ja';
  try {
    const policy = new ServerRestartPolicy(output as never);
    for (let crash = 1; crash <= 5; crash++) policy.closed();
    assert.deepEqual(shown, [
      ['warning', 'HPA言語サーバーが予期せず停止したため、再起動しました。'],
      [
        'error',
        'HPA言語サーバーが3分間に5回停止したため、これ以上再起動しません。詳細は「HPA」出力を参照してください。',
      ],
    ]);
  } finally {
    env.language = 'en';
  }
});

test('a broken message on the connection is not fatal', () => {
  const policy = new ServerRestartPolicy(output as never);
  assert.deepEqual(policy.error(), { action: ErrorAction.Continue, handled: true });
  assert.equal(policy.restartCount(), 0);
});
