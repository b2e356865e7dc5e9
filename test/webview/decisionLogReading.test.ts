/**
 * The decision log and the variant labels in real Chromium, issue 26 items 7 and 8: in step mode the
 * header counts only scale events and says when the current row is an ordinary sync; the Load column
 * writes CPU in millicores on every row, for a profile and for a CSV alike; the bare formula's label
 * says it ignores Pods that are not Ready yet.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { PROFILE_NAMES, runPreview } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { t } from '../../common/preview/strings';
import { openPanel, type PanelServer, usePanelBrowser } from './harness';
import { WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

const isEvent = (s: { desiredReplicas: number; replicas: number }) => s.desiredReplicas !== s.replicas;

test('step mode: the log header counts scale events only, and names an ordinary current sync as such', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  const page = panel.page;
  const steps = runPreview(WEB_MODEL, sanitizeSettings({}, ['cpu'], PROFILE_NAMES), null).runs[0]!.result
    .steps;
  const firstEvent = steps.findIndex(isEvent);
  assert.ok(firstEvent > 1, 'the run starts with ordinary syncs');
  assert.equal(isEvent(steps[0]!), false);

  await page.getByLabel(t('en', 'stepMode')).check();
  n = await panel.waitForRender(n);
  // Sync 1 is no scale event: the header does not call it one.
  assert.equal(
    await page.textContent('.log-range'),
    t('en', 'logStepEventsAndCurrent', { events: 0, n: 1, syncs: steps.length }),
  );
  assert.equal(await page.locator('.log-table tbody tr').count(), 1);
  // Step to the first scale event: now the current row is one of them.
  await page.focus('.charts');
  for (let i = 0; i < firstEvent; i++) {
    await page.keyboard.press('ArrowRight');
    n = await panel.waitForRender(n);
  }
  assert.equal(
    await page.textContent('.log-range'),
    t('en', 'logStepEvents', { events: 1, n: firstEvent + 1, syncs: steps.length }),
  );
  assert.equal(
    await page.getAttribute('.log-table tr[aria-current="step"]', 'data-index'),
    String(firstEvent),
  );
  // One more: an ordinary sync after one event.
  if (!isEvent(steps[firstEvent + 1]!)) {
    await page.keyboard.press('ArrowRight');
    await panel.waitForRender(n);
    assert.equal(
      await page.textContent('.log-range'),
      t('en', 'logStepEventsAndCurrent', { events: 1, n: firstEvent + 2, syncs: steps.length }),
    );
  }
  assert.deepEqual(panel.errors, []);
  await page.close();
});

/** The Load cells of every sync, as the log shows them. */
async function loadCells(page: import('playwright-core').Page): Promise<string[]> {
  return page.locator('.log-table tbody tr td:nth-child(6)').allTextContents();
}

test('the Load column writes CPU in millicores on every row, for a profile and for a CSV', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  const page = panel.page;
  await page.selectOption('#hpa-log-filter', 'all');
  n = await panel.waitForRender(n);
  const profile = await loadCells(page);
  assert.ok(profile.length > 10);
  for (const cell of profile) assert.match(cell, /^cpu \d+(\.\d)?m$/);

  // A CSV with loads below and above one core: the same notation on both sides of 1.
  await panel.send({ type: 'csvLoad', name: 'two.csv', text: 't,cpu\n0,0.605\n60,1.066\n120,2\n' });
  await panel.waitForRender(n);
  const csv = await loadCells(page);
  assert.equal(csv[0], 'cpu 605m');
  assert.ok(csv.includes('cpu 1066m'), csv.slice(0, 12).join(' | '));
  assert.ok(csv.includes('cpu 2000m'), csv.slice(0, 12).join(' | '));
  for (const cell of csv) assert.match(cell, /^cpu \d+(\.\d)?m$/);
  assert.deepEqual(panel.errors, []);
  await page.close();
});

test('the bare formula is labelled as ignoring Pods that are not Ready yet, in every language', async () => {
  assert.match(t('en', 'variantFormulaBare'), /Pods not Ready yet/);
  assert.match(t('ja', 'variantFormulaBare'), /Readyでない/);
  assert.match(t('zh-tw', 'variantFormulaBare'), /尚未 Ready/);
  const panel = await openPanel(browser, server.origin);
  const n = await panel.renders();
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  await panel.waitForRender(n);
  const legends = await panel.page.locator('.charts .hpa-legend').allTextContents();
  assert.ok(legends.includes(t('en', 'variantFormulaBare')), legends.join(' | '));
  await panel.page.close();
});
