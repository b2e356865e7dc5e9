/**
 * The chart model's layout decisions, in Node: the replica axis the bare formula cannot stretch, the
 * load on its own "×" scale, what the legends say, the dash patterns, the zoom window and the width.
 * The Chromium side (real fonts, real widths) is in chartLayout.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildChartSvg, EXPORT_STYLE, VARIANT_CLASS, variantLabel } from '../../../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview, type PreviewRun } from '../../../common/preview/run';
import { sanitizeSettings } from '../../../common/preview/settings';
import type { SvgNode } from '../../../common/preview/svgNode';
import { estimateTextWidth, wrapText } from '../../../common/preview/textWidth';
import type { PreviewModel } from '../../../common/protocol';
import { chartInputOf as inputOf } from '../../support/chartInputs';
import { WEB_MODEL } from '../../support/previewModels';

function all(node: SvgNode, pred: (n: SvgNode) => boolean, out: SvgNode[] = []): SvgNode[] {
  if (pred(node)) out.push(node);
  for (const child of node.children ?? []) all(child, pred, out);
  return out;
}
const hasClass = (cls: string) => (n: SvgNode) =>
  String(n.attrs.class ?? '')
    .split(' ')
    .includes(cls);

/** web with maxReplicas 8 and a 6× burst: the bare formula asks for far more than 8. */
const CAPPED: PreviewModel = { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, maxReplicas: 8 } };

function runOf(model: PreviewModel, peak: number): PreviewRun {
  const names = previewMetricNames(model.spec);
  const settings = sanitizeSettings(
    { metricLoads: Object.fromEntries(names.map((n) => [n, { profile: 'burst', peak, noise: 0 }])) },
    names,
    PROFILE_NAMES,
  );
  return runPreview(model, settings, null);
}

test('the replica axis covers maxReplicas with room, and the clipped formula line is labelled with its peak', () => {
  const run = runOf(CAPPED, 6);
  const formulaPeak = Math.max(
    ...run.runs.find((r) => r.key === 'formula')!.result.steps.map((s) => s.desiredReplicas),
  );
  assert.ok(formulaPeak > 20, `the formula peaks at ${formulaPeak}`);
  const tree = buildChartSvg(inputOf(run));
  const chart = all(tree, hasClass('hpa-chart-replicas'))[0]!;
  const vMax = Number(chart.attrs['data-v-max']);
  assert.ok(vMax >= 8 && vMax <= 12, `replica axis up to ${vMax}`);
  const notes = all(chart, hasClass('hpa-clip-note'));
  assert.deepEqual(
    notes.map((n) => n.text),
    [`peak ${formulaPeak} ↑`],
  );
});

test('the load is drawn in × of what the starting replicas handle at target: 1× sits on the 100 % line', () => {
  const run = runOf(WEB_MODEL, 2);
  const unit = run.loadUnits.cpu!;
  // 2 starting replicas × 250m × 60 % = 300m of cpu is "1×".
  assert.equal(unit, 300);
  const flat = run.runs.map((v) => ({
    ...v,
    result: { ...v.result, steps: v.result.steps.map((s) => ({ ...s, load: { cpu: unit } })) },
  }));
  const tree = buildChartSvg({ ...inputOf(run), runs: flat });
  const chart = all(tree, hasClass('hpa-chart-load'))[0]!;
  const target = all(chart, hasClass('hpa-c-target')).find((n) => n.tag === 'line')!;
  const load = all(chart, (n) => n.tag === 'path' && hasClass('hpa-load')(n))[0]!;
  const ys = [...String(load.attrs.d).matchAll(/[ML][\d.]+ ([\d.]+)/g)].map((m) => Number(m[1]));
  assert.ok(ys.length > 0);
  for (const y of ys) assert.equal(y, target.attrs.y1);
  // The right axis names its unit, and its 1× tick is on the 100 % grid line.
  const texts = all(chart, (n) => n.tag === 'text').map((n) => n.text);
  assert.ok(texts.includes('load ×'));
  const right = all(chart, hasClass('hpa-tick-right')).find((n) => n.text === '1×')!;
  const left = all(chart, (n) => n.tag === 'text' && n.text === '100 %')[0]!;
  assert.equal(right.attrs.y, left.attrs.y);
  const legends = all(chart, hasClass('hpa-legend')).map((n) => n.text);
  assert.ok(
    legends.includes('cpu load (right axis: 1× = what the starting replicas, 2, handle at target)'),
    legends.join(' | '),
  );
  assert.ok(legends.includes('cpu (% of target)'));
});

test('the bare formula says in every language that it ignores min/max', () => {
  for (const locale of ['en', 'ja', 'zh-tw'] as const) {
    assert.match(variantLabel({ key: 'formula', legacy: false }, locale), /min\/max/);
  }
});

test('the variants and the ready line have distinct dash patterns, so coinciding lines stay visible', () => {
  const dash = (cls: string) =>
    new RegExp(`\\.${cls}\\{[^}]*stroke-dasharray:([^;}]+)`).exec(EXPORT_STYLE)?.[1] ?? 'none';
  const patterns = [...Object.values(VARIANT_CLASS), 'hpa-c-ready'].map((cls) => dash(cls));
  assert.equal(new Set(patterns).size, patterns.length, patterns.join(' | '));
});

test('a zoom window shows only its part of the run, with ticks inside it', () => {
  const run = runOf(WEB_MODEL, 2);
  const tree = buildChartSvg(inputOf(run, { timeWindow: { start: 600, end: 900 } }));
  assert.equal(tree.attrs['data-t0'], 600);
  assert.equal(tree.attrs['data-t1'], 900);
  const chart = all(tree, hasClass('hpa-chart-replicas'))[0]!;
  const ticks = all(chart, (n) => n.tag === 'text' && /^\d+(\.\d+)? min$/.test(n.text ?? '')).map((n) =>
    parseFloat(n.text!),
  );
  assert.ok(ticks.length >= 2);
  for (const m of ticks) assert.ok(m >= 10 && m <= 15, `tick ${m} min`);
  // A window beyond the run is pulled back inside it.
  const late = buildChartSvg(inputOf(run, { timeWindow: { start: 3500, end: 4000 } }));
  assert.equal(late.attrs['data-t1'], run.durationSeconds);
});

test('the chart is laid out at the width it is given, every label inside it', () => {
  const run = runOf(WEB_MODEL, 2);
  for (const width of [280, 480, 900]) {
    for (const locale of ['en', 'ja'] as const) {
      const tree = buildChartSvg(inputOf(run, { width, locale }));
      assert.equal(tree.attrs.width, width);
      for (const text of all(tree, (n) => n.tag === 'text')) {
        const size = String(text.attrs.class).includes('hpa-chart-title') ? 13 : 11;
        const lines = text.children?.map((c) => c.text ?? '') ?? [text.text ?? ''];
        const w = Math.max(...lines.map((l) => estimateTextWidth(l, size, size === 13)));
        const x = Number(text.attrs.x);
        const anchor = text.attrs['text-anchor'] ?? 'start';
        const left = anchor === 'end' ? x - w : anchor === 'middle' ? x - w / 2 : x;
        assert.ok(
          left >= -0.5 && left + w <= width + 0.5,
          `${width} ${locale} "${lines.join('/')}" at ${left}..${left + w}`,
        );
      }
    }
  }
});

test('the width estimate counts East Asian wide characters as a full em, and wrapping breaks between them', () => {
  assert.equal(estimateTextWidth('レプリカ数', 10), 50);
  assert.ok(estimateTextWidth('replicas', 10) < 50);
  const lines = wrapText('許容範囲と目標値の比較を表示します', 60, 10, estimateTextWidth);
  assert.deepEqual(lines, ['許容範囲と目', '標値の比較を', '表示します']);
  assert.deepEqual(wrapText('one two three', 45, 10, estimateTextWidth), ['one two', 'three']);
});
