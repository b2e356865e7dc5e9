/**
 * The preview's bundle entry (dist/webview.js). In VS Code the page has `acquireVsCodeApi`; in the
 * standalone HTML report it does not, and the embedded JSON stands in for the extension host.
 */
import './styles.css';
import { PreviewApp } from './app';
import { createStandaloneHost, createVsCodeHost } from './host';
import { PageRunner, SplitRunner, WorkerRunner, type SimulationRunner } from './simulationRunner';
import { PageSuggestRunner, WorkerSuggestRunner, type SuggestRunner } from './suggestRunner';

/**
 * The page names its worker script in `data-worker` (the VS Code panel does, previewHtml.ts); the
 * standalone report names none and simulates, and searches for a behavior, in the page. With a
 * worker, the simulations and the search share its script (fetched once) but not a worker.
 */
function runnersFor(root: HTMLElement): { simulation: SimulationRunner; suggest: SuggestRunner } {
  const script = root.dataset.worker;
  if (!script || typeof Worker !== 'function')
    return { simulation: new PageRunner(), suggest: new PageSuggestRunner() };
  const worker = new WorkerRunner(script);
  return { simulation: new SplitRunner(worker), suggest: new WorkerSuggestRunner(worker) };
}

function start(): void {
  const root = document.getElementById('hpa-preview');
  if (!root) return;
  const host =
    typeof window.acquireVsCodeApi === 'function'
      ? createVsCodeHost(window.acquireVsCodeApi())
      : createStandaloneHost();
  const runners = runnersFor(root);
  new PreviewApp(root, host, runners.simulation, runners.suggest);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
