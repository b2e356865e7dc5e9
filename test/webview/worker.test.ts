/**
 * The preview's engine in its Web Worker, in real Chromium with the panel's own CSP: the page keeps
 * answering while a 24 h run with maxReplicas 1000 is in flight (against the same run on the page's
 * main thread, in the same browser), a result for inputs changed meanwhile is never shown, and a
 * worker that fails leaves a message in a filled panel, not a blank one.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { makeProfileLoad } from '../../common/engine/loadProfiles';
import { runPreview, PROFILE_NAMES, previewMetricNames } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { summarize } from '../../common/preview/summary';
import type { LoadSeries } from '../../common/engine/simulationTypes';
import type { HostToWebview, PreviewModel } from '../../common/protocol';
import {
  buildWebview,
  DIST,
  launchChromium,
  openPanel,
  startPanelServer,
  type OpenPanel,
  type PanelServer,
} from './harness';
import { WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;
/** A worker script that throws as it starts, written into dist/ for one test. */
const BROKEN_WORKER = 'broken-simulation-worker.js';

before(async () => {
  await buildWebview();
  await writeFile(path.join(DIST, BROKEN_WORKER), "throw new Error('broken on purpose');\n");
  server = await startPanelServer();
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
  await rm(path.join(DIST, BROKEN_WORKER), { force: true });
});

const DAY = 86_400;
/** The web example allowed up to 1000 replicas: 20 Pods at 60 % of 250m, a daily load peaking at 60×. */
const BIG_MODEL: PreviewModel = { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, maxReplicas: 1000 } };

function dayLoads(peak: number, durationSeconds: number): LoadSeries[] {
  return [makeProfileLoad('daily', { metric: 'cpu', targetTotal: 20 * 250 * 0.6, peak, durationSeconds })];
}

function dayLoad(peak: number, durationSeconds = DAY): HostToWebview {
  return {
    type: 'fixedLoads',
    name: `daily ${peak}x`,
    loads: dayLoads(peak, durationSeconds),
    settings: { durationSeconds, initialReplicas: 20, syncPeriodSeconds: 15, podStartupSeconds: 30 },
  };
}

/** What Node computes for `dayLoad(peak, durationSeconds)` on BIG_MODEL. */
function expectedRun(peak: number, durationSeconds: number) {
  return runPreview(
    BIG_MODEL,
    sanitizeSettings(
      {
        durationSeconds,
        initialReplicas: 20,
        podStartupSeconds: 30,
        metricLoads: { cpu: { profile: 'csv' } },
      },
      previewMetricNames(BIG_MODEL.spec),
      PROFILE_NAMES,
    ),
    { name: `daily ${peak}x`, loads: dayLoads(peak, durationSeconds) },
  );
}

/** Page code as source text: a function would be serialized with tsx's helpers, absent in the page. */
const WATCH_MAIN_THREAD = `(() => {
  const perf = { tasks: [], framesWhileSimulating: 0, longestFrameGap: 0 };
  window.__perf = perf;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) perf.tasks.push(e.duration);
  }).observe({ type: 'longtask' });
  let last = 0;
  const tick = (now) => {
    if (document.body.dataset.simulating === 'true') {
      perf.framesWhileSimulating += 1;
      if (last) perf.longestFrameGap = Math.max(perf.longestFrameGap, now - last);
      last = now;
    } else last = 0;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

interface MainThread {
  tasks: number[];
  framesWhileSimulating: number;
  longestFrameGap: number;
}

async function mainThread(panel: OpenPanel): Promise<MainThread> {
  // Long-task entries are delivered after their task: let one more frame and task pass first.
  return (await panel.page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(window.__perf))))`,
  )) as MainThread;
}

/** Opens a panel on BIG_MODEL with a 1 h run done, ready to watch the main thread. */
async function bigPanel(query = ''): Promise<{ panel: OpenPanel; n: number }> {
  const panel = await openPanel(browser, server.origin, undefined, query);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: BIG_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  await panel.page.evaluate(WATCH_MAIN_THREAD);
  return { panel, n };
}

test('a 24 h run with maxReplicas 1000 runs in the worker while the page keeps answering', async (t) => {
  const { panel, n } = await bigPanel();
  const page = panel.page;
  assert.equal(await page.getAttribute('#hpa-preview', 'data-engine'), 'worker');
  await panel.send(dayLoad(60));
  // In flight: the page has painted the previous run, says it is simulating, and takes input.
  assert.equal(await page.evaluate(() => document.body.dataset.simulating), 'true');
  assert.equal(await page.textContent('.status'), 'Simulating…');
  assert.equal(await page.getAttribute('.charts', 'aria-busy'), 'true');
  await page.click('button.lock');
  await panel.send({ type: 'lockChanged', locked: true });
  // The message is handled on the page's next turn: wait for its redraw (not for the run).
  await page.waitForFunction(() => document.querySelector('.badge')?.textContent === 'Locked', null, {
    timeout: 10_000,
  });
  const during = await page.evaluate(() => ({
    simulating: document.body.dataset.simulating,
    posted: window.__probe.posted.map((m) => m.type),
    badge: document.querySelector('.badge')?.textContent,
  }));
  assert.equal(during.simulating, 'true', 'the click and the message were handled before the run ended');
  assert.ok(during.posted.includes('toggleLock'));
  assert.equal(during.badge, 'Locked');

  await panel.waitForRender(n);
  const workerThread = await mainThread(panel);
  const simulationMs = Number(await page.evaluate(() => document.body.dataset.simulationMs));
  assert.equal(await page.evaluate(() => document.body.dataset.simulatedIn), 'worker');
  // The run the page shows is the 24 h one, up to 1000 replicas as Node computes it.
  const expected = expectedRun(60, DAY);
  const peak = Math.max(...expected.runs[0]!.result.steps.map((s) => s.desiredReplicas));
  assert.equal(peak, 1000);
  assert.match((await page.textContent('.log-range')) ?? '', new RegExp(`\\(${DAY / 15} syncs\\)$`));
  assert.equal(await page.textContent('tr[data-variant="this"] td:nth-of-type(4)'), String(peak));
  assert.ok(
    workerThread.framesWhileSimulating >= 2,
    `frames painted while simulating: ${workerThread.framesWhileSimulating}`,
  );
  assert.deepEqual(panel.errors, []);
  assert.deepEqual((await panel.probe()).cspViolations, []);
  await page.close();

  // The peer: the same run with the engine on the page's main thread (no worker named).
  const peer = await bigPanel('worker=');
  assert.equal(await peer.panel.page.getAttribute('#hpa-preview', 'data-engine'), 'page');
  await peer.panel.send(dayLoad(60));
  await peer.panel.waitForRender(peer.n);
  const pageThread = await mainThread(peer.panel);
  assert.equal(await peer.panel.page.evaluate(() => document.body.dataset.simulatedIn), 'page');
  const pageSimulationMs = Number(await peer.panel.page.evaluate(() => document.body.dataset.simulationMs));
  await peer.panel.page.close();

  const longest = (m: MainThread) => Math.max(0, ...m.tasks);
  t.diagnostic(
    `worker: simulation ${simulationMs.toFixed(0)} ms off the main thread, longest main-thread task ` +
      `${longest(workerThread).toFixed(0)} ms, ${workerThread.framesWhileSimulating} frames painted while ` +
      `simulating (longest gap ${workerThread.longestFrameGap.toFixed(0)} ms); page: simulation ` +
      `${pageSimulationMs.toFixed(0)} ms, longest main-thread task ${longest(pageThread).toFixed(0)} ms`,
  );
  // On the main thread the whole run is one task; with the worker only receiving and drawing it is.
  assert.ok(longest(pageThread) >= pageSimulationMs, 'the peer did block the page for its whole run');
  assert.ok(
    longest(workerThread) < longest(pageThread),
    `longest task with the worker ${longest(workerThread)} ms, without ${longest(pageThread)} ms`,
  );
});

test('a result for inputs changed while it was computed is never shown', async () => {
  const { panel, n } = await bigPanel();
  const page = panel.page;
  // Every render that shows a finished run records the length of that run.
  await page.evaluate(`(() => {
    window.__shown = [];
    window.addEventListener('hpa-rendered', () => {
      if (document.body.dataset.simulating !== 'true')
        window.__shown.push(document.querySelector('.log-range')?.textContent ?? '');
    });
  })()`);
  await panel.send(dayLoad(60));
  assert.equal(await page.evaluate(() => document.body.dataset.simulating), 'true');
  // Changed mid-run: two hours at another peak.
  await panel.send(dayLoad(3, 7200));
  await panel.waitForRender(n);
  const shown = (await page.evaluate('window.__shown')) as string[];
  // The log counts the syncs of the run it shows (it lists scale events): only the 2 h run was shown.
  assert.equal(shown.length, 1, shown.join(' | '));
  assert.match(shown[0]!, new RegExp(`\\(${7200 / 15} syncs\\)$`));
  const expected = expectedRun(3, 7200);
  assert.equal(
    await page.textContent('tr[data-variant="this"] td:nth-of-type(4)'),
    String(summarize(expected.runs[0]!.result, expected.tolerance.up).peakReplicas),
  );
  assert.deepEqual(panel.errors, []);
  await page.close();
});

for (const [what, worker, detail] of [
  ['cannot be loaded', 'missing-worker.js', '(404 '],
  ['throws as it starts', BROKEN_WORKER, 'the simulation worker stopped: Uncaught Error: broken on purpose'],
] as const) {
  test(`a worker that ${what} shows a message in a filled panel, and the next change tries again`, async () => {
    const panel = await openPanel(browser, server.origin, undefined, `worker=${worker}`);
    let n = await panel.renders();
    // 1 h at up to 1000 replicas: long enough to go to the worker (PAGE_RUN_LIMIT).
    await panel.send({ type: 'model', model: BIG_MODEL, locale: 'ja', locked: false });
    n = await panel.waitForRender(n);
    const page = panel.page;
    const status = (await page.textContent('.status')) ?? '';
    assert.ok(status.startsWith('シミュレーションに失敗しました: '), status);
    assert.ok(status.includes(detail), status);
    assert.equal(await page.getAttribute('.status', 'class'), 'status error');
    // Not blank: the header, the form (to change what failed) and the toolbar are there.
    assert.equal(await page.textContent('header .hpa-name'), 'HorizontalPodAutoscaler shop/web');
    assert.equal(await page.locator('fieldset.metric-load').count(), 1);
    assert.equal(await page.locator('button.export-csv').count(), 1);
    assert.equal(await page.locator('svg path.hpa-replicas').count(), 0);
    // A changed setting asks the worker again (and hears the same failure, not silence).
    await page.getByLabel('同期間隔(秒)').fill('10');
    await panel.waitForRender(n);
    assert.ok(((await page.textContent('.status')) ?? '').includes(detail));
    assert.deepEqual((await panel.probe()).cspViolations, []);
    await page.close();
  });
}
