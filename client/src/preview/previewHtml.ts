/**
 * The panel's HTML: set once per panel (later updates are messages). Scripts only by nonce, styles
 * only from the extension's dist folder (or by nonce), images from there or data: URLs, nothing else.
 */
import { randomBytes } from 'node:crypto';
import type * as vscode from 'vscode';

export function makeNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The Content-Security-Policy of the panel; the Chromium tests serve their page with this same string. */
export function previewCsp(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource} data:`,
  ].join('; ');
}

/** `scriptUri`/`styleUri`: dist/webview.js and dist/webview.css, already converted with asWebviewUri. */
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
    lang,
  });
}

const ATTR_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
function attr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ATTR_ESCAPES[c] ?? c);
}

/** The page around the bundle; shared shape with the test harness. */
export function pageHtml(o: {
  csp: string;
  nonce: string;
  scriptSrc: string;
  styleHref: string;
  lang: string;
}): string {
  return `<!DOCTYPE html>
<html lang="${attr(o.lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(o.csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(o.styleHref)}">
<title>HPA</title>
</head>
<body>
<main id="hpa-preview"></main>
<script nonce="${attr(o.nonce)}" src="${attr(o.scriptSrc)}"></script>
</body>
</html>`;
}
