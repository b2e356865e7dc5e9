/**
 * The preview's bundle entry (dist/webview.js). In VS Code the page has `acquireVsCodeApi`; in the
 * standalone HTML report it does not, and the embedded JSON stands in for the extension host.
 */
import './styles.css';
import { PreviewApp } from './app';
import { createStandaloneHost, createVsCodeHost } from './host';

function start(): void {
  const root = document.getElementById('hpa-preview');
  if (!root) return;
  const host =
    typeof window.acquireVsCodeApi === 'function'
      ? createVsCodeHost(window.acquireVsCodeApi())
      : createStandaloneHost();
  new PreviewApp(root, host);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
