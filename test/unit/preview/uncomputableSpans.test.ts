/**
 * The spans where a metric could not be computed (the target lacks its request), and how the chart
 * model draws them: a shaded rect per span on the metric chart, one label, one legend entry, in
 * every language; in step mode only up to the cursor.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildChartSvg, type ChartInput } from '../../../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview, type PreviewRun } from '../../../common/preview/run';
import { sanitizeSettings } from '../../../common/preview/settings';
import type { SvgNode } from '../../../common/preview/svgNode';
import { uncomputableParts, uncomputableSpans } from '../../../common/preview/uncomputableSpans';
import type { PreviewModel } from '../../../common/protocol';
import { chartInputOf, noRequestModel } from '../../support/chartInputs';

function all(node: SvgNode, cls: string, out: SvgNode[] = []): SvgNode[] {
  if (
    String(node.attrs.class ?? '')
      .split(' ')
      .includes(cls)
  )
    out.push(node);
  for (const child of node.children ?? []) all(child, cls, out);
  return out;
}

/** The text of a node, a wrapped label's lines joined by spaces. */
function textOf(node: SvgNode): string {
  return node.children?.length ? node.children.map(textOf).join(' ') : (node.text ?? '');
}

const CPU = noRequestModel();
const CONTAINER_CPU = noRequestModel([
  {
    type: 'ContainerResource',
    containerResource: {
      name: 'cpu',
      container: 'app',
      target: { type: 'Utilization', averageUtilization: 50 },
    },
  },
]);

function runOf(m: PreviewModel, assumeRequests?: Record<string, number>): PreviewRun {
  const names = previewMetricNames(m.spec);
  return runPreview(
    m,
    sanitizeSettings(
      { durationSeconds: 600, ...(assumeRequests ? { assumeRequests } : {}) },
      names,
      PROFILE_NAMES,
    ),
    null,
  );
}

function chartOf(run: PreviewRun, extra: Partial<ChartInput> = {}): SvgNode {
  return buildChartSvg(chartInputOf(run, extra));
}

test('spans join consecutive syncs without a value; each sync holds until the next, the last one sync', () => {
  const t = Float64Array.from([0, 15, 30, 45, 60]);
  const percent = Float64Array.from([NaN, NaN, 80, NaN, NaN]);
  assert.deepEqual(uncomputableSpans(t, percent, [0, 1, 2, 3, 4], 15), [
    { from: 0, to: 30 },
    { from: 45, to: 75 },
  ]);
  // Only the syncs drawn count (a zoom window, or step mode up to the cursor).
  assert.deepEqual(uncomputableSpans(t, percent, [1, 2], 15), [{ from: 15, to: 30 }]);
  assert.deepEqual(uncomputableSpans(t, Float64Array.from([1, 2, 3, 4, 5]), [0, 1, 2, 3, 4], 15), []);
  assert.deepEqual(uncomputableParts('app/cpu'), { metric: 'cpu', resource: 'cpu' });
  assert.deepEqual(uncomputableParts('memory'), { metric: 'memory', resource: 'memory' });
});

test('the chart shades the whole run of a cpu HPA without a request, on the metric chart only', () => {
  const run = runOf(CPU);
  assert.deepEqual(run.uncomputable, ['cpu']);
  const svg = chartOf(run);
  const rects = all(svg, 'hpa-uncomputable-span');
  assert.equal(rects.length, 1);
  const x0 = Number(svg.attrs['data-x0']);
  const x1 = Number(svg.attrs['data-x1']);
  const loadChart = all(svg, 'hpa-chart-load')[0]!;
  assert.deepEqual(
    { ...rects[0]!.attrs },
    {
      class: 'hpa-c-uncomputable hpa-band hpa-uncomputable-span',
      'data-metric': 'cpu',
      x: x0,
      y: Number(loadChart.attrs['data-y0']),
      width: x1 - x0,
      height: Number(loadChart.attrs['data-y1']) - Number(loadChart.attrs['data-y0']),
    },
  );
  assert.equal(all(loadChart, 'hpa-uncomputable-span').length, 1);
  assert.deepEqual(all(svg, 'hpa-uncomputable-note').map(textOf), ['cpu not computed: no cpu request']);
  const legend = all(svg, 'hpa-legend-item').filter((g) => all(g, 'hpa-c-uncomputable').length > 0);
  assert.deepEqual(
    legend.map((g) => textOf(all(g, 'hpa-legend')[0]!)),
    [
      'cpu cannot be computed here: the containers set no cpu request (FailedGetResourceMetric), so the HPA does not scale on it',
    ],
  );
});

test('step mode shades up to the cursor; the what-if run has no shading at all', () => {
  const run = runOf(CPU);
  const svg = chartOf(run, { cursorIndex: 3 });
  const rect = all(svg, 'hpa-uncomputable-span')[0]!;
  const x0 = Number(svg.attrs['data-x0']);
  const x1 = Number(svg.attrs['data-x1']);
  // Syncs 0–3 drawn, the fourth holds until t = 60 s of a 600 s run: a tenth of the plot.
  assert.equal(rect.attrs.x, x0);
  assert.equal(rect.attrs.width, Math.round(((x1 - x0) / 10) * 10) / 10);
  const whatIf = runOf(CPU, { cpu: 500 });
  assert.deepEqual(whatIf.uncomputable, []);
  const clean = chartOf(whatIf);
  assert.equal(all(clean, 'hpa-uncomputable-span').length, 0);
  assert.equal(all(clean, 'hpa-uncomputable-note').length, 0);
  assert.equal(all(clean, 'hpa-c-uncomputable').length, 0);
});

test('a ContainerResource metric names its container and the controller reason of that kind, in ja and zh-tw too', () => {
  const run = runOf(CONTAINER_CPU);
  assert.deepEqual(run.uncomputable, ['app/cpu']);
  const legendOf = (locale: ChartInput['locale']) => {
    // Wide enough that no label wraps (a CJK label wraps between any two characters).
    const svg = chartOf(run, { locale, width: 2000 });
    const item = all(svg, 'hpa-legend-item').find((g) => all(g, 'hpa-c-uncomputable').length > 0)!;
    return {
      span: all(svg, 'hpa-uncomputable-span').map((r) => r.attrs['data-metric']),
      note: all(svg, 'hpa-uncomputable-note').map(textOf),
      legend: textOf(all(item, 'hpa-legend')[0]!),
    };
  };
  assert.deepEqual(legendOf('en'), {
    span: ['app/cpu'],
    note: ['app/cpu not computed: no cpu request'],
    legend:
      'app/cpu cannot be computed here: the containers set no cpu request (FailedGetContainerResourceMetric), so the HPA does not scale on it',
  });
  assert.deepEqual(legendOf('ja'), {
    span: ['app/cpu'],
    note: ['app/cpuは計算不可: cpuのリソース要求なし'],
    legend:
      'app/cpuはこの期間計算できません: コンテナにcpuのリソース要求がないため(FailedGetContainerResourceMetric)、HPAはこのメトリクスでスケーリングしません',
  });
  assert.deepEqual(legendOf('zh-tw'), {
    span: ['app/cpu'],
    note: ['app/cpu 無法計算：沒有 cpu 資源請求'],
    legend:
      'app/cpu 在此期間無法計算：容器沒有設定 cpu 資源請求（FailedGetContainerResourceMetric），HPA 不依此指標擴縮',
  });
});
