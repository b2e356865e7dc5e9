/**
 * A cpu HPA whose target sets no cpu request, in the panel in real Chromium: the controller cannot
 * compute the utilization (FailedGetResourceMetric), so the chart shades the span and names why,
 * the summary says the HPA does not scale, and the exported SVG carries the same marking. Then the
 * user types a request into the what-if field: the run scales and the marking is gone.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { previewMetricNames, PROFILE_NAMES, runPreview } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { summarize } from '../../common/preview/summary';
import { noRequestModel } from '../support/chartInputs';
import { openPanel, type OpenPanel, type PanelServer, usePanelBrowser } from './harness';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

const NO_REQUEST_MODEL = noRequestModel();

const LEGEND =
  'cpu cannot be computed here: the containers set no cpu request (FailedGetResourceMetric), so the HPA does not scale on it';
const LABEL = 'cpu not computed: no cpu request';
const SUMMARY_NOTE =
  'cpu: the target sets no request, so the controller cannot compute this utilization (FailedGetResourceMetric) and this HPA does not scale at all. Assume a request below to see what one would do.';

/** The texts of the legend entries whose swatch has class `cls` (a wrapped label's lines joined). */
function legendTexts(panel: OpenPanel, cls: string): Promise<string[]> {
  return panel.page.evaluate(
    (c) =>
      Array.from(document.querySelectorAll('svg.hpa-charts g.hpa-legend-item'))
        .filter((g) => g.firstElementChild?.classList.contains(c))
        .map((g) => {
          const text = g.querySelector('text')!;
          const lines = Array.from(text.querySelectorAll('tspan')).map((s) => s.textContent);
          return lines.length > 0 ? lines.join(' ') : (text.textContent ?? '');
        }),
    cls,
  );
}

/** The shaded spans as drawn: metric, x and width, with the plot's edges from the svg. */
function shadedSpans(panel: OpenPanel) {
  return panel.page.evaluate(() => {
    const svg = document.querySelector('svg.hpa-charts')!;
    return {
      x0: Number(svg.getAttribute('data-x0')),
      x1: Number(svg.getAttribute('data-x1')),
      spans: Array.from(svg.querySelectorAll('rect.hpa-uncomputable-span')).map((r) => ({
        metric: r.getAttribute('data-metric'),
        x: Number(r.getAttribute('x')),
        width: Number(r.getAttribute('width')),
        chart: r.closest('g.hpa-chart')?.classList.contains('hpa-chart-load') ? 'load' : 'other',
      })),
    };
  });
}

/** Clicks Export SVG and returns the file the webview posted to the host. */
async function exportedSvg(panel: OpenPanel): Promise<string> {
  const before = (await panel.probe()).posted.length;
  await panel.page.click('button.export-svg');
  await panel.page.waitForFunction(
    (n) => window.__probe.posted.slice(n).some((m) => m.type === 'exportSvg'),
    before,
  );
  const posted = (await panel.probe()).posted.slice(before).find((m) => m.type === 'exportSvg');
  return String(posted?.text);
}

function count(text: string, part: string): number {
  return text.split(part).length - 1;
}

test('a cpu HPA without a cpu request: shaded and named in chart, summary and SVG; the what-if scales and clears it', async () => {
  const names = previewMetricNames(NO_REQUEST_MODEL.spec);
  const plain = runPreview(NO_REQUEST_MODEL, sanitizeSettings({}, names, PROFILE_NAMES), null);
  const whatIf = runPreview(
    NO_REQUEST_MODEL,
    sanitizeSettings({ assumeRequests: { cpu: 500 } }, names, PROFILE_NAMES),
    null,
  );
  const whatIfThis = summarize(whatIf.runs.find((r) => r.key === 'this')!.result, whatIf.tolerance.up);
  // The engine's own answer, which the panel must show: the what-if scales above minReplicas 2.
  assert.ok(whatIfThis.peakReplicas > 2, `what-if peak ${whatIfThis.peakReplicas}`);
  assert.deepEqual(plain.uncomputable, ['cpu']);

  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: NO_REQUEST_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  const page = panel.page;

  // The chart: one shaded span over the whole run on the metric chart, its label and legend entry.
  const drawn = await shadedSpans(panel);
  assert.deepEqual(drawn.spans, [{ metric: 'cpu', x: drawn.x0, width: drawn.x1 - drawn.x0, chart: 'load' }]);
  assert.deepEqual(await page.locator('svg text.hpa-uncomputable-note').allTextContents(), [LABEL]);
  assert.deepEqual(await legendTexts(panel, 'hpa-c-uncomputable'), [LEGEND]);
  // No cpu value to draw: the metric line is absent, and the replicas never leave 2.
  assert.equal(await page.locator('svg path.hpa-metric[data-metric="cpu"]').count(), 0);

  // The summary says it in words, and its figures are those of a run that does not scale.
  assert.deepEqual(await page.locator('.summary p.uncomputable').allTextContents(), [SUMMARY_NOTE]);
  for (const key of ['this', 'defaults']) {
    assert.equal(await page.textContent(`tr[data-variant="${key}"] td:nth-of-type(1)`), '0', key);
    assert.equal(await page.textContent(`tr[data-variant="${key}"] td:nth-of-type(4)`), '2', key);
  }

  // The exported file: the same span, label and legend.
  const svg = await exportedSvg(panel);
  assert.equal(count(svg, 'class="hpa-c-uncomputable hpa-band hpa-uncomputable-span"'), 1);
  assert.equal(count(svg, 'data-metric="cpu"'), 1);
  assert.equal(count(svg, `>${LABEL}</text>`), 1);
  assert.equal(count(svg, '<rect class="hpa-c-uncomputable hpa-band"'), 1, 'the legend swatch');
  assert.equal(
    svg
      .match(/<rect class="hpa-c-uncomputable hpa-band"[^>]*\/><text[^>]*>(.*?)<\/text><\/g>/)?.[1]
      ?.replace(/<tspan[^>]*>/g, ' ')
      .replace(/<\/tspan>/g, '')
      .trim(),
    LEGEND,
  );
  assert.equal(count(svg, '.hpa-c-uncomputable{fill:'), 1, 'the file styles the band itself');

  // The what-if, typed as a user would: the run scales, the marking is gone.
  const field = page.getByLabel('What-if: cpu request per Pod');
  await field.fill('500m');
  await field.press('Enter');
  n = await panel.waitForRender(n);
  assert.deepEqual((await shadedSpans(panel)).spans, []);
  assert.equal(await page.locator('svg text.hpa-uncomputable-note').count(), 0);
  assert.deepEqual(await legendTexts(panel, 'hpa-c-uncomputable'), []);
  assert.equal(await page.locator('.summary p.uncomputable').count(), 0);
  assert.equal(await page.locator('svg path.hpa-metric[data-metric="cpu"]').count(), 1);
  assert.equal(
    await page.textContent('tr[data-variant="this"] td:nth-of-type(1)'),
    String(whatIfThis.scaleEvents),
  );
  assert.equal(
    await page.textContent('tr[data-variant="this"] td:nth-of-type(4)'),
    String(whatIfThis.peakReplicas),
  );
  assert.deepEqual(await page.locator('.notes li').allTextContents(), [
    'What-if: the simulation assumes a cpu request of 500m per Pod for cpu, which the target does not set; the cluster would not scale on it.',
  ]);
  const svgWhatIf = await exportedSvg(panel);
  assert.equal(count(svgWhatIf, 'hpa-uncomputable-span'), 0);
  assert.equal(count(svgWhatIf, LABEL), 0);
  assert.match(svgWhatIf, /<desc>[^<]*; What-if: cpu request per Pod 500m<\/desc>/);

  // Emptying the field takes the what-if back: the marking returns.
  await field.fill('');
  await field.press('Enter');
  await panel.waitForRender(n);
  assert.equal((await shadedSpans(panel)).spans.length, 1);
  assert.deepEqual(await page.locator('.summary p.uncomputable').allTextContents(), [SUMMARY_NOTE]);

  assert.deepEqual((await panel.probe()).cspViolations, []);
  assert.deepEqual(panel.errors, []);
  await page.close();
});
