/**
 * Tuner speed: the search for a behavior block over three loads (the book demo's night, normal and
 * burst with ±10 % noise), 24 h of 15 s syncs each, measured to the first block that meets every
 * goal and to the end. The peer, measured in the same run, is one simulation of one block on the
 * same three loads (what the preview does for one setting), so the ratios read as "the search
 * costs N simulations of the loads". Then the runs the preview draws for the candidates (each
 * candidate on each load, made in the worker after the result) against the same peer, and, in
 * Chromium, the longest main-thread task while the panel receives a 24 h result and draws it with
 * the suggested line, against one step of the same search on the page (what drawing a candidate
 * cost the page when it simulated the line itself).
 */
import { buildSimulationInput, simulate, type HPASpec } from '../common/engine';
import { tune, tuneSearch, type TuneLoad } from '../common/tune';
import { candidateRun, candidateRunOrder } from '../webview/src/candidateRuns';
import { median } from './stats';
import { onPath } from '../test/support/tools';

export interface BenchRow {
  name: string;
  ms: number;
  peerMs: number;
  ratio: number;
  peer?: string;
}

const SPEC: HPASpec = {
  scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'demo' },
  minReplicas: 1,
  maxReplicas: 10,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } },
  ],
  // The defaults written as a block: the peer then runs the behavior path, as every searched block does.
  behavior: {},
};

/**
 * examples/web-hpa.yaml's HPA: its own block flaps on a spike every ten minutes, so the search has
 * to find the cure rather than start on it.
 */
const WEB_SPEC: HPASpec = {
  scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
  minReplicas: 2,
  maxReplicas: 20,
  metrics: [
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } } },
  ],
  behavior: {
    scaleUp: {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [
        { type: 'Percent', value: 100, periodSeconds: 30 },
        { type: 'Pods', value: 4, periodSeconds: 30 },
      ],
    },
    scaleDown: { stabilizationWindowSeconds: 300, policies: [{ type: 'Pods', value: 2, periodSeconds: 60 }] },
  },
};

function loads(spec: HPASpec, cpu: number, profiles: string[], initialReplicas?: number): TuneLoad[] {
  return profiles.map((profile) => ({
    name: profile,
    input: buildSimulationInput(
      spec,
      { cpu },
      {
        profile,
        durationSeconds: 86_400,
        noise: 0.1,
        initialReplicas,
      },
    ),
  }));
}

/** One search: ms to the first block meeting every goal, ms to the end, and how many blocks it simulated. */
function searchOnce(l: TuneLoad[]): { first: number; total: number; evaluated: number } {
  const start = performance.now();
  let first = Number.NaN;
  const search = tuneSearch({ loads: l });
  for (;;) {
    const step = search.next();
    if (step.done) {
      const total = performance.now() - start;
      if (!step.value.candidates[0]?.meetsAll)
        throw new Error('the bench search found no block meeting every goal');
      return { first: Number.isNaN(first) ? total : first, total, evaluated: step.value.evaluated };
    }
    if (Number.isNaN(first) && step.value.best?.meetsAll) first = performance.now() - start;
  }
}

function simulateLoads(l: TuneLoad[]): number {
  const start = performance.now();
  for (const load of l) {
    const result = simulate(load.input);
    if (result.steps.length !== 5760) throw new Error(`expected 5760 syncs, got ${result.steps.length}`);
  }
  return performance.now() - start;
}

async function scenario(label: string, l: TuneLoad[], runs: number): Promise<BenchRow[]> {
  simulateLoads(l); // warm-up
  const firsts: number[] = [];
  const totals: number[] = [];
  const peers: number[] = [];
  let evaluated = 0;
  // Interleaved, so both sides see the same machine load.
  for (let i = 0; i < runs; i++) {
    const s = searchOnce(l);
    firsts.push(s.first);
    totals.push(s.total);
    evaluated = s.evaluated;
    for (let j = 0; j < 3; j++) peers.push(simulateLoads(l));
  }
  const peer = median(peers);
  const peerName = 'one block simulated on the same 3 loads';
  const result = tune({ loads: l });
  const overlays: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    for (const [candidate, load] of candidateRunOrder(result, l)) candidateRun(result, l, candidate, load);
    overlays.push(performance.now() - start);
  }
  return [
    {
      name: `tune ${label}: first block meeting every goal`,
      ms: median(firsts),
      peerMs: peer,
      ratio: median(firsts) / peer,
      peer: peerName,
    },
    {
      name: `tune ${label}: whole search (${evaluated} blocks)`,
      ms: median(totals),
      peerMs: peer,
      ratio: median(totals) / peer,
      peer: peerName,
    },
    {
      name: `tune ${label}: candidates' runs for the preview (${result.candidates.length} x 3 loads, worker)`,
      ms: median(overlays),
      peerMs: peer,
      ratio: median(overlays) / peer,
      peer: peerName,
    },
  ];
}

/**
 * The panel in Chromium (test/webview/harness.ts): "Suggest behavior…" on examples/web-hpa.yaml's
 * HPA over 24 h of the burst profile, as test/webview/suggest.test.ts. Per run: the longest
 * main-thread task from the moment the first candidate is on the page until the suggested line is
 * drawn (0 when none reached 50 ms, the long-task API's floor), and the peer: the longest task of
 * the same search on the page in slices, over its first steps.
 */
async function chromiumRows(runs: number): Promise<BenchRow[]> {
  if (onPath('chromium') === undefined) return [];
  const { buildWebview, launchChromium, openPanel, startPanelServer } =
    await import('../test/webview/harness');
  const { WEB_MODEL } = await import('../test/support/previewModels');
  await buildWebview();
  const server = await startPanelServer();
  const browser = await launchChromium();
  const saved = {
    v: 1,
    model: WEB_MODEL,
    locale: 'en',
    locked: false,
    settings: {
      metricLoads: { cpu: { profile: 'burst', peak: 2, noise: 0.05 } },
      durationSeconds: 86_400,
      initialReplicas: null,
      syncPeriodSeconds: 15,
      podStartupSeconds: 30,
    },
    fixed: null,
    logVariant: 'this',
    stepMode: false,
    cursor: 0,
    logStart: 0,
  };
  // Page code as source text: a function would be serialized with tsx's helpers, absent in the page.
  const watch = `(() => {
    const w = { tasks: [], resultAt: 0 };
    window.__watch = w;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask' });
    new MutationObserver(() => {
      if (!w.resultAt && document.querySelector('.suggest-candidate')) w.resultAt = performance.now();
    }).observe(document.body, { subtree: true, childList: true });
  })()`;
  const longest = (
    since: 'result' | 'all',
  ) => `new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => {
    const w = window.__watch;
    resolve(Math.max(0, ...w.tasks.filter(([s, d]) => ${since === 'result' ? 's + d >= w.resultAt' : 'true'}).map(([, d]) => d)));
  })))`;
  const drawn: number[] = [];
  const steps: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const panel = await openPanel(browser, server.origin, saved);
      await panel.page.click('button.suggest-open');
      await panel.page.evaluate(watch);
      await panel.page.click('button.suggest-search');
      await panel.page.waitForSelector('svg path.hpa-c-suggested', { timeout: 600_000 });
      drawn.push((await panel.page.evaluate(longest('result'))) as number);
      await panel.page.close();
      const peer = await openPanel(browser, server.origin, saved, 'worker=');
      await peer.page.click('button.suggest-open');
      await peer.page.evaluate(watch);
      await peer.page.click('button.suggest-search');
      await peer.page.waitForFunction(() => {
        const p = document.querySelector('progress.suggest-progress') as HTMLProgressElement | null;
        return p !== null && p.value >= 4;
      });
      await peer.page.click('button.suggest-cancel');
      steps.push((await peer.page.evaluate(longest('all'))) as number);
      await peer.page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return [
    {
      name: 'suggest panel (Chromium): result + line drawn, longest task (aim: 50 ms)',
      ms: median(drawn),
      peerMs: median(steps),
      ratio: median(steps) > 0 ? median(drawn) / median(steps) : Infinity,
      peer: 'one step of the same search on the page',
    },
  ];
}

export async function benchTune(runs = 3): Promise<BenchRow[]> {
  return [
    ...(await scenario(
      'demo, night/normal/burst × 24 h',
      loads(SPEC, 1000, ['night', 'normal', 'burst'], 4),
      runs,
    )),
    ...(await scenario(
      'web-hpa, spike-train/daily/burst × 24 h',
      loads(WEB_SPEC, 250, ['spike-train', 'daily', 'burst']),
      runs,
    )),
    ...(await chromiumRows(runs)),
  ];
}

if (require.main === module) {
  void benchTune().then((rows) => {
    for (const r of rows)
      console.log(
        `${r.name.padEnd(58)} ${r.ms.toFixed(0).padStart(7)} ms   peer ${r.peerMs.toFixed(1).padStart(7)} ms   ratio ${r.ratio.toFixed(1)}`,
      );
  });
}
