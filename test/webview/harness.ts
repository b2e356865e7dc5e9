/**
 * Shared by the Chromium tests: builds dist/webview.js (same esbuild options as scripts/build.mjs),
 * serves the panel page from 127.0.0.1 with the panel's own CSP, and stands in for VS Code with a
 * stub `acquireVsCodeApi` that records what the webview posts.
 */
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { after, before } from 'node:test';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { makeNonce, pageHtml, previewCsp, WORKER_SCRIPT } from '../../client/src/preview/previewHtml';
import { requireOnPath } from '../support/tools';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DIST = path.join(ROOT, 'dist');

/**
 * Builds only the webview bundle and its simulation worker, exactly as scripts/build.mjs does, so
 * the tests run the real files.
 */
export async function buildWebview(): Promise<void> {
  const bundle = (entry: string, out: string) =>
    build({
      entryPoints: [path.join(ROOT, entry)],
      outfile: path.join(DIST, out),
      bundle: true,
      sourcemap: true,
      minify: false,
      logLevel: 'warning',
      legalComments: 'none',
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    });
  await Promise.all([
    bundle('webview/src/main.ts', 'webview.js'),
    bundle('webview/src/simulationWorker.ts', 'simulationWorker.js'),
  ]);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
}

export interface PanelServer {
  origin: string;
  close(): Promise<void>;
}

/**
 * The Chromium tests' usual setup, one place for it: before a file's tests the bundles are built,
 * the panel served and Chromium started, and `started` receives the browser and the server (after
 * any check of its own); after the tests both are stopped, whatever failed.
 */
export function usePanelBrowser(
  started: (parts: { browser: Browser; server: PanelServer }) => unknown,
): void {
  let browser: Browser | undefined;
  let server: PanelServer | undefined;
  before(async () => {
    await buildWebview();
    server = await startPanelServer();
    browser = await launchChromium();
    await started({ browser, server });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
}

/**
 * The browser language server's bundle (built with scripts/browserServerBuild.mjs's options into
 * out/<name>/) served as /serverBrowser.js with a Content-Security-Policy that forbids evaluating
 * code, as a worker started by VS Code's web worker extension host may not either; any other path
 * is an empty page to start the worker from.
 */
export async function startBrowserServerHost(name: string): Promise<PanelServer> {
  const { browserServerOptions } = (await import(path.join(ROOT, 'scripts', 'browserServerBuild.mjs'))) as {
    browserServerOptions: () => Parameters<typeof build>[0];
  };
  const outfile = path.join(ROOT, 'out', name, 'serverBrowser.js');
  await build({ ...browserServerOptions(), outfile, sourcemap: false });
  const script = await readFile(outfile);
  const server = createServer((request, response) => {
    if (request.url === '/serverBrowser.js') {
      // No 'unsafe-eval': new Function or eval in the worker would throw.
      response.writeHead(200, {
        'Content-Type': 'text/javascript',
        'Content-Security-Policy': "default-src 'none'",
      });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!DOCTYPE html><title>server</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the server has no port');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Serves /panel.html (fresh nonce per request) and the bundle files; everything else is 404. The
 * page names its simulation worker as the VS Code panel does; `?worker=<name>` names another file
 * of dist/ instead (a missing one for the failure tests) and `?worker=` none (the engine in the page).
 */
export async function startPanelServer(): Promise<PanelServer> {
  let origin = '';
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = req.url ?? '/';
      const query = new URL(url, 'http://127.0.0.1').searchParams;
      if (url === '/panel.html' || url.startsWith('/panel.html?')) {
        const nonce = makeNonce();
        const worker = query.get('worker') ?? WORKER_SCRIPT;
        const html = pageHtml({
          csp: previewCsp(origin, nonce),
          nonce,
          scriptSrc: `${origin}/dist/webview.js`,
          styleHref: `${origin}/dist/webview.css`,
          ...(worker ? { workerSrc: `${origin}/dist/${worker}` } : {}),
          lang: 'en',
        });
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(html);
        return;
      }
      if (url === '/favicon.ico') {
        res.writeHead(204).end();
        return;
      }
      // The bundles, and any other script a test wrote into dist/ to stand in for the worker.
      const file =
        { '/dist/webview.js': 'webview.js', '/dist/webview.css': 'webview.css' }[url] ??
        /^\/dist\/([\w-]+\.js)$/.exec(url)?.[1];
      if (!file) {
        res.writeHead(404).end();
        return;
      }
      const body = await readFile(path.join(DIST, file)).catch(() => null);
      if (!body) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : 'text/css' });
      res.end(body);
    })().catch(() => res.writeHead(500).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  origin = `http://127.0.0.1:${address.port}`;
  return { origin, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** What the stub host and the page's listeners collected. */
export interface PageProbe {
  posted: { type: string; [key: string]: unknown }[];
  state: unknown;
  cspViolations: string[];
}

declare global {
  interface Window {
    __probe: PageProbe;
    __pwned?: unknown;
  }
}

/**
 * Stub of VS Code's webview API, installed before any page script. `initialState` plays the role of
 * the state VS Code restores after a reload. Kept as source text: a function would be serialized
 * with tsx's helpers, which do not exist in the page.
 */
function stubSource(initialState: unknown): string {
  return `(() => {
  const probe = { posted: [], state: ${JSON.stringify(initialState ?? null)} ?? undefined, cspViolations: [] };
  window.__probe = probe;
  document.addEventListener('securitypolicyviolation', (e) => {
    probe.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
  });
  let acquired = false;
  window.acquireVsCodeApi = () => {
    if (acquired) throw new Error('acquireVsCodeApi called twice');
    acquired = true;
    return {
      postMessage: (m) => void probe.posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => probe.state,
      setState: (s) => { probe.state = JSON.parse(JSON.stringify(s)); },
    };
  };
})();`;
}

export interface OpenPanel {
  page: Page;
  errors: string[];
  /** Posts a message to the webview as the extension host would. */
  send(message: unknown): Promise<void>;
  renders(): Promise<number>;
  /** Waits until the page has rendered more than `count` times and shows the result of its inputs. */
  waitForRender(count: number): Promise<number>;
  probe(): Promise<PageProbe>;
}

export async function openPanel(
  browser: Browser,
  origin: string,
  initialState: unknown = undefined,
  /** Query of the page: `worker=<file of dist/>` or `worker=` (see startPanelServer). */
  query = '',
): Promise<OpenPanel> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.addInitScript({ content: stubSource(initialState) });
  await page.goto(`${origin}/panel.html${query ? `?${query}` : ''}`);
  // The webview says `ready` once it listens: the host's cue to send the model.
  await page.waitForFunction(() => window.__probe.posted.some((m) => m.type === 'ready'));
  // A restored state is simulated at once: the page is open when it shows that result.
  await page.waitForFunction(() => document.body.dataset.simulating !== 'true');
  const renders = () => page.evaluate(() => Number(document.body.dataset.renders ?? '0'));
  return {
    page,
    errors,
    send: (message) => page.evaluate((m) => window.postMessage(m, '*'), message),
    renders,
    waitForRender: async (count) => {
      // A render while the worker still simulates shows the previous result: wait for the current one.
      await page.waitForFunction(
        (n) =>
          Number(document.body.dataset.renders ?? '0') > n && document.body.dataset.simulating !== 'true',
        count,
      );
      return renders();
    },
    probe: () => page.evaluate(() => window.__probe),
  };
}
