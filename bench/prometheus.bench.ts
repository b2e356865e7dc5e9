/**
 * Backtest speed: fetch 7 days at 60 s steps (10,081 points per series) for an HPA with two metrics
 * (cpu and memory) plus kube-state-metrics' replicas from a real Prometheus started here, then replay
 * them (40,320 syncs at 15 s). The peer is the same replay from the CSV `--save-load` wrote, so the
 * ratio is what going to Prometheus costs over an offline run. Medians over a few runs; the first
 * run of each warms up and is dropped.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSimulationInput, simulate, type HPASpec } from '../common/engine';
import { parseLoadCsv } from '../server/src/cli/loadCsv';
import { fetchForCli, loadCsvOf, realityOf, type PrometheusArgs } from '../server/src/cli/simulatePrometheus';
import { openMetrics, SEVEN_DAYS, T0 } from '../test/support/prometheusFixture';
import { buildTsdb, startPrometheus } from '../test/support/prometheusServer';
import type { BenchRow } from './engine.bench';
import { median } from './stats';

const SPEC: HPASpec = {
  scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
  minReplicas: 2,
  maxReplicas: 20,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
    {
      type: 'Resource',
      resource: { name: 'memory', target: { type: 'Utilization', averageUtilization: 80 } },
    },
  ],
};
const REQUESTS = { cpu: 500, memory: 512 * 1024 * 1024 * 1000 };
const RUNS = 5;

export async function benchPrometheus(): Promise<BenchRow[]> {
  const setupStart = performance.now();
  const dir = buildTsdb(openMetrics(SEVEN_DAYS));
  const server = await startPrometheus(dir);
  process.stdout.write(
    `(fixture and start-up: ${(performance.now() - setupStart).toFixed(0)} ms, not measured)\n`,
  );
  const scratch = mkdtempSync(join(tmpdir(), 'hpa-bench-prom-'));
  try {
    const args: PrometheusArgs = {
      url: server.url,
      queries: new Map(),
      start: T0,
      end: T0 + 7 * 86400 - 60,
      step: 60,
      namespace: 'shop',
      timeoutSeconds: 60,
      saveLoad: null,
    };
    const hpa = { name: 'web', spec: SPEC, namespace: 'shop' };
    const live: number[] = [];
    const fetchOnly: number[] = [];
    let csvFile = '';
    let duration = 0;
    let syncs = 0;
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const backtest = await fetchForCli(args, hpa, SPEC.metrics!);
      const t1 = performance.now();
      const input = buildSimulationInput(SPEC, REQUESTS, {
        durationSeconds: backtest.durationSeconds,
        initialReplicas: backtest.initialReplicas,
        loads: backtest.data.loads,
      });
      const result = simulate(input);
      realityOf(backtest, result);
      const t2 = performance.now();
      if (run > 0) {
        live.push(t2 - t0);
        fetchOnly.push(t1 - t0);
      }
      syncs = result.steps.length;
      duration = backtest.durationSeconds;
      csvFile = join(scratch, 'load.csv');
      writeFileSync(csvFile, loadCsvOf(backtest, csvFile));
    }
    const offline: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const { loads } = parseLoadCsv(readFileSync(csvFile, 'utf8'), csvFile, ['cpu', 'memory']);
      simulate(
        buildSimulationInput(SPEC, REQUESTS, { durationSeconds: duration, initialReplicas: 3, loads }),
      );
      if (run > 0) offline.push(performance.now() - t0);
    }
    process.stdout.write(
      `(7 days, ${syncs} syncs; fetch alone: median ${median(fetchOnly).toFixed(1)} ms)\n`,
    );
    const ms = median(live);
    const peerMs = median(offline);
    return [
      {
        name: 'backtest 7 d @ 60 s, 2 metrics: fetch+replay vs CSV replay',
        ms,
        peerMs,
        ratio: ms / peerMs,
      },
    ];
  } finally {
    await server.stop();
    server.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  }
}
