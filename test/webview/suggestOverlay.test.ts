/**
 * "Suggest behavior…" over several loads, in real Chromium: the chosen candidate's line follows the
 * load the panel shows. Each drawn line is compared with the candidate's block simulated in Node on
 * that load (the tuner's own input), through the chart's own frame; the candidate list marks the
 * shown load and its figures there are the tuner's. Switching loads from the list, from the form's
 * profile picker and choosing another candidate all redraw the line; inputs the search did not use
 * draw none. The task that receives the result and draws it is measured against one step of the
 * same search on the page (the peer, same run).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { simulate } from '../../common/engine/simulator';
import { stepPath } from '../../common/preview/chartPaths';
import { PROFILE_NAMES } from '../../common/preview/run';
import { type PanelSettings, sanitizeSettings } from '../../common/preview/settings';
import { suggestLoads } from '../../common/preview/suggestLoads';
import {
  formatNumber,
  formatRamp,
  formatShare,
  tune,
  type TuneLoad,
  type TuneResult,
} from '../../common/tune';
import { openPanel, type PanelServer, usePanelBrowser } from './harness';
import { savedPanel, WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

/**
 * Six hours of 15 s syncs on the burst profile: three loads (burst, night, normal), a quick search.
 * ±20 % noise makes the normal load cross the tolerance band, so its line is not flat.
 */
const SETTINGS: PanelSettings = {
  metricLoads: { cpu: { profile: 'burst', peak: 3, noise: 0.2 } },
  durationSeconds: 6 * 3600,
  initialReplicas: null,
  syncPeriodSeconds: 15,
  podStartupSeconds: 30,
};
const SAVED = savedPanel(WEB_MODEL, SETTINGS);

/** The suggested line as the page would draw it for `candidate` on `load`, in the page's own frame. */
async function expectedLine(page: Page, result: TuneResult, load: TuneLoad, candidate: number) {
  // Page code as source text: a function would be serialized with tsx's helpers, absent in the page.
  const frame = (await page.evaluate(`(() => {
    const svg = document.querySelector('svg.hpa-charts');
    const chart = svg.querySelector('g.hpa-chart-replicas');
    const n = (el, name) => Number(el.getAttribute(name));
    return {
      x0: n(svg, 'data-x0'),
      x1: n(svg, 'data-x1'),
      t0: n(svg, 'data-t0'),
      tMax: n(svg, 'data-t1'),
      y0: n(chart, 'data-y0'),
      y1: n(chart, 'data-y1'),
      vMax: n(chart, 'data-v-max'),
    };
  })()`)) as Parameters<typeof stepPath>[1];
  const run = simulate({
    ...load.input,
    spec: { ...load.input.spec, behavior: result.candidates[candidate]!.behavior },
  });
  const points = run.steps.map((s) => ({ t: s.t, v: s.desiredReplicas }));
  return stepPath(points, frame, points[points.length - 1]!.t + run.syncPeriodSeconds);
}

const drawnLine = (page: Page) =>
  page.evaluate(() => document.querySelector('svg path.hpa-c-suggested')?.getAttribute('d') ?? null);

/** Waits until the page shows the result of its inputs and the suggested line differs from `before`. */
async function waitForLineChange(page: Page, before: string | null): Promise<void> {
  await page.waitForFunction(
    (old) =>
      document.body.dataset.simulating !== 'true' &&
      (document.querySelector('svg path.hpa-c-suggested')?.getAttribute('d') ?? null) !== old,
    before,
  );
}

/** The rows marked as shown, per candidate, and their figures as the page wrote them. */
async function shownRows(page: Page) {
  return page.evaluate(`Array.from(document.querySelectorAll('.suggest-candidate')).map((item) =>
    Array.from(item.querySelectorAll('tr.shown')).map((row) => ({
      load: row.getAttribute('data-load'),
      current: row.getAttribute('aria-current'),
      figures: Object.fromEntries(
        Array.from(row.querySelectorAll('[data-figure]')).map((cell) => [
          cell.getAttribute('data-figure'),
          cell.textContent,
        ]),
      ),
    })),
  )`);
}

function figuresOn(result: TuneResult, loadName: string) {
  return result.candidates.map((c) => {
    const f = c.figures.find((x) => x.load === loadName)!;
    return {
      rampSeconds: formatRamp('en', f.rampSeconds),
      scaleEvents: String(f.scaleEvents),
      underprovisionedShare: formatShare('en', f.underprovisionedShare),
      podHours: formatNumber(f.podHours),
    };
  });
}

async function assertShown(page: Page, result: TuneResult, loadName: string): Promise<void> {
  assert.equal(
    await page.textContent('.suggest-shown'),
    `The charts show the load ${loadName}; its row is marked in each candidate.`,
  );
  const rows = await shownRows(page);
  const want = figuresOn(result, loadName);
  assert.deepEqual(
    rows,
    want.map((figures) => [{ load: loadName, current: 'true', figures }]),
  );
}

/** Long tasks (start, duration) from now on, and when the first candidate appeared. */
const WATCH = `(() => {
  const watch = { tasks: [], resultAt: 0 };
  window.__watch = watch;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) watch.tasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask' });
  new MutationObserver(() => {
    if (!watch.resultAt && document.querySelector('.suggest-candidate')) watch.resultAt = performance.now();
  }).observe(document.body, { subtree: true, childList: true });
})()`;

test('the suggested line follows the load the panel shows, and the list marks that load', async (t) => {
  const settings = sanitizeSettings(SETTINGS, ['cpu'], PROFILE_NAMES);
  const loads = suggestLoads(WEB_MODEL, settings, null);
  assert.deepEqual(
    loads.map((l) => l.name),
    ['burst', 'night', 'normal'],
  );
  const expected = tune({ loads });
  assert.ok(expected.candidates.length >= 2, 'two candidates to choose between');
  const byName = (name: string) => loads.find((l) => l.name === name)!;

  const panel = await openPanel(browser, server.origin, SAVED);
  const page = panel.page;
  await page.click('button.suggest-open');
  await page.evaluate(WATCH);
  await page.click('button.suggest-search');
  await page.waitForSelector('svg path.hpa-c-suggested', { timeout: 120_000 });
  // Everything after the first candidate appeared: the result and the line drawn.
  const watch = (await page.evaluate(
    `new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(window.__watch))))`,
  )) as { tasks: { start: number; duration: number }[]; resultAt: number };
  const resultTask = Math.max(
    0,
    ...watch.tasks
      .filter((task) => task.start + task.duration >= watch.resultAt)
      .map((task) => task.duration),
  );

  // The first candidate on the load shown (burst, the first the search used).
  await assertShown(page, expected, 'burst');
  assert.equal(await drawnLine(page), await expectedLine(page, expected, byName('burst'), 0));

  // Each switch below changes the line: the runs it switches between differ (checked in Node).
  const desired = (candidate: number, name: string) => {
    const load = byName(name);
    const behavior = expected.candidates[candidate]!.behavior;
    return simulate({ ...load.input, spec: { ...load.input.spec, behavior } }).steps.map(
      (s) => s.desiredReplicas,
    );
  };
  assert.notDeepEqual(desired(0, 'burst'), desired(0, 'normal'));
  assert.notDeepEqual(desired(0, 'normal'), desired(0, 'night'));
  assert.notDeepEqual(desired(0, 'night'), desired(0, 'burst'));
  assert.notDeepEqual(desired(0, 'burst'), desired(1, 'burst'));

  // Another load from the list: the panel shows normal, and the line is the candidate's on normal.
  let before = await drawnLine(page);
  await page.click('.suggest-candidate[data-rank="0"] tr[data-load="normal"] button.suggest-show-load');
  await waitForLineChange(page, before);
  assert.equal(await page.inputValue('fieldset.metric-load select'), 'normal');
  await assertShown(page, expected, 'normal');
  assert.equal(await drawnLine(page), await expectedLine(page, expected, byName('normal'), 0));

  // The form's own profile picker: night is a tuned load too.
  before = await drawnLine(page);
  await page.selectOption('fieldset.metric-load select', 'night');
  await waitForLineChange(page, before);
  await assertShown(page, expected, 'night');
  assert.equal(await drawnLine(page), await expectedLine(page, expected, byName('night'), 0));

  // Back to burst, then another candidate: its own run on that load.
  before = await drawnLine(page);
  await page.selectOption('fieldset.metric-load select', 'burst');
  await waitForLineChange(page, before);
  assert.equal(await drawnLine(page), await expectedLine(page, expected, byName('burst'), 0));
  before = await drawnLine(page);
  await page.check('#suggest-choice-1');
  await waitForLineChange(page, before);
  await assertShown(page, expected, 'burst');
  assert.equal(await drawnLine(page), await expectedLine(page, expected, byName('burst'), 1));

  // A peak the search did not use: no line, and the list says why.
  const renders = await panel.renders();
  await page.getByLabel('Peak (× target)').fill('4');
  await panel.waitForRender(renders);
  await page.waitForFunction(() => document.querySelector('svg path.hpa-c-suggested') === null);
  assert.equal(
    await page.textContent('.suggest-shown'),
    'The charts show a load or manifest the search did not use; search again to draw the suggestion on it.',
  );
  assert.equal(await page.locator('.suggest-candidate tr.shown').count(), 0);
  assert.deepEqual(panel.errors, []);
  assert.deepEqual((await panel.probe()).cspViolations, []);
  await page.close();

  // How long that task took is printed, not asserted: timings belong to bench/tune.bench.ts, which
  // compares it with one step of the search on the page in the same run.
  t.diagnostic(
    `longest main-thread task from the result on (list and line drawn): ${
      resultTask > 0 ? `${resultTask.toFixed(0)} ms` : 'none of 50 ms or more'
    }`,
  );
});
