/**
 * `.hpa-lint.yaml` in the browser language server's real bundle (dist/serverBrowser.js, built as
 * scripts/browserServerBuild.mjs builds it) in a Web Worker of Chromium (harness.ts serves it). The page is the client: it
 * answers the worker's hpa/workspace/readDirectory and hpa/workspace/readFile requests from a
 * temporary folder on disk, as the extension host answers them from vscode.workspace.fs, under a
 * virtual workspace URI (github.dev's scheme). No config file is ever opened: each is read through
 * those requests.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import type { WorkspaceDirectoryEntry } from '../../common/protocol';
import { launchChromium, type PanelServer, startBrowserServerHost } from './harness';

const BASE_URI = 'vscode-vfs://github/acme';
const REPO_URI = `${BASE_URI}/repo`;

const WORKER = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worker }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  metrics:
    - type: External
      external:
        metric: { name: queue_depth }
        target: { type: AverageValue, averageValue: "30" }
`;
const REJECTED_ON = (release: string) =>
  `spec.minReplicas: Invalid value: 0: must be greater than or equal to 1: Kubernetes ${release} accepts minReplicas 0 only with the HPAScaleToZero feature gate (on by default from 1.37) (Kubernetes ${release})`;
const NEWEST_UNCONFIGURED =
  'minReplicas 0 needs Kubernetes 1.37+, or HPAScaleToZero on 1.16–1.36; older clusters reject it (assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml)';

const disk = mkdtempSync(path.join(tmpdir(), 'hpa-browser-config-'));
function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(disk, file)), { recursive: true });
  writeFileSync(path.join(disk, file), text);
}
// Above the repository: its .git stops the lookup before this file.
write('.hpa-lint.yaml', 'kubernetesVersion: "1.30"\n');
write('repo/.git/HEAD', 'ref: refs/heads/main\n');
write('repo/disk/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
write('repo/disk/worker.yaml', WORKER);
write('repo/none/worker.yaml', WORKER);
write('repo/envs/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
write('repo/envs/prod/worker.yaml', WORKER);
write('repo/envs/staging/.hpa-lint.yaml', 'kubernetesVersion: "1.37"\n');
write('repo/envs/staging/worker.yaml', WORKER);

/** The temporary folder's path for a URI under BASE_URI, or undefined outside it. */
function diskPath(uri: string): string | undefined {
  if (uri !== BASE_URI && !uri.startsWith(`${BASE_URI}/`)) return undefined;
  return path.join(disk, decodeURIComponent(uri.slice(BASE_URI.length)));
}

/** The extension host's answers (client/src/workspaceFileRequests.ts), from the temporary folder. */
function answer(method: string, params: { uri: string; maxBytes?: number }): unknown {
  const file = diskPath(params.uri);
  try {
    if (method === 'hpa/workspace/readDirectory') {
      if (file === undefined) return [];
      return readdirSync(file, { withFileTypes: true }).map((e): WorkspaceDirectoryEntry => ({
        name: e.name,
        uri: `${params.uri.replace(/\/$/, '')}/${encodeURIComponent(e.name)}`,
        type: e.isDirectory() ? 'directory' : 'file',
      }));
    }
    if (file === undefined || statSync(file).size > (params.maxBytes ?? 0)) return null;
    return readFileSync(file, 'utf8');
  } catch {
    return method === 'hpa/workspace/readDirectory' ? [] : null;
  }
}

let server: PanelServer;
let browser: Browser;
let page: Page;

before(async () => {
  server = await startBrowserServerHost('browser-server-config-test');
  browser = await launchChromium();
  page = await browser.newPage();
  await page.goto(`${server.origin}/`);
  await page.exposeFunction('answerFileRequest', answer);
  // The page keeps every message from the worker and answers its requests: the two file requests
  // from the temporary folder (through answerFileRequest), any other with null.
  await page.evaluate(() => {
    const scope = window as unknown as {
      received: unknown[];
      errors: string[];
      worker: Worker;
      answerFileRequest: (method: string, params: unknown) => Promise<unknown>;
    };
    scope.received = [];
    scope.errors = [];
    scope.worker = new Worker('/serverBrowser.js', { name: 'HPA language server' });
    scope.worker.onerror = (event) => scope.errors.push(event.message);
    scope.worker.onmessage = async (event: MessageEvent) => {
      const message = event.data as { id?: number; method?: string; params?: unknown };
      scope.received.push(message);
      if (message.id === undefined || message.method === undefined) return;
      const result = message.method.startsWith('hpa/workspace/')
        ? await scope.answerFileRequest(message.method, message.params)
        : null;
      scope.worker.postMessage({ jsonrpc: '2.0', id: message.id, result });
    };
  });
  await send({
    id: 1,
    method: 'initialize',
    params: {
      processId: null,
      rootUri: REPO_URI,
      locale: 'en',
      capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
      workspaceFolders: [{ uri: REPO_URI, name: 'repo' }],
      initializationOptions: { workspaceTrusted: true },
    },
  });
  await page.waitForFunction(() =>
    (window as unknown as { received: { id?: number; method?: string }[] }).received.some(
      (m) => m.id === 1 && m.method === undefined,
    ),
  );
  await send({ method: 'initialized', params: {} });
});

after(async () => {
  await browser?.close();
  await server?.close();
  rmSync(disk, { recursive: true, force: true });
});

function send(message: Record<string, unknown>): Promise<void> {
  return page.evaluate((m) => (window as unknown as { worker: Worker }).worker.postMessage(m), {
    jsonrpc: '2.0',
    ...message,
  });
}

interface Diagnostic {
  code?: string;
  severity?: number;
  message: string;
}

/** How many messages the worker has sent so far. */
function receivedCount(): Promise<number> {
  return page.evaluate(() => (window as unknown as { received: unknown[] }).received.length);
}

/** The first diagnostics of `uri` at `version` the worker publishes after the `from`-th message. */
async function publishedAfter(from: number, uri: string, version: number): Promise<Diagnostic[]> {
  const handle = await page.waitForFunction(
    ({ from, uri, version }) => {
      const scope = window as unknown as { received: Record<string, unknown>[]; errors: string[] };
      if (scope.errors.length > 0) return { error: scope.errors.join('\n') };
      return scope.received.slice(from).find((m) => {
        const params = m.params as { uri?: string; version?: number } | undefined;
        return (
          m.method === 'textDocument/publishDiagnostics' && params?.uri === uri && params.version === version
        );
      });
    },
    { from, uri, version },
    { timeout: 20_000 },
  );
  const value = (await handle.jsonValue()) as { error?: string; params: { diagnostics: Diagnostic[] } };
  assert.equal(value.error, undefined, 'the worker raised no error');
  return value.params.diagnostics;
}

const zeroFindings = (diagnostics: Diagnostic[]) =>
  diagnostics.filter((d) => d.code === 'min-replicas').map((d) => [d.severity, d.message]);

/** Opens a manifest of the temporary folder and resolves with its first diagnostics. */
async function open(file: string): Promise<Diagnostic[]> {
  const uri = `${BASE_URI}/${file}`;
  const from = await receivedCount();
  await send({
    method: 'textDocument/didOpen',
    params: {
      textDocument: { uri, languageId: 'yaml', version: 1, text: readFileSync(diskPath(uri)!, 'utf8') },
    },
  });
  return publishedAfter(from, uri, 1);
}

test('a .hpa-lint.yaml on disk sets the release of the manifests below it; the repository root stops the lookup', async () => {
  assert.deepEqual(zeroFindings(await open('repo/disk/worker.yaml')), [[1, REJECTED_ON('1.36')]]);
  // No file between none/ and the repository root; the one above the root (1.30) does not apply.
  assert.deepEqual(zeroFindings(await open('repo/none/worker.yaml')), [[3, NEWEST_UNCONFIGURED]]);
});

test('nested files: the nearest one wins', async () => {
  assert.deepEqual(zeroFindings(await open('repo/envs/prod/worker.yaml')), [[1, REJECTED_ON('1.36')]]);
  assert.deepEqual(zeroFindings(await open('repo/envs/staging/worker.yaml')), []);
});

test('a change event re-lints the open manifests below the file: changed, then deleted', async () => {
  const worker = `${REPO_URI}/disk/worker.yaml`;
  const config = `${REPO_URI}/disk/.hpa-lint.yaml`;
  write('repo/disk/.hpa-lint.yaml', 'kubernetesVersion: "1.37"\n');
  let from = await receivedCount();
  await send({ method: 'workspace/didChangeWatchedFiles', params: { changes: [{ uri: config, type: 2 }] } });
  assert.deepEqual(zeroFindings(await publishedAfter(from, worker, 1)), []);
  rmSync(diskPath(config)!);
  from = await receivedCount();
  await send({ method: 'workspace/didChangeWatchedFiles', params: { changes: [{ uri: config, type: 3 }] } });
  assert.deepEqual(zeroFindings(await publishedAfter(from, worker, 1)), [[3, NEWEST_UNCONFIGURED]]);
});
