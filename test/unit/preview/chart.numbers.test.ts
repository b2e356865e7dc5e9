/**
 * The chart's metric line and the summary's "time above the tolerance band" against the engine's own
 * per-step numbers, for every metric type and target type, in both modes. The numbers come from
 * the real `hpa-lint simulate --format json` (dist/cli.js, run as a child process); the chart is built
 * from the same simulation run in-process, and the test checks first that both are the same run.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { buildSimulationInput, simulate } from '../../../common/engine';
import { buildChartSvg } from '../../../common/preview/chart';
import { metricPercent } from '../../../common/preview/series';
import { summarize } from '../../../common/preview/summary';
import type { SvgNode } from '../../../common/preview/svgNode';
import { readManifestHpa } from '../../../server/src/cli/simulateManifest';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CLI_JS = path.join(ROOT, 'dist', 'cli.js');
const run = promisify(execFile);

interface Combination {
  name: string;
  /** The metric block of the HPA, indented for `metrics:`. */
  metric: string;
  /**
   * How the documented JSON fields make the ratio the controller compares: Utilization uses the
   * integer percent, per-Pod averages the average, Object/External AverageValue the total over
   * (target x the replicas at that sync).
   */
  basis: 'utilization' | 'value' | 'totalPerPod';
}

const COMBINATIONS: Combination[] = [
  {
    name: 'Resource Utilization',
    metric: `- type: Resource\n      resource:\n        name: cpu\n        target: {type: Utilization, averageUtilization: 60}`,
    basis: 'utilization',
  },
  {
    name: 'Resource AverageValue',
    metric: `- type: Resource\n      resource:\n        name: cpu\n        target: {type: AverageValue, averageValue: 150m}`,
    basis: 'value',
  },
  {
    name: 'ContainerResource Utilization',
    metric: `- type: ContainerResource\n      containerResource:\n        name: cpu\n        container: app\n        target: {type: Utilization, averageUtilization: 70}`,
    basis: 'utilization',
  },
  {
    name: 'ContainerResource AverageValue',
    metric: `- type: ContainerResource\n      containerResource:\n        name: cpu\n        container: app\n        target: {type: AverageValue, averageValue: 200m}`,
    basis: 'value',
  },
  {
    name: 'Pods AverageValue',
    metric: `- type: Pods\n      pods:\n        metric: {name: rps}\n        target: {type: AverageValue, averageValue: "10"}`,
    basis: 'value',
  },
  {
    name: 'Object Value',
    metric: `- type: Object\n      object:\n        describedObject: {apiVersion: networking.k8s.io/v1, kind: Ingress, name: web}\n        metric: {name: requests}\n        target: {type: Value, value: "100"}`,
    basis: 'value',
  },
  {
    name: 'Object AverageValue',
    metric: `- type: Object\n      object:\n        describedObject: {apiVersion: networking.k8s.io/v1, kind: Ingress, name: web}\n        metric: {name: requests}\n        target: {type: AverageValue, averageValue: "40"}`,
    basis: 'totalPerPod',
  },
  {
    name: 'External Value',
    metric: `- type: External\n      external:\n        metric: {name: queue}\n        target: {type: Value, value: "90"}`,
    basis: 'value',
  },
  {
    name: 'External AverageValue',
    metric: `- type: External\n      external:\n        metric: {name: queue}\n        target: {type: AverageValue, averageValue: "30"}`,
    basis: 'totalPerPod',
  },
];

function manifest(c: Combination): string {
  return `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  template:
    spec:
      containers:
        - name: app
          resources:
            requests:
              cpu: 250m
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: {apiVersion: apps/v1, kind: Deployment, name: web}
  minReplicas: 1
  maxReplicas: 12
  metrics:
    ${c.metric}
  behavior:
    scaleDown:
      stabilizationWindowSeconds: 60
`;
}

interface JsonStep {
  t: number;
  replicas: number;
  desiredReplicas: number;
  metrics: { name: string; value: number | null; target: number; utilization?: number }[];
}
interface JsonResult {
  syncPeriodSeconds: number;
  steps: JsonStep[];
}

/** The engine's ratio from the documented JSON fields alone. */
function ratioFromJson(step: JsonStep, basis: Combination['basis']): number | null {
  const m = step.metrics[0];
  if (!m || m.value === null || !(m.target > 0)) return null;
  if (basis === 'utilization') return m.utilization === undefined ? null : m.utilization / m.target;
  if (basis === 'totalPerPod') return m.value / (m.target * step.replicas);
  return m.value / m.target;
}

function find(node: SvgNode, pred: (n: SvgNode) => boolean): SvgNode | undefined {
  if (pred(node)) return node;
  for (const child of node.children ?? []) {
    const hit = find(child, pred);
    if (hit) return hit;
  }
  return undefined;
}

/** The vertices of a path made of M/L commands. */
function vertices(d: string): { x: number; y: number }[] {
  return [...d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));
}

const TOLERANCE_UP = 0.1;
const dir = mkdtempSync(path.join(tmpdir(), 'hpa-chart-numbers-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));

for (const c of COMBINATIONS) {
  for (const mode of ['controller', 'formula'] as const) {
    test(`${c.name} (${mode}): the chart's line and time above the band equal the engine's numbers`, async () => {
      assert.ok(existsSync(CLI_JS), `${CLI_JS} is missing: run node scripts/build.mjs first`);
      const file = path.join(dir, `${c.name.replace(/\W+/g, '-')}.yaml`);
      const text = manifest(c);
      writeFileSync(file, text);
      const args = [
        'simulate',
        file,
        '--format',
        'json',
        '--profile',
        'burst',
        '--duration',
        '30m',
        '--mode',
        mode,
      ];
      const { stdout } = await run(process.execPath, [CLI_JS, ...args]);
      const json = JSON.parse(stdout) as JsonResult;

      // The same simulation in-process, built as the CLI builds it.
      const hpa = readManifestHpa(text, file);
      const input = buildSimulationInput(hpa.spec, hpa.podRequests, {
        name: hpa.name,
        profile: 'burst',
        initialReplicas: hpa.targetReplicas,
        durationSeconds: 1800,
        podStartupSeconds: 30,
        mode,
        containerRequests: hpa.containerRequests,
      });
      const result = simulate(input);
      assert.deepEqual(
        result.steps.map((s) => [s.t, s.replicas, s.desiredReplicas]),
        json.steps.map((s) => [s.t, s.replicas, s.desiredReplicas]),
        'the in-process run is the CLI run',
      );
      const name = result.steps[0]!.metrics[0]!.name;
      const expected = json.steps.map((s) => ratioFromJson(s, c.basis));
      assert.ok(
        expected.some((r) => r !== null && r > 1 + TOLERANCE_UP),
        'the burst goes above the band, so the comparison has something to find',
      );

      // 1. The plotted values, step by step.
      result.steps.forEach((s, i) => {
        const percent = metricPercent(s, name);
        const want = expected[i] ?? null;
        if (want === null) assert.equal(percent, null, `t=${s.t}`);
        else
          assert.ok(
            percent !== null && Math.abs(percent - want * 100) < 1e-9,
            `t=${s.t}: ${percent} vs ${want * 100}`,
          );
      });

      // 2. The drawn line: one vertex per sync (30 min of 15 s syncs on a 760 px chart), each at
      //    the height of the engine's ratio within the 0.1 px the path is rounded to.
      const tree = buildChartSvg({
        runs: [{ key: 'this', legacy: false, result }],
        metricNames: [name],
        locale: 'en',
        minReplicas: 1,
        maxReplicas: 12,
        tolerance: { down: 0.1, up: TOLERANCE_UP },
        durationSeconds: 1800,
      });
      const chart = find(tree, (n) => String(n.attrs.class ?? '').includes('hpa-chart-load'))!;
      const y0 = Number(chart.attrs['data-y0']);
      const y1 = Number(chart.attrs['data-y1']);
      const vMax = Number(chart.attrs['data-v-max']);
      const line = find(chart, (n) => n.attrs['data-metric'] === name);
      assert.ok(line, 'the metric line is drawn');
      const drawn = vertices(String(line.attrs.d));
      const finite = expected.filter((r): r is number => r !== null);
      assert.equal(drawn.length, finite.length);
      drawn.forEach((p, i) => {
        const want = y1 - (Math.min(finite[i]! * 100, vMax) / vMax) * (y1 - y0);
        assert.ok(Math.abs(p.y - want) <= 0.051, `vertex ${i}: y ${p.y} vs ${want}`);
      });

      // 3. Time above the band: each sync's decision holds until the next one.
      let seconds = 0;
      json.steps.forEach((s, i) => {
        const next = json.steps[i + 1]?.t ?? s.t + json.syncPeriodSeconds;
        if ((expected[i] ?? 0) > 1 + TOLERANCE_UP) seconds += next - s.t;
      });
      assert.equal(summarize(result, TOLERANCE_UP).secondsAboveTarget, seconds);
    });
  }
}
