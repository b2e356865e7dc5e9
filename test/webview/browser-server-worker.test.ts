/**
 * The browser language server's bundle (dist/serverBrowser.js, built with scripts/browserServerBuild.mjs)
 * in a real Web Worker of Chromium, spoken to over postMessage as vscode-languageclient/browser
 * speaks to it. The script is served with a Content-Security-Policy that forbids evaluating code, as
 * a worker started by VS Code's web worker extension host may not either. Diagnostics, a hover and a
 * quick fix come back; the workspace scan asks the client for its folders.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, type PanelServer, startBrowserServerHost } from './harness';

const URI = 'vscode-vfs://github/acme/deploy/hpa.yaml';
const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 5
  behavior:
    scaleUp:
      policies:
        - type: Pods
          value: 4
          periodSeconds: 2400
`;

let server: PanelServer;
let browser: Browser;
let page: Page;
let origin: string;

before(async () => {
  server = await startBrowserServerHost('browser-server-test');
  origin = server.origin;
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${origin}/`);
  // The page is the client: every message from the worker is kept; directory requests are answered
  // with one empty folder, file requests with null.
  await page.evaluate(() => {
    const scope = window as unknown as { received: unknown[]; errors: string[]; worker: Worker };
    scope.received = [];
    scope.errors = [];
    scope.worker = new Worker('/serverBrowser.js', { name: 'HPA language server' });
    scope.worker.onerror = (event) => scope.errors.push(event.message);
    scope.worker.onmessage = (event: MessageEvent) => {
      const message = event.data as { id?: number; method?: string };
      scope.received.push(message);
      if (message.id !== undefined && message.method === 'hpa/workspace/readDirectory')
        scope.worker.postMessage({ jsonrpc: '2.0', id: message.id, result: [] });
      else if (message.id !== undefined && message.method !== undefined)
        scope.worker.postMessage({ jsonrpc: '2.0', id: message.id, result: null });
    };
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

function send(message: Record<string, unknown>): Promise<void> {
  return page.evaluate((m) => (window as unknown as { worker: Worker }).worker.postMessage(m), {
    jsonrpc: '2.0',
    ...message,
  });
}

interface Wanted {
  id?: number;
  method?: string;
  /** For publishDiagnostics: this document, with at least one diagnostic. */
  diagnosedUri?: string;
}

/** The first message from the worker that matches `wanted`, waiting for it inside the page. */
async function received<T>(wanted: Wanted): Promise<T> {
  const handle = await page.waitForFunction(
    (w: Wanted) => {
      const scope = window as unknown as { received: Record<string, unknown>[]; errors: string[] };
      if (scope.errors.length > 0) return { error: scope.errors.join('\n') };
      return scope.received.find((m) => {
        if (w.id !== undefined && (m.id !== w.id || m.method !== undefined)) return false;
        if (w.method !== undefined && m.method !== w.method) return false;
        if (w.diagnosedUri !== undefined) {
          const params = m.params as { uri?: string; diagnostics?: unknown[] } | undefined;
          return params?.uri === w.diagnosedUri && (params.diagnostics?.length ?? 0) > 0;
        }
        return true;
      });
    },
    wanted,
    { timeout: 20_000 },
  );
  const value = (await handle.jsonValue()) as T & { error?: string };
  assert.equal(value.error, undefined, 'the worker raised no error');
  return value;
}

test('initialize: the worker answers with the same capabilities as the Node server', async () => {
  await send({
    id: 1,
    method: 'initialize',
    params: {
      processId: null,
      rootUri: 'vscode-vfs://github/acme/deploy',
      locale: 'en',
      capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
      workspaceFolders: [{ uri: 'vscode-vfs://github/acme/deploy', name: 'deploy' }],
      initializationOptions: { workspaceTrusted: true },
    },
  });
  const answer = await received<{
    result: { capabilities: Record<string, unknown>; serverInfo: { name: string } };
  }>({ id: 1 });
  assert.equal(answer.result.serverInfo.name, 'hpa-language-server');
  for (const capability of ['hoverProvider', 'completionProvider', 'codeActionProvider', 'textDocumentSync'])
    assert.ok(capability in answer.result.capabilities, capability);
  await send({ method: 'initialized', params: {} });
  // The scan of the workspace asks the client for the folder's entries: there is no disk here.
  const listing = await received<{ params: { uri: string } }>({ method: 'hpa/workspace/readDirectory' });
  assert.equal(listing.params.uri, 'vscode-vfs://github/acme/deploy');
});

test('an opened manifest gets its diagnostics, a hover and a quick fix from the worker', async () => {
  await send({
    method: 'textDocument/didOpen',
    params: { textDocument: { uri: URI, languageId: 'yaml', version: 1, text: HPA } },
  });
  const published = await received<{
    params: { diagnostics: { code: string; range: { start: { line: number; character: number } } }[] };
  }>({ method: 'textDocument/publishDiagnostics', diagnosedUri: URI });
  const period = published.params.diagnostics.find((d) => d.code === 'period-seconds-range');
  assert.ok(period, JSON.stringify(published.params.diagnostics));
  assert.deepEqual(period.range.start, { line: 12, character: 25 });

  await send({
    id: 2,
    method: 'textDocument/hover',
    params: { textDocument: { uri: URI }, position: { line: 12, character: 12 } },
  });
  const hover = await received<{ result: { contents: { value: string } } }>({ id: 2 });
  assert.match(hover.result.contents.value, /periodSeconds/);
  assert.match(hover.result.contents.value, /1800/);

  await send({
    id: 3,
    method: 'textDocument/codeAction',
    params: {
      textDocument: { uri: URI },
      range: { start: { line: 12, character: 25 }, end: { line: 12, character: 29 } },
      context: { diagnostics: [period] },
    },
  });
  const actions = await received<{ result: { title: string; edit?: unknown }[] }>({ id: 3 });
  const fix = actions.result.find((a) => /1800/.test(a.title));
  assert.ok(fix?.edit, `a quick fix to 1800 among ${JSON.stringify(actions.result.map((a) => a.title))}`);
});
