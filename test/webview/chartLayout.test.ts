/**
 * The charts in real Chromium at side-panel widths (280, 480, 900 px), light and dark, English and
 * Japanese: no horizontal scrolling, labels at their intended size (the chart laid out at the
 * panel's width, never scaled), legend entries apart; the exported SVG keeps Japanese legends apart
 * with its estimate; zoom and the values under the pointer. Needs chromium on PATH.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { buildChartSvg, chartToSvgFile } from '../../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview } from '../../common/preview/run';
import { sanitizeSettings } from '../../common/preview/settings';
import { t } from '../../common/preview/strings';
import { QUEUE_MODEL } from '../support/chartInputs';
import { openPanel, type OpenPanel, type PanelServer, usePanelBrowser } from './harness';

let browser: Browser;
let server: PanelServer;

usePanelBrowser(async (parts) => {
  ({ browser, server } = parts);
  // Without a Japanese font Chromium draws narrow empty boxes, and the Japanese checks would pass
  // for text nobody can read: say what is missing instead.
  const page = await browser.newPage();
  await page.setContent('<span id="w" style="font: 20px sans-serif">目標値</span>');
  const width = await page.evaluate(() => document.getElementById('w')!.getBoundingClientRect().width);
  await page.close();
  assert.ok(
    width >= 55,
    `no Japanese font for Chromium (3 characters took ${width} px): install fonts-ipafont-gothic`,
  );
});

/** VS Code's Dark Modern colours, set the way VS Code sets them: custom properties on <html>. */
const DARK: Record<string, string> = {
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-editorWidget-border': '#454545',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-orange': '#d18616',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-purple': '#b180d7',
};

async function openAt(width: number, locale: 'en' | 'ja', dark: boolean): Promise<OpenPanel> {
  const panel = await openPanel(browser, server.origin);
  await panel.page.setViewportSize({ width, height: 900 });
  if (dark) {
    await panel.page.evaluate((vars) => {
      document.body.classList.add('vscode-dark');
      for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
    }, DARK);
  }
  const n = await panel.renders();
  await panel.send({ type: 'model', model: QUEUE_MODEL, locale, locked: false });
  await panel.waitForRender(n);
  // The chart is laid out at the width of its container once the page has its final layout.
  await panel.page.waitForFunction(() => {
    const svg = document.querySelector('.charts svg');
    const box = document.querySelector<HTMLElement>('.charts');
    return svg !== null && box !== null && Number(svg.getAttribute('width')) === box.clientWidth;
  });
  return panel;
}

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  chartsScroll: number;
  /** How far the summary would scroll sideways inside its own box. */
  summaryScroll: number;
  chartsWidth: number;
  svgWidth: number;
  renderedWidth: number;
  scale: number[];
  sizes: { cls: string; size: string; fill: string }[];
  outside: string[];
  overlaps: string[];
  legendCount: number;
  dashes: Record<string, string>;
}

/** Everything measured in one evaluate; kept as source text so tsx's helpers stay out of the page. */
const MEASURE = `(() => {
  const svg = document.querySelector('.charts svg');
  const charts = document.querySelector('.charts');
  const box = svg.getBoundingClientRect();
  const ctm = svg.getScreenCTM();
  const texts = Array.from(svg.querySelectorAll('text'));
  const outside = texts
    .filter((t) => { const b = t.getBoundingClientRect(); return b.left < box.left - 0.5 || b.right > box.right + 0.5; })
    .map((t) => t.textContent);
  const items = Array.from(svg.querySelectorAll('g.hpa-legend-item'));
  const boxes = items.map((g) => g.getBoundingClientRect());
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i], b = boxes[j];
      if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
        overlaps.push(items[i].textContent + ' / ' + items[j].textContent);
    }
  const dashes = {};
  for (const cls of ['hpa-c-this', 'hpa-c-defaults', 'hpa-c-formula', 'hpa-c-ready'])
    dashes[cls] = getComputedStyle(svg.querySelector('path.' + cls)).strokeDasharray;
  return {
    scrollWidth: document.scrollingElement.scrollWidth,
    clientWidth: document.scrollingElement.clientWidth,
    chartsScroll: charts.scrollWidth,
    summaryScroll: document.querySelector('.summary') ? document.querySelector('.summary').scrollWidth - document.querySelector('.summary').clientWidth : 0,
    chartsWidth: charts.clientWidth,
    svgWidth: Number(svg.getAttribute('width')),
    renderedWidth: box.width,
    scale: [ctm.a, ctm.d],
    sizes: texts.map((t) => ({ cls: t.getAttribute('class'), size: getComputedStyle(t).fontSize, fill: getComputedStyle(t).fill })),
    outside,
    overlaps,
    legendCount: items.length,
    dashes,
  };
})()`;

for (const width of [280, 480, 900]) {
  for (const dark of [false, true]) {
    for (const locale of ['en', 'ja'] as const) {
      test(`${width} px, ${dark ? 'dark' : 'light'}, ${locale}: no sideways scroll, labels at size, legends apart`, async () => {
        const panel = await openAt(width, locale, dark);
        const m = (await panel.page.evaluate(MEASURE)) as Layout;
        assert.ok(
          m.scrollWidth <= m.clientWidth,
          `the page scrolls sideways: ${m.scrollWidth} > ${m.clientWidth}`,
        );
        assert.ok(
          m.chartsScroll <= m.chartsWidth,
          `the charts scroll sideways: ${m.chartsScroll} > ${m.chartsWidth}`,
        );
        // Laid out at the container's width and drawn 1:1, so 11 px labels are 11 px on screen.
        assert.equal(m.svgWidth, m.chartsWidth);
        assert.equal(m.renderedWidth, m.svgWidth);
        assert.deepEqual(m.scale, [1, 1]);
        for (const s of m.sizes) {
          assert.equal(s.size, s.cls?.includes('hpa-chart-title') ? '13px' : '11px', `${s.cls}`);
          // The labels take the theme's foreground (the clip note takes the formula's colour).
          if (!s.cls?.includes('hpa-clip-note'))
            assert.equal(s.fill, dark ? 'rgb(204, 204, 204)' : 'rgb(31, 31, 31)', `${s.cls}`);
        }
        assert.deepEqual(m.outside, []);
        assert.ok(m.legendCount >= 10, `${m.legendCount} legend entries`);
        assert.deepEqual(m.overlaps, []);
        assert.equal(new Set(Object.values(m.dashes)).size, 4, JSON.stringify(m.dashes));
        assert.deepEqual((await panel.probe()).cspViolations, []);
        assert.deepEqual(panel.errors, []);
        await panel.page.close();
      });
    }
  }
}

test('the exported SVG keeps Japanese legend entries apart with its conservative estimate', async () => {
  const names = previewMetricNames(QUEUE_MODEL.spec);
  const run = runPreview(QUEUE_MODEL, sanitizeSettings({}, names, PROFILE_NAMES), null);
  const file = chartToSvgFile(
    buildChartSvg({
      runs: run.runs,
      metricNames: run.metricNames,
      locale: 'ja',
      minReplicas: run.minReplicas,
      maxReplicas: run.maxReplicas,
      tolerance: run.tolerance,
      durationSeconds: run.durationSeconds,
      loadUnits: run.loadUnits,
      initialReplicas: run.initialReplicas,
    }),
  );
  const page = await browser.newPage();
  // The file as a viewer opens it: on its own, with its own style block and no page around it.
  await page.setContent(file.replace(/^<\?xml[^>]*>\n/, ''));
  const m = (await page.evaluate(
    MEASURE.replace("document.querySelector('.charts svg')", "document.querySelector('svg')").replace(
      "document.querySelector('.charts')",
      'document.body',
    ),
  )) as Layout;
  assert.ok(m.legendCount >= 10);
  assert.deepEqual(m.overlaps, []);
  assert.deepEqual(m.outside, []);
  assert.ok(m.sizes.every((s) => s.size === (s.cls?.includes('hpa-chart-title') ? '13px' : '11px')));
  await page.close();
});

test('dragging across the chart zooms in, the buttons and a double-click zoom out, and the pointer reads values', async () => {
  const panel = await openAt(480, 'en', false);
  const page = panel.page;
  const names = previewMetricNames(QUEUE_MODEL.spec);
  const run = runPreview(QUEUE_MODEL, sanitizeSettings({}, names, PROFILE_NAMES), null);
  const axis = async () =>
    (await page.evaluate(`(() => {
      const svg = document.querySelector('.charts svg');
      const box = svg.getBoundingClientRect();
      const read = (k) => Number(svg.getAttribute('data-' + k));
      return { t0: read('t0'), t1: read('t1'), x0: read('x0'), x1: read('x1'), left: box.left, top: box.top };
    })()`)) as { t0: number; t1: number; x0: number; x1: number; left: number; top: number };
  const whole = await axis();
  assert.deepEqual([whole.t0, whole.t1], [0, run.durationSeconds]);
  const plotY = whole.top + 120;
  const xAt = (a: typeof whole, seconds: number) =>
    a.left + a.x0 + ((seconds - a.t0) / (a.t1 - a.t0)) * (a.x1 - a.x0);

  // Hover at 20:00 (sync 80): the read-out names that sync's values, and a hover line appears.
  await page.mouse.move(xAt(whole, 1200 + 5), plotY);
  await page.waitForFunction(() => document.querySelector('.chart-readout p') !== null);
  const step = run.runs[0]!.result.steps[80]!;
  const lines = await page.locator('.chart-readout p').allTextContents();
  assert.equal(lines[0], t('en', 'readoutTime', { time: '20:00' }));
  const sample = step.metrics.find((s) => s.name === 'queue_messages_ready')!;
  assert.equal(
    lines[1],
    t('en', 'readoutMetric', {
      metric: 'queue_messages_ready',
      value: Math.round(sample.ratio! * 1000) / 10,
      load: Math.round((step.load.queue_messages_ready! / run.loadUnits.queue_messages_ready!) * 100) / 100,
    }),
  );
  for (const variant of run.runs) {
    assert.ok(lines.some((l) => l.endsWith(`: ${variant.result.steps[80]!.desiredReplicas} replicas`)));
  }
  assert.equal(await page.locator('.charts line.hpa-hover').count(), 2);

  // Drag from 10:00 to 20:00.
  await page.mouse.move(xAt(whole, 600), plotY);
  await page.mouse.down();
  await page.mouse.move(xAt(whole, 900), plotY);
  await page.mouse.move(xAt(whole, 1200), plotY);
  await page.mouse.up();
  await page.waitForFunction(
    () => Number(document.querySelector('.charts svg')?.getAttribute('data-t0')) > 0,
  );
  const zoomed = await axis();
  assert.ok(Math.abs(zoomed.t0 - 600) < 15 && Math.abs(zoomed.t1 - 1200) < 15, `${zoomed.t0}..${zoomed.t1}`);

  // Zoom out doubles the span around its middle; a double-click shows the whole run again.
  await page.click('button.zoom-out');
  await page.waitForFunction((span) => {
    const svg = document.querySelector('.charts svg')!;
    return Number(svg.getAttribute('data-t1')) - Number(svg.getAttribute('data-t0')) > span;
  }, zoomed.t1 - zoomed.t0);
  const out = await axis();
  assert.ok(Math.abs(out.t1 - out.t0 - 2 * (zoomed.t1 - zoomed.t0)) < 1, `${out.t0}..${out.t1}`);
  await page.mouse.dblclick(xAt(out, (out.t0 + out.t1) / 2), plotY);
  await page.waitForFunction(
    () => Number(document.querySelector('.charts svg')?.getAttribute('data-t0')) === 0,
  );
  assert.deepEqual([(await axis()).t1], [run.durationSeconds]);
  assert.equal(await page.isDisabled('button.zoom-reset'), true);

  // From the keyboard: + halves the span around the middle (the pointer is away), 0 shows the
  // whole run again.
  await page.mouse.move(1, 1);
  await page.waitForFunction(() => document.querySelector('.charts line.hpa-hover') === null);
  await page.focus('.charts');
  await page.keyboard.press('+');
  await page.waitForFunction(
    () => Number(document.querySelector('.charts svg')?.getAttribute('data-t0')) > 0,
  );
  const keyed = await axis();
  assert.deepEqual([keyed.t0, keyed.t1], [run.durationSeconds / 4, (run.durationSeconds * 3) / 4]);
  await page.keyboard.press('0');
  await page.waitForFunction(
    () => Number(document.querySelector('.charts svg')?.getAttribute('data-t0')) === 0,
  );
  assert.deepEqual(panel.errors, []);
  await page.close();
});

test('a narrower panel lays the chart out again at its new width', async () => {
  const panel = await openAt(900, 'en', false);
  await panel.page.setViewportSize({ width: 480, height: 900 });
  await panel.page.waitForFunction(() => {
    const svg = document.querySelector('.charts svg');
    return (
      svg !== null && Number(svg.getAttribute('width')) === document.querySelector('.charts')!.clientWidth
    );
  });
  const m = (await panel.page.evaluate(MEASURE)) as Layout;
  assert.equal(m.svgWidth, 448);
  assert.deepEqual(m.overlaps, []);
  await panel.page.close();
});
