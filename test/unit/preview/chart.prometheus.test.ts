/**
 * The actual replicas of a Prometheus replay on the replicas chart (common/preview/chart.ts): one
 * line beside the simulated ones, broken where kube-state-metrics had no sample, in the legend,
 * inside the replica axis, with its own dash pattern.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildChartSvg, EXPORT_STYLE, VARIANT_CLASS, type ChartInput } from '../../../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview } from '../../../common/preview/run';
import { sanitizeSettings } from '../../../common/preview/settings';
import type { SvgNode } from '../../../common/preview/svgNode';
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

const names = previewMetricNames(WEB_MODEL.spec);
const run = runPreview(WEB_MODEL, sanitizeSettings({}, names, PROFILE_NAMES), null);
const steps = run.runs.find((r) => r.key === 'this')!.result.steps;
const third = Math.floor(steps.length / 3);
/** Reality: 40 replicas (above everything simulated), unknown in the middle third. */
const points = steps.map((s, i) => ({ t: s.t, v: i >= third && i < 2 * third ? null : 40 }));

function input(extra: Partial<ChartInput> = {}): ChartInput {
  return {
    runs: run.runs,
    metricNames: run.metricNames,
    locale: 'en',
    minReplicas: run.minReplicas,
    maxReplicas: run.maxReplicas,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
    ...extra,
  };
}

test('the actual replicas are one line with a gap, named in the legend, inside the axis', () => {
  const tree = buildChartSvg(input({ actual: { label: 'Actual replicas (kube-state-metrics)', points } }));
  const chart = all(tree, hasClass('hpa-chart-replicas'))[0]!;
  const lines = all(chart, (n) => n.tag === 'path' && hasClass('hpa-c-actual')(n));
  assert.equal(lines.length, 1);
  assert.equal(String(lines[0]!.attrs.d).match(/M/g)?.length, 2, 'two pieces: before and after the gap');
  const legend = all(chart, (n) => n.tag === 'text' && (n.text ?? '').includes('Actual replicas'));
  assert.equal(legend.length, 1);
  const axisTop = Math.max(
    ...all(chart, (n) => n.tag === 'text' && hasClass('hpa-tick')(n) && /^\d+$/.test(n.text ?? '')).map((n) =>
      Number(n.text),
    ),
  );
  assert.ok(axisTop >= 40, `the axis reaches the actual count (top tick ${axisTop})`);
  const without = buildChartSvg(input());
  assert.equal(all(without, hasClass('hpa-c-actual')).length, 0);
});

test('in step mode the actual line stops at the cursor like the simulated ones', () => {
  const cursor = Math.floor(third / 2);
  const tree = buildChartSvg(input({ actual: { label: 'actual', points }, cursorIndex: cursor }));
  const d = String(all(tree, hasClass('hpa-c-actual'))[0]!.attrs.d);
  assert.equal(d.match(/M/g)?.length, 1, 'the gap lies after the cursor');
});

test('the actual line has a dash pattern of its own', () => {
  const dash = (cls: string) =>
    new RegExp(`\\.${cls}\\{[^}]*stroke-dasharray:([^;}]+)`).exec(EXPORT_STYLE)?.[1] ?? 'none';
  const patterns = [...Object.values(VARIANT_CLASS), 'hpa-c-ready', 'hpa-c-actual'].map(dash);
  assert.equal(new Set(patterns).size, patterns.length, patterns.join(' | '));
});
