/**
 * "Suggest behavior…" in real Chromium, issue 26 items 4 to 6: the goals form lays out one goal per
 * row (label, input, "default N" side by side and in columns; the label above at a narrow width);
 * a goal out of reach is said with the bound that keeps it there and what would reach it, exactly as
 * the tuner in Node words it; and the first candidate says what put it first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { PROFILE_NAMES } from '../../common/preview/run';
import { type PanelSettings, sanitizeSettings } from '../../common/preview/settings';
import { suggestLoads } from '../../common/preview/suggestLoads';
import { explainCandidate, tune, unmetLines } from '../../common/tune';
import { openPanel, type PanelServer, usePanelBrowser } from './harness';
import { savedPanel, WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

const SETTINGS: PanelSettings = {
  metricLoads: { cpu: { profile: 'burst', peak: 2, noise: 0.05 } },
  durationSeconds: 3600,
  initialReplicas: null,
  syncPeriodSeconds: 15,
  podStartupSeconds: 60,
};

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Per goal row: the boxes of its label, input and default hint. */
async function goalBoxes(page: Page): Promise<{ label: Box; input: Box; hint: Box }[]> {
  return (await page.evaluate(`(() => {
    const box = (e) => { const b = e.getBoundingClientRect(); return { left: b.left, right: b.right, top: b.top, bottom: b.bottom }; };
    const form = document.querySelector('.suggest-goals');
    return Array.from(form.querySelectorAll('input')).map((input) => ({
      label: box(form.querySelector('label[for="' + input.id + '"]')),
      input: box(input),
      hint: box(input.nextElementSibling),
    }));
  })()`)) as { label: Box; input: Box; hint: Box }[];
}

test('the goals form: one goal per row with label, input and default apart, in columns; label above when narrow', async () => {
  const panel = await openPanel(browser, server.origin, savedPanel(WEB_MODEL, SETTINGS));
  const page = panel.page;
  await page.setViewportSize({ width: 700, height: 900 });
  await page.click('button.suggest-open');
  await page.waitForSelector('#suggest-maxRampSeconds');
  const wide = await goalBoxes(page);
  assert.equal(wide.length, 3);
  for (const [i, row] of wide.entries()) {
    assert.ok(row.label.right <= row.input.left, `row ${i}: the label ends before its input`);
    assert.ok(row.input.right <= row.hint.left, `row ${i}: the input ends before its hint`);
    const middle = (b: Box) => (b.top + b.bottom) / 2;
    assert.ok(Math.abs(middle(row.label) - middle(row.input)) < 6, `row ${i}: label and input on one line`);
    assert.ok(Math.abs(middle(row.hint) - middle(row.input)) < 6, `row ${i}: hint and input on one line`);
    if (i > 0) {
      const above = wide[i - 1]!;
      assert.ok(row.input.top >= above.input.bottom, `row ${i} is below row ${i - 1}`);
      assert.ok(Math.abs(row.input.left - above.input.left) < 1, 'the inputs line up in one column');
    }
  }
  await page.setViewportSize({ width: 320, height: 900 });
  await page.waitForFunction(() => document.body.clientWidth <= 320);
  const narrow = await goalBoxes(page);
  for (const [i, row] of narrow.entries()) {
    assert.ok(row.label.bottom <= row.input.top + 1, `row ${i}: the label sits above its input when narrow`);
    assert.ok(row.input.right <= row.hint.left || row.hint.top >= row.input.bottom, `row ${i}: hint apart`);
  }
  assert.deepEqual(panel.errors, []);
  await page.close();
});

test('a goal out of reach: the panel says which bound keeps it there and what would reach it, as the tuner does', async () => {
  const panel = await openPanel(browser, server.origin, savedPanel(WEB_MODEL, SETTINGS));
  const page = panel.page;
  await page.click('button.suggest-open');
  await page.waitForSelector('#suggest-maxRampSeconds');
  // As a user does: type the goal, then press Tab (the field takes it on change).
  await page.fill('#suggest-maxRampSeconds', '15');
  await page.press('#suggest-maxRampSeconds', 'Tab');
  await page.waitForFunction(
    () => (document.querySelector('#suggest-maxRampSeconds') as HTMLInputElement).value === '15',
  );
  await page.click('button.suggest-search');
  await page.waitForSelector('.suggest-candidate', { timeout: 120_000 });

  const loads = suggestLoads(WEB_MODEL, sanitizeSettings(SETTINGS, ['cpu'], PROFILE_NAMES), null);
  const expected = tune({ loads, goals: { maxRampSeconds: 15 } });
  assert.ok(expected.unreachable.includes('ramp'));
  const lines = unmetLines('en', expected);
  assert.ok(lines.length >= 3, JSON.stringify(lines));
  assert.deepEqual(await page.locator('.suggest-unmet').allTextContents(), lines);
  assert.ok(lines.some((l) => l.includes('Pod start-up delay')));
  assert.equal(
    await page.locator('.suggest-candidate[data-rank="0"] .suggest-reason').textContent(),
    explainCandidate('en', expected, 0),
  );
  assert.ok(expected.candidates[0]!.wonOn, 'the first candidate says what put it first');
  assert.deepEqual(panel.errors, []);
  await page.close();
});
