/**
 * A Prometheus replay in the preview, in real Chromium with the panel's own CSP and a stub host:
 * the toolbar asks the host for it, the loads replace the profiles, the status line says what was
 * fetched, and the summary compares this HPA's run with the actual replicas. Needs chromium on PATH.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { gridToLoad, type PrometheusReplay } from '../../common/prometheus';
import { WEB_MODEL } from '../support/previewModels';
import { openPanel, type PanelServer, usePanelBrowser } from './harness';

let browser: Browser;
let server: PanelServer;
usePanelBrowser((parts) => ({ browser, server } = parts));

const STEP = 60;
const cores = [0.4, 0.4, 0.4, 0.4, 2.5, 2.5, 2.5, 2.5, null, null, 1.2, 1.2, 1.2, 1.2, 1.2];
const REPLAY: PrometheusReplay = {
  name: 'Prometheus',
  loads: [
    gridToLoad('cpu', cores, STEP),
    gridToLoad(
      'memory',
      cores.map(() => 0.3 * 1024 ** 3),
      STEP,
    ),
  ],
  actual: { stepSeconds: STEP, values: cores.map((_, i) => (i < 5 ? 2 : i === 8 ? null : 6)) },
  durationSeconds: cores.length * STEP,
  initialReplicas: 2,
  notes: ['(a note from the host)'],
  start: 1_767_225_600,
  end: 1_767_225_600 + (cores.length - 1) * STEP,
  stepSeconds: STEP,
};

test('"Load from Prometheus…" asks the host; the replay runs and is compared with the actual replicas', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  await panel.page.click('button.load-prometheus');
  await panel.page.waitForFunction(() => window.__probe.posted.some((m) => m.type === 'loadFromPrometheus'));
  await panel.send({ type: 'prometheusLoad', replay: REPLAY });
  n = await panel.waitForRender(n);
  assert.equal(
    await panel.page.textContent('.status'),
    'Loaded 15 points per metric from Prometheus (2026-01-01T00:00:00Z to 2026-01-01T00:14:00Z, step 60 s). (a note from the host)',
  );
  // The actual replicas beside the simulated ones, with its legend entry.
  assert.equal(await panel.page.locator('svg path.hpa-c-actual').count(), 1);
  assert.equal(await panel.page.getByText('Actual replicas (kube-state-metrics)').count(), 1);
  // 15 minutes at the 15 s sync period: 60 syncs, 4 of them (t = 480..525 s) without an actual count.
  const reality = await panel.page.textContent('.summary .reality');
  assert.match(
    reality ?? '',
    /^Compared with the actual replicas at 56 syncs: mean absolute difference \d+(\.\d+)? replicas, within ±1 replica \d+(\.\d+)? % of the time\.$/,
  );
  // The same in Japanese once the host says so.
  await panel.send({ type: 'model', model: WEB_MODEL, locale: 'ja', locked: false });
  await panel.waitForRender(n);
  assert.match(
    (await panel.page.textContent('.summary .reality')) ?? '',
    /^56回の同期で実際のレプリカ数と比較しました。/,
  );
  const probe = await panel.probe();
  assert.deepEqual(probe.cspViolations, []);
  assert.deepEqual(panel.errors, []);
  await panel.page.close();
});
