/**
 * How a run crosses from the simulation worker to the page (webview/src/runTransfer.ts): the head
 * carries no step, the parts carry every step once and in order, and the run put back together is
 * the run the worker simulated, with the chart series and summary numbers of its own steps.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPreview, PROFILE_NAMES, previewMetricNames } from '../../../common/preview/run';
import { buildSeries, metricPercent, seriesOf } from '../../../common/preview/series';
import { sanitizeSettings } from '../../../common/preview/settings';
import { summarize } from '../../../common/preview/summary';
import { RunAssembler, splitRun } from '../../../webview/src/runTransfer';
import { WEB_MODEL } from '../../support/previewModels';

function simulated(durationSeconds: number) {
  const names = previewMetricNames(WEB_MODEL.spec);
  const settings = sanitizeSettings(
    { durationSeconds, metricLoads: { cpu: { profile: 'burst', peak: 3, noise: 0.1 } } },
    names,
    PROFILE_NAMES,
  );
  return runPreview(WEB_MODEL, settings, null);
}

test('a run split into a head and parts is put back together exactly, with its series and summaries', () => {
  const original = simulated(7200);
  const expected = structuredClone(original);
  const { head, parts, transfer } = splitRun(structuredClone(original), 100);
  assert.ok(
    head.runs.every((v) => v.result.steps.length === 0),
    'the head carries no step',
  );
  // 480 syncs per variant in parts of 100: 5 parts each.
  assert.equal(parts.length, 3 * 5);
  assert.deepEqual(
    parts.map((p) => p.steps.length),
    [100, 100, 100, 100, 80, 100, 100, 100, 100, 80, 100, 100, 100, 100, 80],
  );
  // Four arrays per variant and one percent and one load per metric (cpu).
  assert.equal(transfer.length, 3 * 6);

  // As the page receives them: a structured clone of each message, the head's arrays transferred.
  const received = structuredClone(head, { transfer });
  const assembler = new RunAssembler(received, parts.length);
  const done = parts.map((part) => assembler.add(structuredClone(part)));
  assert.deepEqual(
    done,
    parts.map((_, i) => i === parts.length - 1),
  );
  for (const [i, variant] of received.runs.entries()) {
    const want = expected.runs[i]!;
    assert.deepEqual(variant.result, want.result);
    assert.deepEqual(variant.summary, summarize(want.result, expected.tolerance.up));
    assert.deepEqual(variant.series, buildSeries(want.result, expected.metricNames));
  }
});

test("a run's series holds each sync's numbers as the chart reads them from the steps", () => {
  const run = simulated(3600);
  const variant = run.runs[0]!;
  const series = seriesOf(variant, run.metricNames);
  assert.equal(seriesOf(variant, run.metricNames), series, 'made once per result');
  assert.equal(series.t.length, 240);
  variant.result.steps.forEach((step, i) => {
    assert.equal(series.t[i], step.t);
    assert.equal(series.replicas[i], step.replicas);
    assert.equal(series.readyReplicas[i], step.readyReplicas);
    assert.equal(series.desiredReplicas[i], step.desiredReplicas);
    const percent = metricPercent(step, 'cpu');
    if (percent === null) assert.ok(Number.isNaN(series.metricPercent.cpu![i]));
    else assert.equal(series.metricPercent.cpu![i], percent);
    assert.equal(series.load.cpu![i], step.load.cpu);
  });
});
