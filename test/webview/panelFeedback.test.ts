/**
 * Issue 17 items 2, 6 and 9 in real Chromium: the panel tells the truth about a broken manifest
 * (a warning banner with the linter's errors, a metric without a target named as the cause), the
 * decision log reads well in a side panel (scale events by default, the reason in view, one
 * heading, % said of what, the step row followed and outlined, arrow keys from anywhere), and
 * input and exports give feedback (an out-of-range field says what runs, fields a CSV replaces look
 * disabled, the exported SVG names its HPA and settings, the exported CSV sums in a spreadsheet).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { splitCsv } from '../../common/preview/csv';
import { PROFILE_NAMES, previewMetricNames, runPreview } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { summarize } from '../../common/preview/summary';
import type { PreviewModel } from '../../common/protocol';
import { openPanel, type OpenPanel, type PanelServer, usePanelBrowser } from './harness';
import { PAYLOAD_IMG, TINY_CSV, TINY_MODEL, WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

async function assertClean(panel: OpenPanel): Promise<void> {
  const probe = await panel.probe();
  assert.deepEqual(probe.cspViolations, []);
  assert.deepEqual(panel.errors, []);
  await panel.page.close();
}

/** A panel of `width` × `height` px showing `model`. */
async function showing(
  model: PreviewModel,
  size = { width: 900, height: 900 },
): Promise<{ panel: OpenPanel; n: number }> {
  const panel = await openPanel(browser, server.origin);
  await panel.page.setViewportSize(size);
  const n = await panel.renders();
  await panel.send({ type: 'model', model, locale: 'en', locked: false });
  return { panel, n: await panel.waitForRender(n) };
}

async function exported(panel: OpenPanel, button: string, type: string): Promise<string> {
  const before = (await panel.probe()).posted.length;
  await panel.page.click(button);
  await panel.page.waitForFunction(
    ([n, t]) => window.__probe.posted.slice(n as number).some((m) => m.type === t),
    [before, type] as const,
  );
  return String((await panel.probe()).posted.slice(before).find((m) => m.type === type)?.text);
}

// Item 2 ----------------------------------------------------------------------------------------

test('the errors of the HPA show as a warning banner above the charts, each with its line, as text', async () => {
  const model: PreviewModel = {
    ...WEB_MODEL,
    problems: [
      { line: 10, message: 'maxReplicas must be at least 1', rule: 'api' },
      { line: 13, message: `YAML syntax error (${PAYLOAD_IMG})`, rule: 'yaml-syntax' },
    ],
  };
  const { panel } = await showing(model);
  const page = panel.page;
  assert.equal(await page.isVisible('.problems'), true);
  assert.equal(
    await page.textContent('.problems-heading'),
    'This HPA has errors: the preview simulates what could be read, which may not be what you meant.',
  );
  assert.deepEqual(await page.locator('.problems li').allTextContents(), [
    'Line 10: maxReplicas must be at least 1',
    `Line 13: YAML syntax error (${PAYLOAD_IMG})`,
  ]);
  assert.equal(await page.locator('#hpa-preview img').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  // Above the charts, so it is read before them.
  const banner = await page.locator('.problems').boundingBox();
  const charts = await page.locator('.charts').boundingBox();
  assert.ok(banner && charts && banner.y + banner.height <= charts.y, 'the banner is above the charts');
  // The page tells the host what it lists (the real-VS-Code test reads this).
  const reported = (await panel.probe()).posted.filter((m) => m.type === 'problemsShown');
  assert.deepEqual(reported.at(-1), { type: 'problemsShown', lines: [10, 13] });
  await assertClean(panel);
});

test('an HPA without errors has no banner', async () => {
  const { panel } = await showing(WEB_MODEL);
  assert.equal(await panel.page.isVisible('.problems'), false);
  assert.equal(await panel.page.locator('.problems li').count(), 0);
  await assertClean(panel);
});

test('a metric whose target is misspelt is named as the cause, not "no ready Pod reports yet"', async () => {
  const misspelt = {
    type: 'Resource',
    resource: { name: 'cpu', target: { type: 'Utilization', averageUtilisation: 60 } },
  } as unknown as NonNullable<PreviewModel['spec']['metrics']>[number];
  const model: PreviewModel = { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, metrics: [misspelt] } };
  const { panel, n } = await showing(model);
  const page = panel.page;
  await page.selectOption('#hpa-log-filter', 'all');
  await panel.waitForRender(n);
  // A ready Pod is there...
  assert.equal(await page.textContent('.log-table tbody tr:first-child td:nth-child(2)'), '2 (2)');
  // ...and the reason is the target.
  assert.equal(
    await page.getAttribute('.log-table tbody tr:first-child td.reason', 'data-reason'),
    'noMetrics',
  );
  assert.equal(
    await page.textContent('.log-table tbody tr:first-child td.reason'),
    'No metric has a usable target (cpu): the HPA cannot compute a replica count; replicas stay at 2.',
  );
  await assertClean(panel);
});

// Item 6 ----------------------------------------------------------------------------------------

test('the log lists scale events by default, says "Decision log" once and what its % is of', async () => {
  const { panel, n } = await showing(WEB_MODEL);
  const page = panel.page;
  const run = runPreview(
    WEB_MODEL,
    sanitizeSettings({}, previewMetricNames(WEB_MODEL.spec), PROFILE_NAMES),
    null,
  );
  const events = summarize(run.runs[0]!.result, run.tolerance.up).scaleEvents;
  assert.ok(events > 0 && events < 40, `a few scale events: ${events}`);
  assert.equal(await page.inputValue('#hpa-log-filter'), 'events');
  const rows = page.locator('.log-table tbody tr');
  assert.equal(await rows.count(), events);
  const changed = await rows.evaluateAll((trs) =>
    trs.map((tr) => {
      const replicas = Number(tr.children[1]!.textContent!.split(' ')[0]);
      return Number(tr.querySelector('td.desired')!.textContent) !== replicas;
    }),
  );
  assert.ok(changed.every(Boolean), 'every listed row changes the replicas');
  assert.equal(await page.textContent('.log-range'), `Scale events 1–${events} of ${events} (240 syncs)`);
  // Every sync on demand.
  await page.selectOption('#hpa-log-filter', 'all');
  await panel.waitForRender(n);
  assert.equal(await rows.count(), 40);
  assert.equal(await page.textContent('.log-range'), 'Syncs 1–40 of 240');
  // One heading names the log; the table is labelled by it.
  const named = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('h1, h2, h3, caption, legend')).filter(
        (el) => el.textContent === 'Decision log',
      ).length,
  );
  assert.equal(named, 1);
  assert.equal(await page.getAttribute('.log-table', 'aria-labelledby'), 'hpa-log-heading');
  // The log's % is of the request, said so next to the target.
  assert.match(
    (await page.textContent('.log-table tbody tr:first-child td.metrics')) ?? '',
    /^cpu \d+ % of request \(target 60 %\)$/,
  );
  await assertClean(panel);
});

test('in a 480 px side panel the reason is in view and the numbers stay on one line', async () => {
  const { panel, n } = await showing(WEB_MODEL, { width: 480, height: 900 });
  const page = panel.page;
  await page.selectOption('#hpa-log-filter', 'all');
  await panel.waitForRender(n);
  const reason = await page.locator('.log-table tbody tr:first-child td.reason').boundingBox();
  assert.ok(reason, 'a reason cell');
  assert.ok(reason.x + reason.width <= 480, `the reason ends at ${reason.x + reason.width} px, inside 480`);
  // Lines of text in each number cell: one.
  const lines = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll('.log-table tbody tr:first-child td:not(.reason):not(.metrics)'),
    ).map((td) => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    }),
  );
  assert.deepEqual(
    lines,
    lines.map(() => 1),
  );
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true);
  await assertClean(panel);
});

test('step mode: arrows step from anywhere, the hint is visible, the current row is in view and outlined', async () => {
  const { panel } = await showing(WEB_MODEL, { width: 480, height: 600 });
  const page = panel.page;
  let n = await panel.renders();
  await page.selectOption('#hpa-log-filter', 'all');
  n = await panel.waitForRender(n);
  await page.click('#hpa-step-mode');
  n = await panel.waitForRender(n);
  assert.equal(
    await page.textContent('.step-keys'),
    'Left and Right arrows: one sync back or forward. On the charts also Page Up and Page Down: ten; Home and End: first and last.',
  );
  assert.equal(await page.isVisible('.step-keys'), true);
  // The focus is on the step-mode checkbox, not on the charts: the arrow still steps.
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'hpa-step-mode');
  await page.keyboard.press('ArrowRight');
  n = await panel.waitForRender(n);
  assert.equal(await page.textContent('.step-position'), 'Sync 2 of 240, t = 0:15');
  // To the last sync (on the charts): its row, at the end of a long page, is scrolled into view.
  await page.focus('.charts');
  await page.keyboard.press('End');
  await panel.waitForRender(n);
  const row = page.locator('.log-table tr[aria-current="step"]');
  assert.equal(await row.getAttribute('data-index'), '239');
  const inView = await row.evaluate((tr) => {
    const box = tr.getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  assert.equal(inView, true, 'the current row is in the viewport');
  const style = await row.evaluate((tr) => {
    const s = getComputedStyle(tr);
    return { style: s.outlineStyle, width: s.outlineWidth };
  });
  assert.deepEqual(style, { style: 'solid', width: '3px' });
  // The charts show the step's cursor.
  assert.equal(await page.locator('.charts line.hpa-cursor').count(), 1);
  // In a field the arrows edit the field, not the step.
  const position = await page.textContent('.step-position');
  await page.getByLabel('Sync period (s)').focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('.step-position'), position);
  await assertClean(panel);
});

// Item 9 ----------------------------------------------------------------------------------------

test('an out-of-range peak says so next to the field, with the value the preview keeps', async () => {
  const { panel, n } = await showing(WEB_MODEL);
  const page = panel.page;
  const peak = page.getByLabel('Peak (× target)');
  const csvBefore = await exported(panel, 'button.export-csv', 'exportCsv');
  await peak.fill('500');
  await page.waitForSelector('.field-error:not([hidden])');
  assert.equal(
    await page.textContent('.field-error:not([hidden])'),
    'Enter a number from 0 to 50; the preview uses 2.',
  );
  assert.equal(await peak.getAttribute('aria-invalid'), 'true');
  // Nothing re-simulated: the run is the one the message names.
  assert.equal(await exported(panel, 'button.export-csv', 'exportCsv'), csvBefore);
  await peak.fill('3');
  await panel.waitForRender(n);
  assert.equal(await page.locator('.field-error:not([hidden])').count(), 0);
  assert.equal(await peak.getAttribute('aria-invalid'), null);
  await assertClean(panel);
});

test('while a CSV drives the load, peak and noise are disabled and look it', async () => {
  const { panel, n } = await showing(TINY_MODEL);
  const page = panel.page;
  const enabled = await page.getByLabel('Peak (× target)').evaluate((el) => getComputedStyle(el).opacity);
  assert.equal(enabled, '1');
  await panel.send({ type: 'csvLoad', name: 'tiny.csv', text: TINY_CSV });
  await panel.waitForRender(n);
  for (const label of ['Peak (× target)', 'Noise (± %)']) {
    const input = page.getByLabel(label);
    assert.equal(await input.isDisabled(), true, label);
    assert.equal(await input.evaluate((el) => getComputedStyle(el).opacity), '0.5', label);
    const labelOpacity = await page
      .locator('label', { hasText: label })
      .evaluate((el) => getComputedStyle(el).opacity);
    assert.equal(labelOpacity, '0.5', label);
  }
  await assertClean(panel);
});

test('the exported SVG names the HPA and its settings; the exported CSV holds summable numbers', async () => {
  const { panel } = await showing(WEB_MODEL);
  const svg = await exported(panel, 'button.export-svg', 'exportSvg');
  assert.ok(svg.includes('<title>HorizontalPodAutoscaler shop/web</title>'), svg.slice(0, 400));
  const desc = /<desc>([^<]*)<\/desc>/.exec(svg)?.[1];
  assert.equal(
    desc,
    'Settings: cpu: burst, Peak (× target) 2, Noise (± %) 5; Length (minutes) 60; Sync period (s) 15; Pod start-up delay (s) 30',
  );
  const csv = await exported(panel, 'button.export-csv', 'exportCsv');
  const rows = splitCsv(csv);
  const column = rows[0]!.indexOf('load:cpu (cores)');
  assert.ok(column > 0, rows[0]!.join(','));
  const values = rows.slice(1).map((r) => r[column]!);
  assert.equal(values.length, 240);
  for (const v of values) assert.match(v, /^\d+(\.\d+)?$/);
  assert.ok(values.reduce((sum, v) => sum + Number(v), 0) > 0);
  await assertClean(panel);
});
