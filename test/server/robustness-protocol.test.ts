/**
 * Malformed protocol input over real stdio against dist/server.js: unknown methods, wrong params,
 * stale versions, changes and closes for documents never opened, one huge message, and hostile
 * documents. Each answer must be a protocol error or nothing, and afterwards the same server must
 * still be alive, answer a request and publish the normal document's diagnostics exactly.
 * Needs dist/server.js (node scripts/build.mjs).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ErrorCodes, ResponseError } from 'vscode-jsonrpc';
import { aliasBomb, deepFlowMaps, deepFlowSequences, deepUnclosed, manyDocuments } from '../fuzz/bigInputs';
import { randomCases } from '../fuzz/cases';
import { loadCorpus } from '../fuzz/corpus';
import { InProcessServer } from '../fuzz/inProcess';
import { EDITOR_CAPABILITIES, LspClient } from '../support/lspClient';
import { NORMAL_DOCUMENT, NORMAL_URI } from '../fuzz/normalDocument';
import { lineModel, rangeProblem } from '../fuzz/rangeCheck';

let session: LspClient;

before(async () => {
  session = await LspClient.start({ capabilities: EDITOR_CAPABILITIES });
});

after(async () => {
  await session.stop();
});

/** What a request ended in: its result, or the error code the server answered with. */
async function outcome(method: string, params: unknown): Promise<{ result?: unknown; code?: number }> {
  try {
    return { result: await session.connection.sendRequest(method, params) };
  } catch (err) {
    if (err instanceof ResponseError) return { code: err.code };
    throw err;
  }
}

/** The exact diagnostics the normal document gets in-process (same functions, same default settings). */
function expectedNormalDiagnostics(): [string, number, number, number, number][] {
  const server = new InProcessServer();
  return server
    .lint(NORMAL_URI, NORMAL_DOCUMENT)
    .diagnostics.map((d) => [
      d.rule,
      d.range.start.line,
      d.range.start.character,
      d.range.end.line,
      d.range.end.character,
    ]);
}

async function assertStillServing(version: number): Promise<void> {
  assert.ok(session.alive, `server died: ${session.stderr.slice(-2000)}`);
  const published = await session.changeSettled(NORMAL_URI, version, NORMAL_DOCUMENT);
  assert.ok(published, 'the normal document got diagnostics');
  assert.deepEqual(
    published.diagnostics.map((d) => [
      String(d.code),
      d.range.start.line,
      d.range.start.character,
      d.range.end.line,
      d.range.end.character,
    ]),
    expectedNormalDiagnostics(),
  );
  const hover = await outcome('textDocument/hover', {
    textDocument: { uri: NORMAL_URI },
    position: { line: 11, character: 4 },
  });
  assert.equal(hover.code, undefined, 'hover answers without an error');
}

let normalVersion = 1;

test('the normal document is served before the abuse', async () => {
  const published = await session.openSettled(NORMAL_URI, NORMAL_DOCUMENT, normalVersion);
  assert.ok(published);
  await assertStillServing(++normalVersion);
});

test('an unknown request gets MethodNotFound; an unknown notification is ignored', async () => {
  assert.deepEqual(await outcome('hpa/noSuchMethod', { x: 1 }), { code: ErrorCodes.MethodNotFound });
  assert.deepEqual(await outcome('$/noSuchRequest', null), { code: ErrorCodes.MethodNotFound });
  await session.connection.sendNotification('hpa/noSuchNotification', { x: 1 });
  await session.connection.sendNotification('$/cancelRequest', { id: 'never-sent' });
  await assertStillServing(++normalVersion);
});

test('requests with wrong params answer with an error or nothing, never a crash', async () => {
  const bad: [string, unknown][] = [
    ['textDocument/hover', {}],
    ['textDocument/hover', { textDocument: { uri: 5 }, position: 'top' }],
    ['textDocument/hover', { textDocument: { uri: NORMAL_URI }, position: { line: -1, character: -1 } }],
    ['textDocument/hover', { textDocument: { uri: NORMAL_URI }, position: { line: 1e9, character: 1e9 } }],
    ['textDocument/completion', { textDocument: null, position: null }],
    [
      'textDocument/completion',
      { textDocument: { uri: NORMAL_URI }, position: { line: 'x', character: {} } },
    ],
    ['textDocument/codeAction', { textDocument: { uri: NORMAL_URI } }],
    [
      'textDocument/codeAction',
      { textDocument: { uri: NORMAL_URI }, range: 5, context: { diagnostics: 'x' } },
    ],
    [
      'textDocument/codeAction',
      {
        textDocument: { uri: NORMAL_URI },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: {
          diagnostics: [{ code: 'toString', range: null, message: 5 }, { code: 'constructor' }, null],
        },
      },
    ],
    ['hpa/previewModel', {}],
    ['hpa/previewModel', { uri: NORMAL_URI, line: 'x' }],
    ['hpa/previewModel', { uri: ['a'], line: -5 }],
    ['hpa/documentHpas', null],
    ['hpa/documentHpas', { uri: { toString: 1 } }],
    ['initialize', { capabilities: 'none' }],
  ];
  for (const [method, params] of bad) {
    const answer = await outcome(method, params);
    if (answer.code !== undefined) {
      assert.ok(
        [ErrorCodes.InvalidParams, ErrorCodes.InternalError, ErrorCodes.InvalidRequest, -32002].includes(
          answer.code,
        ),
        `${method} ${JSON.stringify(params)}: unexpected code ${answer.code}`,
      );
    }
    assert.ok(
      session.alive,
      `${method} ${JSON.stringify(params)} killed the server: ${session.stderr.slice(-2000)}`,
    );
  }
  await assertStillServing(++normalVersion);
});

test('notifications with wrong params, stale versions, unknown documents are ignored', async () => {
  const c = session.connection;
  const uri = 'file:///abuse/doc.yaml';
  const notifications: [string, unknown][] = [
    ['textDocument/didOpen', {}],
    [
      'textDocument/didOpen',
      { textDocument: { uri: 'file:///abuse/number.yaml', languageId: 'yaml', version: 1, text: 5 } },
    ],
    [
      'textDocument/didOpen',
      { textDocument: { uri: 'file:///abuse/null.yaml', languageId: 'yaml', version: 'one', text: null } },
    ],
    [
      'textDocument/didOpen',
      { textDocument: { uri, languageId: 'yaml', version: 5, text: 'kind: HorizontalPodAutoscaler\n' } },
    ],
    [
      'textDocument/didChange',
      { textDocument: { uri, version: 3 }, contentChanges: [{ text: 'kind: Deployment\n' }] },
    ],
    ['textDocument/didChange', { textDocument: { uri, version: 6 }, contentChanges: 'x' }],
    [
      'textDocument/didChange',
      {
        textDocument: { uri, version: 7 },
        contentChanges: [
          { range: { start: { line: 99, character: 99 }, end: { line: -1, character: 0 } }, text: 'x' },
        ],
      },
    ],
    [
      'textDocument/didChange',
      {
        textDocument: { uri: 'file:///abuse/never-opened.yaml', version: 2 },
        contentChanges: [{ text: 'a: 1' }],
      },
    ],
    ['textDocument/didClose', { textDocument: { uri: 'file:///abuse/never-opened.yaml' } }],
    ['textDocument/didClose', {}],
    ['textDocument/didSave', { textDocument: { uri } }],
    ['workspace/didChangeConfiguration', { settings: { hpa: { maxFileSizeBytes: 'big', rules: 5 } } }],
    [
      'workspace/didChangeWatchedFiles',
      {
        changes: [
          { uri: 'file:///abuse/gone.yaml', type: 99 },
          { uri: 5, type: 1 },
        ],
      },
    ],
    ['workspace/didChangeWatchedFiles', { changes: 'none' }],
  ];
  for (const [method, params] of notifications) {
    await c.sendNotification(method, params);
    await session.settled(NORMAL_URI); // a round trip: the notification has been handled
    assert.ok(
      session.alive,
      `${method} ${JSON.stringify(params)} killed the server: ${session.stderr.slice(-2000)}`,
    );
  }
  await session.settled(uri);
  await session.settled('file:///abuse/number.yaml');
  assert.ok(session.alive, `server died: ${session.stderr.slice(-2000)}`);
  await assertStillServing(++normalVersion);
});

test('one huge message (a 20 MB document) gets the size guard diagnostic, and the server goes on', async () => {
  const uri = 'file:///abuse/huge.yaml';
  const text =
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec: {maxReplicas: 3}\n---\n'.repeat(
      240_000,
    );
  const published = await session.openSettled(uri, text);
  assert.ok(published, 'the huge document got a diagnostic');
  assert.deepEqual(
    published.diagnostics.map((d) => [d.code, d.severity, d.range.start.line, d.range.start.character]),
    [['file-too-large', 3, 0, 0]],
  );
  // The features skip it too: parsing it for a hover would block every other document.
  const hover = await outcome('textDocument/hover', {
    textDocument: { uri },
    position: { line: 1, character: 2 },
  });
  assert.deepEqual(hover, { result: null });
  await session.close(uri);
  await assertStillServing(++normalVersion);
});

test('hostile documents over stdio: diagnostics inside the document, and the server goes on', async () => {
  const corpus = loadCorpus();
  const documents: [string, string][] = [
    ['alias bomb', aliasBomb()],
    ['deep flow sequences', deepFlowSequences(10_000)],
    ['deep flow maps', deepFlowMaps(10_000)],
    ['deep unclosed', deepUnclosed(10_000)],
    ['10,000 documents', manyDocuments(10_000)],
    ...randomCases(corpus.files, 12, 77).map((c): [string, string] => [
      `${c.type}: ${c.label.slice(0, 80)}`,
      c.text,
    ]),
  ];
  let n = 0;
  for (const [name, text] of documents) {
    const uri = `file:///abuse/hostile-${n++}.yaml`;
    const published = await session.openSettled(uri, text);
    assert.ok(published, `${name}: no diagnostics published (${session.stderr.slice(-1000)})`);
    const lines = lineModel(text);
    for (const d of published.diagnostics)
      assert.equal(rangeProblem(d.range, lines), undefined, `${name}: ${d.code}`);
    const hover = await outcome('textDocument/hover', {
      textDocument: { uri },
      position: { line: 1, character: 2 },
    });
    assert.equal(hover.code, undefined, `${name}: hover failed`);
    await session.close(uri);
    assert.ok(session.alive, `${name} killed the server`);
  }
  await assertStillServing(++normalVersion);
  assert.doesNotMatch(session.stderr, /linting .* failed/);
});
