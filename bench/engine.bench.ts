/**
 * Engine speed: a 24 h simulation (5,760 syncs at 15 s) of one HPA with two metrics, against the
 * floor of a plain loop that evaluates only the bare formula over the same loads. Reported as
 * medians and their ratio, measured in the same run, so the number means the same on any machine.
 */
import { buildSimulationInput, simulate, type HPASpec, type SimulationInput } from '../common/engine';
import { median } from './stats';

export interface BenchRow {
  name: string;
  ms: number;
  peerMs: number;
  ratio: number;
}

const SPEC: HPASpec = {
  scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'bench' },
  minReplicas: 2,
  maxReplicas: 40,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
    {
      type: 'External',
      external: { metric: { name: 'queue' }, target: { type: 'AverageValue', averageValue: '30' } },
    },
  ],
  behavior: {
    scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] },
  },
};

function input(mode: 'controller' | 'formula'): SimulationInput {
  return buildSimulationInput(
    SPEC,
    { cpu: 250 },
    { profile: 'daily', durationSeconds: 86_400, peak: 6, mode, podStartupSeconds: 30 },
  );
}

/** The floor: per sync, read both loads and apply ceil(current x value / target), nothing else. */
function formulaFloor(sim: SimulationInput): number {
  const cpu = sim.loads[0]?.points ?? [];
  const queue = sim.loads[1]?.points ?? [];
  let current = sim.initialReplicas;
  let checksum = 0;
  for (let i = 0; i < 5760; i++) {
    const utilization = Math.floor(((cpu[i]?.value ?? 0) * 100) / (current * 250));
    const byCpu = Math.ceil((current * utilization) / 60);
    const byQueue = Math.ceil((queue[i]?.value ?? 0) / 30_000);
    current = Math.min(40, Math.max(2, byCpu, byQueue));
    checksum += current;
  }
  return checksum;
}

function time(fn: () => unknown): number {
  const start = performance.now();
  fn();
  return performance.now() - start;
}

export async function benchEngine(runs = 9): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const mode of ['controller', 'formula'] as const) {
    const sim = input(mode);
    const result = simulate(sim); // warm-up, and a check that the run is the size we claim
    if (result.steps.length !== 5760) throw new Error(`expected 5760 syncs, got ${result.steps.length}`);
    formulaFloor(sim);
    const ms: number[] = [];
    const peer: number[] = [];
    // Interleaved, so both sides see the same machine load.
    for (let i = 0; i < runs; i++) {
      ms.push(time(() => simulate(sim)));
      peer.push(time(() => formulaFloor(sim)));
    }
    const m = median(ms);
    // A floor below the timer's resolution would make the ratio meaningless: keep it at 1 µs.
    const p = Math.max(median(peer), 0.001);
    rows.push({ name: `simulate 24 h, 2 metrics, ${mode} (5,760 syncs)`, ms: m, peerMs: p, ratio: m / p });
  }
  return rows;
}

if (require.main === module) {
  void benchEngine().then((rows) => {
    const header = ['benchmark', 'ms', 'floor ms', 'ratio'];
    const lines = rows.map((r) => [r.name, r.ms.toFixed(2), r.peerMs.toFixed(3), r.ratio.toFixed(0)]);
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
    for (const l of [header, ...lines])
      console.log(l.map((c, i) => c.padEnd(widths[i] as number)).join('  '));
  });
}
