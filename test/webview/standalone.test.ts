/**
 * `renderStandaloneReport` in real Chromium: one file, opened from disk, that loads nothing from
 * anywhere and shows the same numbers as the engine in Node.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import type { SimulationInput } from '../../common/engine/simulationTypes';
import { simulate } from '../../common/engine/simulator';
import { makeProfileLoad } from '../../common/engine/loadProfiles';
import { jsonForScript, renderStandaloneReport } from '../../server/src/preview/standaloneHtml';
import { UsageError } from '../../server/src/usageError';
import { buildWebview, DIST, launchChromium } from './harness';
import { PAYLOAD_IMG, PAYLOAD_SCRIPT, WEB_MODEL } from '../support/previewModels';

let browser: Browser;
let dir: string;

before(async () => {
  await buildWebview();
  browser = await launchChromium();
  dir = await mkdtemp(path.join(tmpdir(), 'hpa-report-'));
});

after(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const INPUT: SimulationInput = {
  spec: WEB_MODEL.spec,
  podRequests: WEB_MODEL.podRequests,
  containerRequests: WEB_MODEL.containerRequests,
  initialReplicas: 2,
  durationSeconds: 1800,
  loads: [makeProfileLoad('burst', { metric: 'cpu', targetTotal: 300, peak: 3, durationSeconds: 1800 })],
  podStartupSeconds: 20,
  mode: 'controller',
  options: { syncPeriodSeconds: 15 },
};

test('jsonForScript keeps JSON valid and closes no script element', () => {
  const text = jsonForScript({ a: '</script><!-- & \u2028' });
  assert.equal(text, '{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}');
  assert.deepEqual(JSON.parse(text), { a: '</script><!-- & \u2028' });
});

test('the report opens from a file with no network request and shows the engine\u2019s numbers', async () => {
  const html = renderStandaloneReport(INPUT, {
    name: PAYLOAD_IMG,
    namespace: PAYLOAD_SCRIPT,
    locale: 'ja',
    loadName: 'burst',
    assetDir: DIST,
  });
  assert.equal(html.match(/<script/g)?.length, 2, 'the data block and the bundle, nothing else');
  assert.ok(!/<script[^>]*\ssrc=|<link|<img/i.test(html), 'nothing loaded by URL');
  const file = path.join(dir, 'report.html');
  await writeFile(file, html);

  const page = await browser.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript({
    content: `window.__csp = []; document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(e.violatedDirective));`,
  });
  await page.goto(pathToFileURL(file).href);
  await page.waitForFunction(
    () => Number(document.body.dataset.renders ?? '0') > 0 && document.querySelector('.log-table'),
  );

  assert.deepEqual(requests, [pathToFileURL(file).href]);
  assert.deepEqual(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp), []);
  assert.deepEqual(errors, []);
  assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned), undefined);
  assert.equal(await page.locator('#hpa-preview img').count(), 0);
  assert.equal(await page.title(), `HPA ${PAYLOAD_SCRIPT}/${PAYLOAD_IMG}`);
  assert.equal(
    await page.textContent('.hpa-name'),
    `HorizontalPodAutoscaler ${PAYLOAD_SCRIPT}/${PAYLOAD_IMG}`,
  );
  // The fixed load of the CLI is what the page simulates: the first page of the log matches Node.
  const expected = simulate(INPUT)
    .steps.slice(0, 40)
    .map((s) => String(s.desiredReplicas));
  // The log lists scale events by default: every sync, to compare sync by sync.
  const renders = await page.evaluate(() => Number(document.body.dataset.renders));
  await page.selectOption('#hpa-log-filter', 'all');
  await page.waitForFunction((n) => Number(document.body.dataset.renders) > n, renders);
  assert.deepEqual(await page.locator('.log-table td.desired').allTextContents(), expected);
  assert.equal(await page.locator('.summary-table tbody tr').count(), 3);
  // No VS Code host: no lock button, but exports and CSV loading remain.
  assert.equal(await page.locator('button.lock').count(), 0);
  assert.equal(await page.locator('button.export-csv').count(), 1);
  await page.close();
});

test('a missing webview bundle is a clear usage error', () => {
  assert.throws(
    () => renderStandaloneReport(INPUT, { name: 'web', assetDir: path.join(dir, 'nowhere') }),
    (err: unknown) =>
      err instanceof UsageError &&
      err.message.includes(path.join(dir, 'nowhere', 'webview.js')) &&
      err.message.includes('node scripts/build.mjs'),
  );
});
