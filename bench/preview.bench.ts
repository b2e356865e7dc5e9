/**
 * Preview speed, each figure against a peer measured in the same run:
 *  - simulate + render 24 h (5,760 syncs) for the three variants: the work behind one panel update,
 *    against JSON.stringify of the same results (the floor of merely touching that much data);
 *  - the repaint after an edit that does not change the inputs (chart tree, its SVG text, the
 *    summary and one log page from cached results), aimed at one frame (16 ms), against joining the
 *    same points into a path string with no scaling, decimation or escaping;
 *  - handing a 24 h run from the worker to the page: the longest single message the page reads
 *    (the head with its transferred series, or one part of the steps, webview/src/runTransfer.ts)
 *    against one structured clone of the whole run, as it was sent before.
 * Medians of several runs; `node --import tsx bench/preview.bench.ts` prints the rows.
 */
import { buildChartSvg } from '../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview, type PreviewRun } from '../common/preview/run';
import { describeDecision } from '../common/preview/reasons';
import { sanitizeSettings } from '../common/preview/settings';
import { summarize } from '../common/preview/summary';
import { serializeSvgNode } from '../common/preview/svgNode';
import type { PreviewModel } from '../common/protocol';
import { splitRun } from '../webview/src/runTransfer';
import { buildWebview, launchChromium, openPanel, startPanelServer } from '../test/webview/harness';
import { median } from './stats';
import { onPath } from '../test/support/tools';

export interface BenchRow {
  name: string;
  ms: number;
  peerMs: number;
  ratio: number;
  peer?: string;
}

const MODEL: PreviewModel = {
  uri: 'file:///bench.yaml',
  documentIndex: 0,
  name: 'bench',
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'bench' },
    minReplicas: 2,
    maxReplicas: 40,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
      },
      {
        type: 'External',
        external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } },
      },
    ],
    behavior: {
      scaleDown: {
        stabilizationWindowSeconds: 300,
        policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }],
      },
    },
  },
  podRequests: { cpu: 250 },
  containerRequests: {},
  target: null,
  notes: [],
};

const DAY = 86_400;

function settings(peak: number) {
  const names = previewMetricNames(MODEL.spec);
  const load = { profile: 'daily', peak, noise: 0.05 };
  return sanitizeSettings(
    { durationSeconds: DAY, metricLoads: Object.fromEntries(names.map((n) => [n, load])) },
    names,
    PROFILE_NAMES,
  );
}

/** What the panel does after the inputs are known: chart tree + SVG text, summaries, one log page. */
function repaint(run: PreviewRun): number {
  const chart = buildChartSvg({
    runs: run.runs,
    metricNames: run.metricNames,
    locale: 'en',
    minReplicas: run.minReplicas,
    maxReplicas: run.maxReplicas,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
  });
  let size = serializeSvgNode(chart).length;
  for (const v of run.runs) size += summarize(v.result, run.tolerance.up).scaleEvents;
  for (const step of run.runs[0]!.result.steps.slice(0, 40))
    size += describeDecision(step, 'en', { min: 2, max: 40 }).length;
  return size;
}

/** The peer of the repaint: every replica point of every variant joined into a path, nothing else. */
function trivialPaths(run: PreviewRun): number {
  let size = 0;
  for (const v of run.runs) size += v.result.steps.map((s) => `L${s.t} ${s.desiredReplicas}`).join('').length;
  return size;
}

function time(fn: () => unknown, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function row(name: string, ms: number, peerMs: number, peer: string): BenchRow {
  return { name, ms, peerMs, ratio: peerMs > 0 ? ms / peerMs : Infinity, peer };
}

/**
 * What the page reads per message: structuredClone is the same serializer postMessage uses. The
 * head's typed arrays are transferred (moved, not copied), as the worker does.
 */
function longestMessage(run: PreviewRun): number {
  const { head, parts, transfer } = splitRun(structuredClone(run));
  let start = performance.now();
  structuredClone(head, { transfer });
  let longest = performance.now() - start;
  for (const part of parts) {
    start = performance.now();
    structuredClone(part);
    longest = Math.max(longest, performance.now() - start);
  }
  return longest;
}

/** Medians over the edits of one panel page: repaint, its peer, edit, and the longest main-thread task per edit. */
interface PanelSamples {
  repaint: number;
  serialize: number;
  edit: number;
  longestTask: number;
}

/**
 * One panel page in Chromium (the built bundles), `query` as in test/webview/harness.ts: '' for the
 * panel as in VS Code (the engine in its Web Worker), 'worker=' for the engine on the main thread.
 * Per iteration: a repaint without re-simulation (one sync forward in step mode: the charts and the
 * log rebuilt in the DOM), the peer (3 x 5,760 replica points joined into one path string set on a
 * path element), and an edit of the peak field (three 24 h simulations, then the repaint, 60 ms
 * typing debounce included) timed to the render that shows its result, with the longest main-thread
 * task (PerformanceObserver 'longtask', 0 when none reached 50 ms) while it was under way.
 */
async function panelSamples(
  browser: Awaited<ReturnType<typeof launchChromium>>,
  origin: string,
  query: string,
  runs: number,
  model: PreviewModel,
  peaks: [number, number],
): Promise<PanelSamples> {
  const panel = await openPanel(browser, origin, undefined, query);
  try {
    let n = await panel.renders();
    await panel.send({ type: 'model', model, locale: 'en', locked: false });
    n = await panel.waitForRender(n);
    await panel.page.getByLabel('Length (minutes)').fill('1440');
    await panel.waitForRender(n);
    // Page code as source text: a function would be serialized with tsx's helpers, absent in the page.
    await panel.page.getByLabel('Step mode: one sync at a time').check();
    return (await panel.page.evaluate(`(async () => {
      const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
      let tasks = [];
      new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); })
        .observe({ type: 'longtask' });
      const settled = () => new Promise((resolve) => {
        const start = performance.now();
        const onRender = () => {
          if (document.body.dataset.simulating === 'true') return;
          window.removeEventListener('hpa-rendered', onRender);
          resolve(performance.now() - start);
        };
        window.addEventListener('hpa-rendered', onRender);
      });
      // Long-task entries arrive after their task: one frame and one task later they are in.
      const flushed = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      const repaint = [], serialize = [], edit = [], longest = [];
      for (let i = 0; i < ${runs}; i++) {
        const forward = document.querySelector('button.step-forward');
        // Settle the layout left over from the previous iteration so it is not counted here.
        void document.querySelector('.charts').getBoundingClientRect().height;
        let t0 = performance.now();
        forward.click();
        // Style and layout too: reading a size forces them now instead of at the next frame.
        void document.querySelector('.charts').getBoundingClientRect().height;
        repaint.push(performance.now() - t0);
        t0 = performance.now();
        const parts = [];
        for (let k = 0; k < 3 * 5760; k++) parts.push('L' + k + ' ' + (k % 40));
        document.createElementNS('http://www.w3.org/2000/svg', 'path').setAttribute('d', 'M0 0' + parts.join(''));
        serialize.push(performance.now() - t0);
        const peak = document.querySelector('fieldset.metric-load input[type="number"]');
        document.getElementById('hpa-step-mode').click();
        await flushed();
        tasks = [];
        const done = settled();
        peak.value = String(i % 2 === 0 ? ${peaks[0]} : ${peaks[1]});
        peak.dispatchEvent(new Event('input'));
        edit.push(await done);
        await flushed();
        longest.push(Math.max(0, ...tasks));
        document.getElementById('hpa-step-mode').click();
      }
      return { repaint: median(repaint), serialize: median(serialize), edit: median(edit), longestTask: median(longest) };
    })()`)) as PanelSamples;
  } finally {
    await panel.page.close();
  }
}

/**
 * The panel in Chromium as in VS Code (long runs in the worker), against the same page with the
 * engine on the main thread. Skipped where there is no chromium on PATH.
 */
async function chromiumRows(runs: number): Promise<BenchRow[]> {
  if (onPath('chromium') === undefined) return [];
  await buildWebview();
  const server = await startPanelServer();
  const browser = await launchChromium();
  try {
    // maxReplicas 40 over 24 h stays on the page (webview/src/simulationRunner.ts, PAGE_RUN_LIMIT).
    const shipped = await panelSamples(browser, server.origin, '', runs, MODEL, [5, 6]);
    // Up to 1000 replicas: 20 starting Pods (the target's replicas) and a burst to 49-50x, in the worker.
    const big: PreviewModel = {
      ...MODEL,
      spec: { ...MODEL.spec, maxReplicas: 1000 },
      target: { uri: MODEL.uri, kind: 'Deployment', name: 'bench', replicas: 20 },
    };
    const bigWorker = await panelSamples(browser, server.origin, '', runs, big, [49, 50]);
    const bigPage = await panelSamples(browser, server.origin, 'worker=', runs, big, [49, 50]);
    const peer = 'a path from 3 x 5,760 points, string join';
    const mainThread = 'the same edit with the engine on the main thread';
    return [
      row(
        'panel (Chromium): step repaint, 24 h, no re-simulation (aim: 16 ms)',
        shipped.repaint,
        shipped.serialize,
        peer,
      ),
      row('panel (Chromium): edit -> 3 simulations + repaint, 24 h', shipped.edit, shipped.serialize, peer),
      row(
        'panel (Chromium): maxReplicas 1000: step repaint (aim: 16 ms)',
        bigWorker.repaint,
        bigWorker.serialize,
        peer,
      ),
      row('panel (Chromium): maxReplicas 1000: edit, worker', bigWorker.edit, bigPage.edit, mainThread),
      row(
        'panel (Chromium): maxReplicas 1000: edit, longest main-thread task (aim: 50 ms)',
        bigWorker.longestTask,
        bigPage.longestTask,
        mainThread,
      ),
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}

export async function benchPreview(): Promise<BenchRow[]> {
  const runs = 11;
  let run = runPreview(MODEL, settings(6), null);
  if (run.error || run.runs[0]!.result.steps.length !== DAY / 15)
    throw new Error(`bench setup: ${run.error ?? 'wrong step count'}`);
  // Warm-up so the JIT state is the same for every measurement.
  for (let i = 0; i < 2; i++) repaint(runPreview(MODEL, settings(6), null));

  let peak = 6;
  const update = time(() => {
    // An edit: a new peak, so a fresh simulation of all three variants, then the repaint.
    peak = peak === 6 ? 5 : 6;
    run = runPreview(MODEL, settings(peak), null);
    repaint(run);
  }, runs);
  const stringify = time(() => JSON.stringify(run.runs.map((v) => v.result)), runs);
  const paint = time(() => repaint(run), runs);
  const join = time(() => trivialPaths(run), runs);
  // The longest piece is timed inside longestMessage, without the split (the worker does that).
  const wholeClone = time(() => structuredClone(run), runs);
  const longestPart = median(Array.from({ length: runs }, () => longestMessage(run)));
  return [
    row(
      'preview: simulate 3 variants + render, 24 h (5,760 syncs)',
      update,
      stringify,
      'JSON.stringify of the results',
    ),
    row('preview: repaint from cached results (aim: 16 ms)', paint, join, 'joining the points into one path'),
    row(
      'preview: worker -> page, longest message to read, 24 h',
      longestPart,
      wholeClone,
      'one structured clone of the whole run',
    ),
    ...(await chromiumRows(runs)),
  ];
}

if (require.main === module) {
  void benchPreview().then((rows) => {
    for (const r of rows) {
      process.stdout.write(
        `${r.name.padEnd(60)} ${r.ms.toFixed(2).padStart(9)} ms   peer ${r.peerMs.toFixed(2).padStart(8)} ms   ratio ${r.ratio.toFixed(2)}\n`,
      );
    }
  });
}
