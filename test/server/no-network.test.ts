/**
 * No network, ever. The language server (every feature) and the CLI (lint, simulate json and html,
 * conformance) run under test/support/network-trap.cjs, which records any attempt to reach the
 * network; the preview webview runs in Chromium with every request other than its own page and
 * bundle recorded. Each must record nothing. The trap itself is tested first, so a trap that
 * stopped trapping fails here instead of passing everything.
 * Needs dist/ (node scripts/build.mjs) and chromium on PATH.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import { makeNonce, pageHtml, previewCsp } from '../../client/src/preview/previewHtml';
import { REPO_ROOT } from '../fuzz/corpus';
import { EDITOR_CAPABILITIES, LspClient } from '../support/lspClient';
import { WEB_MODEL } from '../support/previewModels';
import { requireOnPath } from '../support/tools';

const TRAP = resolve(REPO_ROOT, 'test', 'support', 'network-trap.cjs');
const CLI_JS = resolve(REPO_ROOT, 'dist', 'cli.js');
const EXAMPLES = resolve(REPO_ROOT, 'examples');

let dir: string;
before(() => {
  dir = mkdtempSync(join(tmpdir(), 'hpa-no-network-'));
});
after(() => rmSync(dir, { recursive: true, force: true }));

let logCount = 0;
/** A fresh log file for one run under the trap. */
function newLog(): string {
  return join(dir, `attempts-${logCount++}.jsonl`);
}

function attempts(log: string): string[] {
  return existsSync(log)
    ? readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l.length > 0)
    : [];
}

function underTrap(args: string[], log: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, ['-r', TRAP, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, HPA_NETWORK_TRAP_LOG: log },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

test('the trap records and blocks every kind of attempt (so the tests below can fail)', () => {
  const log = newLog();
  const script = `
    const tries = [
      () => require('node:http').get('http://example.invalid/'),
      () => require('node:https').request('https://example.invalid/'),
      () => fetch('https://example.invalid/'),
      () => require('node:net').connect(80, 'example.invalid'),
      () => new (require('node:net').Socket)().connect(443, '192.0.2.1'),
      () => require('node:tls').connect(443, 'example.invalid'),
      () => require('node:dns').lookup('example.invalid', () => {}),
      () => require('node:dns').promises.resolve4('example.invalid'),
      () => require('node:dgram').createSocket('udp4'),
      () => require('node:http').createServer().listen(0),
    ];
    let blocked = 0;
    for (const attempt of tries) {
      try { attempt(); } catch (e) { if (e.code === 'ENETWORKTRAP') blocked++; }
    }
    console.log(blocked);`;
  const run = underTrap(['-e', script], log);
  assert.equal(run.stdout.trim(), '10', run.stderr);
  const recorded = attempts(log).map((l) => (JSON.parse(l) as { what: string }).what);
  assert.deepEqual(recorded, [
    'http.get',
    'https.request',
    'fetch',
    'net.connect',
    'net.Socket.connect',
    'tls.connect',
    'dns.lookup',
    'dns.promises.resolve4',
    'dgram.createSocket',
    'net.Server.listen',
  ]);
});

test('the language server, every feature exercised, makes no network attempt', async () => {
  const log = newLog();
  const session = await LspClient.start({
    capabilities: EDITOR_CAPABILITIES,
    nodeArgs: ['-r', TRAP],
    env: { HPA_NETWORK_TRAP_LOG: log },
    rootUri: pathToFileURL(EXAMPLES).toString(),
  });
  const uri = pathToFileURL(join(EXAMPLES, 'web-hpa.yaml')).toString();
  const text = readFileSync(join(EXAMPLES, 'web-hpa.yaml'), 'utf8');
  const opened = await session.openSettled(uri, text);
  assert.ok(opened, 'diagnostics for the opened document');
  const changed = await session.changeSettled(uri, 2, text.replace('maxReplicas: 10', 'maxReplicas: 1'));
  assert.ok(changed, 'diagnostics for the changed document');
  const lines = text.split('\n');
  const maxLine = lines.findIndex((l) => l.includes('maxReplicas'));
  const c = session.connection;
  const position = { line: Math.max(0, maxLine), character: 4 };
  await c.sendRequest('textDocument/hover', { textDocument: { uri }, position });
  await c.sendRequest('textDocument/completion', { textDocument: { uri }, position });
  await c.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: position, end: position },
    context: { diagnostics: changed.diagnostics },
  });
  const model = await c.sendRequest('hpa/previewModel', { uri, line: position.line });
  assert.ok(model, 'a preview model for the HPA');
  await session.close(uri);
  await session.stop();
  assert.deepEqual(attempts(log), [], session.stderr);
});

test('the CLI (lint, simulate json and html, conformance) makes no network attempt', () => {
  const log = newLog();
  const runs = [
    ['lint', [CLI_JS, 'examples/', '--format', 'json']],
    ['simulate json', [CLI_JS, 'simulate', 'examples/web-hpa.yaml', '--format', 'json']],
    ['simulate html', [CLI_JS, 'simulate', 'examples/web-hpa.yaml', '--format', 'html']],
    ['conformance', [CLI_JS, 'conformance', 'test/fixtures/conformance/upstream-open.json']],
  ] as const;
  for (const [name, args] of runs) {
    const run = underTrap([...args], log);
    assert.ok(run.status === 0 || run.status === 1, `${name}: exit ${run.status}: ${run.stderr}`);
    assert.ok(run.stdout.length > 0, `${name} printed something`);
  }
  assert.deepEqual(attempts(log), []);
});

test('the preview webview in Chromium requests nothing but its page and bundle', async () => {
  const origin = 'https://hpa-webview.test';
  const own = new Map([
    [`${origin}/dist/webview.js`, { file: 'webview.js', type: 'text/javascript' }],
    [`${origin}/dist/webview.css`, { file: 'webview.css', type: 'text/css' }],
  ]);
  const browser = await chromium.launch({
    executablePath: requireOnPath('chromium'),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const others: string[] = [];
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // Every request goes through here: the page and the bundle are served from memory, the rest recorded and refused.
    await page.route('**/*', async (route) => {
      const url = route.request().url();
      if (url === `${origin}/panel.html`) {
        const nonce = makeNonce();
        const html = pageHtml({
          csp: previewCsp(origin, nonce),
          nonce,
          scriptSrc: `${origin}/dist/webview.js`,
          styleHref: `${origin}/dist/webview.css`,
          lang: 'en',
        });
        await route.fulfill({ status: 200, contentType: 'text/html', body: html });
        return;
      }
      const file = own.get(url);
      if (file) {
        const body = await readFile(join(REPO_ROOT, 'dist', file.file));
        await route.fulfill({ status: 200, contentType: file.type, body });
        return;
      }
      others.push(url);
      await route.abort();
    });
    await page.addInitScript({
      content: `window.__posted = []; window.acquireVsCodeApi = () => ({
        postMessage: (m) => window.__posted.push(m), getState: () => undefined, setState: () => undefined });`,
    });
    await page.goto(`${origin}/panel.html`);
    await page.waitForFunction(() =>
      (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'ready'),
    );
    await page.evaluate(
      (model) => window.postMessage({ type: 'model', model, locale: 'en', locked: false }, '*'),
      WEB_MODEL,
    );
    await page.waitForFunction(() => Number(document.body.dataset.renders ?? '0') > 0);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
  assert.deepEqual(others, []);
});
