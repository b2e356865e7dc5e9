/**
 * Preview speed, each figure against a peer measured in the same run:
 *  - simulate + render 24 h (5,760 syncs) for the three variants: the work behind one panel update,
 *    against JSON.stringify of the same results (the floor of merely touching that much data);
 *  - the repaint after an edit that does not change the inputs (chart tree, its SVG text, the
 *    summary and one log page from cached results), aimed at one frame (16 ms), against joining the
 *    same points into a path string with no scaling, decimation or escaping.
 * Medians of several runs; `node --import tsx bench/preview.bench.ts` prints the rows.
 */
import { buildChartSvg } from '../common/preview/chart';
import { PROFILE_NAMES, previewMetricNames, runPreview, type PreviewRun } from '../common/preview/run';
import { describeDecision } from '../common/preview/reasons';
import { sanitizeSettings } from '../common/preview/settings';
import { summarize } from '../common/preview/summary';
import { serializeSvgNode } from '../common/preview/svgNode';
import type { PreviewModel } from '../common/protocol';

export interface BenchRow {
  name: string;
  ms: number;
  peerMs: number;
  ratio: number;
  peer?: string;
}

const MODEL: PreviewModel = {
  uri: 'file:///bench.yaml',
  documentIndex: 0,
  name: 'bench',
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'bench' },
    minReplicas: 2,
    maxReplicas: 40,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
      },
      {
        type: 'External',
        external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } },
      },
    ],
    behavior: {
      scaleDown: {
        stabilizationWindowSeconds: 300,
        policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }],
      },
    },
  },
  podRequests: { cpu: 250 },
  containerRequests: {},
  target: null,
  notes: [],
};

const DAY = 86_400;

function settings(peak: number) {
  const names = previewMetricNames(MODEL.spec);
  const load = { profile: 'daily', peak, noise: 0.05 };
  return sanitizeSettings(
    { durationSeconds: DAY, metricLoads: Object.fromEntries(names.map((n) => [n, load])) },
    names,
    PROFILE_NAMES,
  );
}

/** What the panel does after the inputs are known: chart tree + SVG text, summaries, one log page. */
function repaint(run: PreviewRun): number {
  const chart = buildChartSvg({
    runs: run.runs,
    metricNames: run.metricNames,
    locale: 'en',
    minReplicas: run.minReplicas,
    maxReplicas: run.maxReplicas,
    tolerance: run.tolerance,
    durationSeconds: run.durationSeconds,
  });
  let size = serializeSvgNode(chart).length;
  for (const v of run.runs) size += summarize(v.result, run.tolerance.up).scaleEvents;
  for (const step of run.runs[0]!.result.steps.slice(0, 40))
    size += describeDecision(step, 'en', { min: 2, max: 40 }).length;
  return size;
}

/** The peer of the repaint: every replica point of every variant joined into a path, nothing else. */
function trivialPaths(run: PreviewRun): number {
  let size = 0;
  for (const v of run.runs) size += v.result.steps.map((s) => `L${s.t} ${s.desiredReplicas}`).join('').length;
  return size;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function time(fn: () => unknown, runs: number): number {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

function row(name: string, ms: number, peerMs: number, peer: string): BenchRow {
  return { name, ms, peerMs, ratio: peerMs > 0 ? ms / peerMs : Infinity, peer };
}

export async function benchPreview(): Promise<BenchRow[]> {
  const runs = 7;
  let run = runPreview(MODEL, settings(6), null);
  if (run.error || run.runs[0]!.result.steps.length !== DAY / 15)
    throw new Error(`bench setup: ${run.error ?? 'wrong step count'}`);
  // Warm-up so the JIT state is the same for every measurement.
  for (let i = 0; i < 2; i++) repaint(runPreview(MODEL, settings(6), null));

  let peak = 6;
  const update = time(() => {
    // An edit: a new peak, so a fresh simulation of all three variants, then the repaint.
    peak = peak === 6 ? 5 : 6;
    run = runPreview(MODEL, settings(peak), null);
    repaint(run);
  }, runs);
  const stringify = time(() => JSON.stringify(run.runs.map((v) => v.result)), runs);
  const paint = time(() => repaint(run), runs);
  const join = time(() => trivialPaths(run), runs);
  return [
    row(
      'preview: simulate 3 variants + render, 24 h (5,760 syncs)',
      update,
      stringify,
      'JSON.stringify of the results',
    ),
    row('preview: repaint from cached results (aim: 16 ms)', paint, join, 'joining the points into one path'),
  ];
}

if (require.main === module) {
  void benchPreview().then((rows) => {
    for (const r of rows) {
      process.stdout.write(
        `${r.name.padEnd(60)} ${r.ms.toFixed(2).padStart(9)} ms   peer ${r.peerMs.toFixed(2).padStart(8)} ms   ratio ${r.ratio.toFixed(2)}\n`,
      );
    }
  });
}
