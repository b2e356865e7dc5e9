/**
 * Issue 26 items 2 and 3 in real Chromium: a load far above the load axis (40× against an axis that
 * stops at 20×) is marked as clipped with its real peak, in the panel and in the exported SVG; and
 * dragging across the charts to zoom (or double-clicking to zoom out) selects no text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { buildChartSvg } from '../../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview } from '../../common/preview/run';
import { type PanelSettings, sanitizeSettings } from '../../common/preview/settings';
import { t } from '../../common/preview/strings';
import { openPanel, type OpenPanel, type PanelServer, usePanelBrowser } from './harness';
import { savedPanel, WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

const OFF_SCALE: PanelSettings = {
  metricLoads: { cpu: { profile: 'burst', peak: 40, noise: 0 } },
  durationSeconds: 3600,
  initialReplicas: null,
  syncPeriodSeconds: 15,
  podStartupSeconds: 30,
};

async function openOn(settings: PanelSettings): Promise<OpenPanel> {
  const panel = await openPanel(browser, server.origin, savedPanel(WEB_MODEL, settings));
  await panel.page.setViewportSize({ width: 900, height: 1000 });
  await panel.page.waitForSelector('svg path.hpa-replicas');
  return panel;
}

/** The load's peak in "× what the starting replicas handle at target", as the panel computes it. */
function loadPeakTimes(settings: PanelSettings): number {
  const run = runPreview(
    WEB_MODEL,
    sanitizeSettings(settings, previewMetricNames(WEB_MODEL.spec), PROFILE_NAMES),
    null,
  );
  const unit = run.loadUnits.cpu!;
  const peak = Math.max(...run.runs[0]!.result.steps.map((s) => s.load.cpu ?? 0));
  return Math.round((peak / unit) * 100) / 100;
}

test('a load above the load axis is marked as clipped with its peak, in the panel and in the exported SVG', async () => {
  const panel = await openOn(OFF_SCALE);
  const page = panel.page;
  const peak = loadPeakTimes(OFF_SCALE);
  assert.ok(peak > 20, `the load peaks above the 20× axis (${peak}×)`);
  const vMax = Number(await page.getAttribute('g.hpa-chart-load', 'data-v-max'));
  assert.ok(vMax < peak * 100, `the axis (${vMax} %) stops below the peak`);

  const notes = await page.locator('g.hpa-chart-load .hpa-clip-note').allTextContents();
  const expected = t('en', 'clippedLoadPeak', { metric: 'cpu', value: peak });
  assert.ok(notes.includes(expected), `"${expected}" among ${JSON.stringify(notes)}`);
  // The note sits inside the plot, near its top edge, where the line leaves it.
  const box = await page.evaluate(() => {
    const note = Array.from(document.querySelectorAll('g.hpa-chart-load .hpa-clip-note')).find((n) =>
      n.textContent?.includes('load'),
    ) as SVGGraphicsElement;
    const chart = note.closest('g.hpa-chart')!;
    const b = note.getBBox();
    return { top: b.y, bottom: b.y + b.height, y0: Number(chart.getAttribute('data-y0')) };
  });
  assert.ok(box.top >= box.y0 && box.bottom <= box.y0 + 40, JSON.stringify(box));

  // The exported file carries the same note.
  const before = (await panel.probe()).posted.length;
  await page.click('button.export-svg');
  await page.waitForFunction(
    (n) => window.__probe.posted.slice(n).some((m) => m.type === 'exportSvg'),
    before,
  );
  const svg = String((await panel.probe()).posted.slice(before).find((m) => m.type === 'exportSvg')?.text);
  assert.ok(svg.includes(`class="hpa-tick hpa-clip-note"`), 'the exported SVG has a clip note');
  assert.ok(svg.includes(expected), `the exported SVG says "${expected}"`);
  assert.deepEqual(panel.errors, []);
  await page.close();
});

test('a load within the axis gets no clip note', () => {
  const settings = { ...OFF_SCALE, metricLoads: { cpu: { profile: 'burst', peak: 2, noise: 0 } } };
  const run = runPreview(WEB_MODEL, sanitizeSettings(settings, ['cpu'], PROFILE_NAMES), null);
  const chart = buildChartSvg({
    runs: run.runs,
    metricNames: ['cpu'],
    locale: 'en',
    minReplicas: 2,
    maxReplicas: 20,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
    loadUnits: run.loadUnits,
  });
  const texts: string[] = [];
  const walk = (node: typeof chart) => {
    if (String(node.attrs.class ?? '').includes('hpa-clip-note') && node.text) texts.push(node.text);
    for (const child of node.children ?? []) walk(child);
  };
  walk(chart);
  assert.deepEqual(
    texts.filter((text) => text.includes('load')),
    [],
  );
});

test('dragging across the charts zooms without selecting text, and a double-click selects none either', async () => {
  const panel = await openOn({ ...OFF_SCALE, metricLoads: { cpu: { profile: 'burst', peak: 2, noise: 0 } } });
  const page = panel.page;
  const geometry = await page.evaluate(() => {
    const svg = document.querySelector('.charts svg')!;
    const box = svg.getBoundingClientRect();
    const chart = svg.querySelector('g.hpa-chart-load')!;
    return {
      left: box.left + Number(svg.getAttribute('data-x0')),
      right: box.left + Number(svg.getAttribute('data-x1')),
      // From the chart's title (above the plot) down into the replica chart's legend: every kind of
      // text the report named lies on the way.
      top: box.top + 4,
      bottom: box.top + box.height - 4,
      plotY: box.top + Number(chart.getAttribute('data-y0')) + 60,
    };
  });
  await page.mouse.move(geometry.left + 20, geometry.top);
  await page.mouse.down();
  await page.mouse.move(geometry.left + 120, geometry.plotY, { steps: 5 });
  await page.mouse.move(geometry.right - 20, geometry.bottom, { steps: 5 });
  await page.mouse.up();
  assert.equal(await page.evaluate(() => window.getSelection()?.toString() ?? ''), '');

  await page.mouse.move(geometry.left + 40, geometry.plotY);
  await page.mouse.down();
  await page.mouse.move(geometry.left + 200, geometry.plotY, { steps: 5 });
  await page.mouse.up();
  await page.waitForFunction(
    () => Number(document.querySelector('.charts svg')?.getAttribute('data-t0')) > 0,
  );
  assert.equal(
    await page.evaluate(() => window.getSelection()?.toString() ?? ''),
    '',
    'the zoom selected nothing',
  );

  const title = await page.evaluate(() => {
    const b = document.querySelector('.charts .hpa-chart-title')!.getBoundingClientRect();
    return { x: b.left + 10, y: b.top + b.height / 2 };
  });
  await page.mouse.dblclick(title.x, title.y);
  assert.equal(
    await page.evaluate(() => window.getSelection()?.toString() ?? ''),
    '',
    'a double-click selected nothing',
  );
  assert.deepEqual(panel.errors, []);
  await page.close();
});
