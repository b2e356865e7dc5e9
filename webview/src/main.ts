/**
 * The preview's bundle entry (dist/webview.js). In VS Code the page has `acquireVsCodeApi`; in the
 * standalone HTML report it does not, and the embedded JSON stands in for the extension host.
 */
import './styles.css';
import { PreviewApp } from './app';
import { createStandaloneHost, createVsCodeHost } from './host';
import { PageRunner, SplitRunner, WorkerRunner, type SimulationRunner } from './simulationRunner';

/**
 * The page names its worker script in `data-worker` (the VS Code panel does, previewHtml.ts); the
 * standalone report names none and simulates in the page.
 */
function runnerFor(root: HTMLElement): SimulationRunner {
  const script = root.dataset.worker;
  return script && typeof Worker === 'function'
    ? new SplitRunner(new WorkerRunner(script))
    : new PageRunner();
}

function start(): void {
  const root = document.getElementById('hpa-preview');
  if (!root) return;
  const host =
    typeof window.acquireVsCodeApi === 'function'
      ? createVsCodeHost(window.acquireVsCodeApi())
      : createStandaloneHost();
  new PreviewApp(root, host, runnerFor(root));
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
