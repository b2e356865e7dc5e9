/**
 * The panel's HTML: set once per panel (later updates are messages). Scripts only by nonce, styles
 * only from the extension's dist folder (or by nonce), images from there or data: URLs, nothing else.
 * The simulation worker's script is fetched from the dist folder too and started from a blob: URL
 * (webview/src/simulationRunner.ts says why): `connect-src` admits that folder, `worker-src` only
 * blob:, which nothing but the page's own nonce'd script can create.
 */
import type * as vscode from 'vscode';
import { escapeHtml } from '../../../common/escapeHtml';

/** The simulation worker's bundle, beside dist/webview.js (scripts/build.mjs). */
export const WORKER_SCRIPT = 'simulationWorker.js';

/** 18 random bytes in base64: Web Crypto and btoa, which the Node and the web worker hosts both have. */
export function makeNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes));
}

/** The Content-Security-Policy of the panel; the Chromium tests serve their page with this same string. */
export function previewCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource} data:`,
    `connect-src ${cspSource}`,
    'worker-src blob:',
  ].join('; ');
}

/**
 * `scriptUri`/`styleUri`: dist/webview.js and dist/webview.css, already converted with asWebviewUri;
 * the worker script is their neighbour dist/simulationWorker.js.
 */
export function previewHtml(
  webview: vscode.Webview,
  scriptUri: vscode.Uri,
  styleUri: vscode.Uri,
  lang: string,
): string {
  const nonce = makeNonce();
  return pageHtml({
    csp: previewCsp(webview.cspSource, nonce),
    nonce,
    scriptSrc: scriptUri.toString(),
    styleHref: styleUri.toString(),
    workerSrc: scriptUri.with({ path: scriptUri.path.replace(/[^/]*$/, WORKER_SCRIPT) }).toString(),
    lang,
  });
}

/** The page around the bundle; shared shape with the test harness. */
export function pageHtml(o: {
  csp: string;
  nonce: string;
  scriptSrc: string;
  styleHref: string;
  /** The simulation worker's script; without it the page simulates on its main thread. */
  workerSrc?: string;
  lang: string;
}): string {
  return `<!DOCTYPE html>
<html lang="${escapeHtml(o.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(o.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeHtml(o.styleHref)}">
<title>HPA</title>
</head>
<body>
<main id="hpa-preview"${o.workerSrc === undefined ? '' : ` data-worker="${escapeHtml(o.workerSrc)}"`}></main>
<script nonce="${escapeHtml(o.nonce)}" src="${escapeHtml(o.scriptSrc)}"></script>
</body>
</html>`;
}
