/**
 * The preview webview in real Chromium, served with the panel's own CSP and a stub VS Code host.
 * Needs chromium on PATH. Builds dist/webview.js first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { runPreview, PROFILE_NAMES, previewMetricNames } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { summarize } from '../../common/preview/summary';
import { splitCsv } from '../../common/preview/csv';
import { buildChartSvg } from '../../common/preview/chart';
import type { SvgNode } from '../../common/preview/svgNode';
import { openPanel, type OpenPanel, type PanelServer, usePanelBrowser } from './harness';
import {
  HOSTILE_MODEL,
  PAYLOAD_IMG,
  PAYLOAD_SCRIPT,
  PAYLOAD_SVG,
  TINY_CSV,
  TINY_DESIRED,
  TINY_MODEL,
  TINY_REASONS,
  WEB_MODEL,
} from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

async function assertClean(panel: OpenPanel): Promise<void> {
  const probe = await panel.probe();
  assert.deepEqual(probe.cspViolations, []);
  assert.deepEqual(panel.errors, []);
  await panel.page.close();
}

/** Clicks an export button and returns the text the webview posted to the host. */
async function exported(panel: OpenPanel, button: string, type: string): Promise<string> {
  const before = (await panel.probe()).posted.length;
  await panel.page.click(button);
  await panel.page.waitForFunction(
    ([n, t]) => window.__probe.posted.slice(n as number).some((m) => m.type === t),
    [before, type] as const,
  );
  const posted = (await panel.probe()).posted.slice(before).find((m) => m.type === type);
  return String(posted?.text);
}

function findNode(node: SvgNode, cls: string): SvgNode | undefined {
  if (node.attrs.class === cls) return node;
  for (const child of node.children ?? []) {
    const found = findNode(child, cls);
    if (found) return found;
  }
  return undefined;
}

function csvColumn(csv: string, name: string): string[] {
  const rows = splitCsv(csv);
  const index = rows[0]!.indexOf(name);
  assert.ok(index >= 0, `column ${name}`);
  return rows.slice(1).map((r) => r[index]!);
}

test('the replica steps match simulate() in Node for the web example under the default burst', async () => {
  const panel = await openPanel(browser, server.origin);
  const n = await panel.renders();
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  await panel.waitForRender(n);

  const names = previewMetricNames(WEB_MODEL.spec);
  const expected = runPreview(WEB_MODEL, sanitizeSettings({}, names, PROFILE_NAMES), null);
  assert.equal(expected.error, undefined);
  assert.deepEqual(
    expected.runs.map((r) => r.key),
    ['this', 'defaults', 'formula'],
  );
  const csv = await exported(panel, 'button.export-csv', 'exportCsv');
  for (const run of expected.runs) {
    assert.deepEqual(
      csvColumn(csv, `${run.key}:desired`),
      run.result.steps.map((s) => String(s.desiredReplicas)),
      run.key,
    );
  }
  // 1 h at 15 s: 240 syncs; the burst pushes this HPA above its minimum.
  const steps = expected.runs[0]!.result.steps;
  assert.equal(steps.length, 240);
  const peak = summarize(expected.runs[0]!.result, expected.tolerance.up).peakReplicas;
  assert.ok(peak > 2);
  const summaryPeak = await panel.page.textContent('tr[data-variant="this"] td:nth-of-type(4)');
  assert.equal(summaryPeak, String(peak));
  // One replica line per variant plus the ready line of this HPA.
  assert.equal(await panel.page.locator('svg path.hpa-replicas').count(), 3);
  assert.equal(await panel.page.locator('svg path.hpa-c-ready').count(), 1);
  await assertClean(panel);
});

test('a tiny hand-checked case: legacy limit 4, then 5, then the tolerance band holds', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: TINY_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  await panel.send({ type: 'csvLoad', name: 'tiny.csv', text: TINY_CSV });
  n = await panel.waitForRender(n);
  assert.equal(await panel.page.textContent('.status'), 'Loaded tiny.csv: 1 points for rps.');
  // Pods ready at once: set the start-up delay field to 0 like a user would.
  const startup = panel.page.getByLabel('Pod start-up delay (s)');
  await startup.fill('0');
  n = await panel.waitForRender(n);
  // The log lists scale events only by default: show every sync.
  await panel.page.selectOption('#hpa-log-filter', 'all');
  await panel.waitForRender(n);
  const desired = await panel.page.locator('.log-table td.desired').allTextContents();
  assert.deepEqual(desired, TINY_DESIRED.map(String));
  const reasons = await panel.page
    .locator('.log-table td.reason')
    .evaluateAll((cells) => cells.map((c) => c.getAttribute('data-reason')));
  assert.deepEqual(reasons, TINY_REASONS);
  // No behavior in the manifest: the legend and summary say the legacy path ran.
  assert.equal(
    await panel.page.textContent('tr[data-variant="this"] th'),
    'This HPA (no behavior: legacy path)',
  );
  assert.equal(
    await panel.page.textContent('.log-table tbody tr:first-child td.reason'),
    'No behavior, so one sync may at most reach max(2 × 1, 4): 4 instead of 5.',
  );
  assert.equal(
    await panel.page.textContent('.log-table tbody tr:nth-child(3) td.reason'),
    'Every metric is within the tolerance band: no change from 5.',
  );
  await assertClean(panel);
});

test('manifest strings with HTML and script payloads render as text and never run', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: HOSTILE_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  await panel.send({
    type: 'csvLoad',
    name: PAYLOAD_IMG,
    text: `t,${PAYLOAD_SVG.replace(/"/g, '""').replace(/^/, '"')}"\n0,3\n`,
  });
  await panel.waitForRender(n);
  const page = panel.page;
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  // No element the payloads describe exists: only the chart's own svg, no img/script/nested svg.
  assert.equal(await page.locator('#hpa-preview img').count(), 0);
  assert.equal(await page.locator('#hpa-preview script').count(), 0);
  assert.equal(await page.locator('#hpa-preview svg svg').count(), 0);
  assert.equal(await page.locator('#hpa-preview [onerror], #hpa-preview [onload]').count(), 0);
  // ...and the strings are visible as typed.
  const header = await page.textContent('header');
  assert.ok(header?.includes(`HorizontalPodAutoscaler ${PAYLOAD_SCRIPT}/${PAYLOAD_IMG}`), header ?? '');
  assert.ok(header?.includes(`Scale target: ${PAYLOAD_SVG} ${PAYLOAD_SCRIPT}`), header ?? '');
  assert.equal(await page.textContent('.notes li'), PAYLOAD_IMG);
  assert.equal(await page.textContent('fieldset.metric-load legend'), `Load for ${PAYLOAD_SVG}`);
  const legend = await page.locator('svg text.hpa-legend').allTextContents();
  assert.ok(legend.includes(`${PAYLOAD_SVG} (% of target)`), legend.join(' | '));
  assert.equal(await page.textContent('.status'), `Loaded ${PAYLOAD_IMG}: 1 points for ${PAYLOAD_SVG}.`);
  const svg = await exported(panel, 'button.export-svg', 'exportSvg');
  assert.ok(!svg.includes('<svg onload'), 'exported SVG carries the payload escaped');
  assert.ok(svg.includes('&quot;&gt;&lt;svg onload=&quot;window.__pwned=3&quot;&gt; (% of target)'));
  await assertClean(panel);
});

test('messages with wrong shapes are ignored; the next valid one is applied', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  const header = await panel.page.textContent('header');
  const bad: unknown[] = [
    null,
    42,
    'model',
    { type: 'model', model: { ...WEB_MODEL, spec: null }, locale: 'en', locked: false },
    { type: 'model', model: { ...WEB_MODEL, name: 7 }, locale: 'en', locked: false },
    { type: 'noModel', locale: 'en' },
    { type: 'csvLoad', name: 'x.csv', text: 5 },
    { type: 'lockChanged', locked: 'true' },
    { type: 'fixedLoads', name: 'x', loads: 'all' },
    { type: 'evil', html: PAYLOAD_IMG },
  ];
  for (const message of bad) await panel.send(message);
  // A valid sentinel after the bad ones: exactly one more render, and it is the sentinel's.
  await panel.send({ type: 'lockChanged', locked: true });
  const after = await panel.waitForRender(n);
  assert.equal(after, n + 1);
  assert.equal(await panel.page.textContent('header'), `${header}Locked`);
  assert.equal(await panel.page.getAttribute('button.lock', 'aria-pressed'), 'true');
  await assertClean(panel);
});

test('step mode advances one sync at a time from the keyboard and the log follows', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: TINY_MODEL, locale: 'ja', locked: false });
  n = await panel.waitForRender(n);
  const page = panel.page;
  await page.selectOption('#hpa-log-filter', 'all');
  n = await panel.waitForRender(n);
  await page.getByLabel('ステップ実行: 1回の同期ずつ進める').focus();
  await page.keyboard.press('Space');
  n = await panel.waitForRender(n);
  await page.focus('.charts');
  await page.keyboard.press('ArrowRight');
  n = await panel.waitForRender(n);
  await page.keyboard.press('ArrowRight');
  n = await panel.waitForRender(n);
  assert.equal(await page.textContent('.step-position'), '同期3 / 240、t = 0:30');
  assert.equal(await page.getAttribute('.log-table tr[aria-current="step"]', 'data-index'), '2');
  // Stepping swaps only the line groups: one cursor, and the lines Node draws for sync 3.
  assert.equal(await page.locator('.charts line.hpa-cursor').count(), 1);
  assert.equal(await page.locator('.log-table tr.current').count(), 1);
  // The log, like the charts, stops at the current sync.
  assert.equal(await page.locator('.log-table tbody tr:not([hidden])').count(), 3);
  const run = runPreview(TINY_MODEL, sanitizeSettings({}, ['rps'], PROFILE_NAMES), null);
  const tree = buildChartSvg({
    runs: run.runs,
    metricNames: run.metricNames,
    locale: 'ja',
    minReplicas: run.minReplicas,
    maxReplicas: run.maxReplicas,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
    cursorIndex: 2,
    // The panel lays the chart out at its own width, with the load on its own axis.
    width: Number(await page.getAttribute('.charts svg', 'width')),
    loadUnits: run.loadUnits,
    initialReplicas: run.initialReplicas,
  });
  const expectedD = findNode(tree, 'hpa-c-this hpa-line hpa-replicas')?.attrs.d;
  assert.ok(expectedD);
  assert.equal(await page.getAttribute('.charts path.hpa-c-this.hpa-replicas', 'd'), expectedD);
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'charts');
  await page.keyboard.press('ArrowLeft');
  n = await panel.waitForRender(n);
  assert.equal(await page.textContent('.step-position'), '同期2 / 240、t = 0:15');
  // The step buttons are rebuilt on every render; the keyboard focus stays on the one pressed.
  await page.focus('button.step-forward');
  await page.keyboard.press('Enter');
  await panel.waitForRender(n);
  assert.equal(await page.textContent('.step-position'), '同期3 / 240、t = 0:30');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'step-forward');
  // Every form control has an accessible name.
  const unnamed = await page.evaluate(
    () =>
      Array.from(document.querySelectorAll('input, select, button')).filter((el) => {
        const id = el.getAttribute('id');
        const labelled = id !== null && document.querySelector(`label[for="${id}"]`) !== null;
        return !labelled && (el.textContent ?? '').trim() === '' && !el.getAttribute('aria-label');
      }).length,
  );
  assert.equal(unnamed, 0);
  await assertClean(panel);
});

test('the panel restores its model and settings from the saved state before the host answers', async () => {
  const first = await openPanel(browser, server.origin);
  let n = await first.renders();
  await first.send({ type: 'model', model: TINY_MODEL, locale: 'zh-tw', locked: true });
  n = await first.waitForRender(n);
  await first.page.getByLabel('同步週期（秒）').fill('30');
  n = await first.waitForRender(n);
  await first.page.selectOption('#hpa-log-filter', 'all');
  await first.waitForRender(n);
  const saved = (await first.probe()).state;
  await assertClean(first);

  const second = await openPanel(browser, server.origin, saved);
  assert.equal(await second.page.textContent('h1'), 'HPA 擴縮預覽');
  assert.equal(
    await second.page.inputValue('#' + (await second.page.getByLabel('同步週期（秒）').getAttribute('id'))),
    '30',
  );
  assert.equal(await second.page.textContent('.badge'), '已鎖定');
  assert.equal(await second.page.inputValue('#hpa-log-filter'), 'all');
  assert.equal(await second.page.locator('.log-table tbody tr').count(), 40);
  await assertClean(second);
});

test('while the server starts the panel says so, keeps a restored model, and fills in on the answer', async () => {
  const reason = 'The HPA language server is starting; the preview fills in when it is ready.';
  // A fresh panel: nothing to show yet, so only the reason (no "no HPA" line).
  const fresh = await openPanel(browser, server.origin);
  let n = await fresh.renders();
  await fresh.send({ type: 'waiting', reason, locale: 'en' });
  n = await fresh.waitForRender(n);
  assert.equal(await fresh.page.textContent('header p.waiting'), reason);
  assert.equal(await fresh.page.locator('header .no-model').count(), 0);
  await fresh.send({ type: 'model', model: TINY_MODEL, locale: 'en', locked: false });
  await fresh.waitForRender(n);
  assert.equal(await fresh.page.locator('header p.waiting').count(), 0);
  assert.equal(await fresh.page.textContent('header .hpa-name'), 'HorizontalPodAutoscaler tiny');
  await assertClean(fresh);

  // A page restored after a reload shows its saved model and says it waits for the server.
  const first = await openPanel(browser, server.origin);
  const m = await first.renders();
  await first.send({ type: 'model', model: TINY_MODEL, locale: 'en', locked: false });
  await first.waitForRender(m);
  const saved = (await first.probe()).state;
  await first.page.close();
  const restored = await openPanel(browser, server.origin, saved);
  n = await restored.renders();
  assert.equal(await restored.page.textContent('header .hpa-name'), 'HorizontalPodAutoscaler tiny');
  await restored.send({ type: 'waiting', reason, locale: 'en' });
  await restored.waitForRender(n);
  assert.equal(await restored.page.textContent('header p.waiting'), reason);
  assert.equal(await restored.page.textContent('header .hpa-name'), 'HorizontalPodAutoscaler tiny');
  assert.equal(await restored.page.locator('svg path.hpa-replicas').count(), 3);
  await assertClean(restored);
});

test('the summary says which release is modelled, from where, and what in the run depends on it', async () => {
  const panel = await openPanel(browser, server.origin);
  const n = await panel.renders();
  const model = {
    ...WEB_MODEL,
    spec: { ...WEB_MODEL.spec, minReplicas: 0 },
    cluster: {
      release: '1.35',
      configured: true,
      options: { configurableTolerance: true, scaleToZero: false, scaledToZeroCondition: false },
      source: { origin: 'file' as const, file: 'envs/prod/.hpa-lint.yaml' },
    },
  };
  await panel.send({ type: 'model', model, locale: 'en', locked: false });
  await panel.waitForRender(n);
  await panel.page.waitForSelector('.summary .release-note');
  assert.deepEqual(await panel.page.locator('.summary .release-note').allTextContents(), [
    'Kubernetes 1.35 (from envs/prod/.hpa-lint.yaml)',
    'Scaling to 0 depends on the release: Kubernetes 1.35 refuses minReplicas 0, so this run never goes below 1.',
  ]);
  await assertClean(panel);
});
