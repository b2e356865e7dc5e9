/**
 * `npm run bench`: every benchmark, each measured against a peer in the same run, printed as ratios.
 * Absolute times depend on the machine; the ratios are what the issues' aims are stated in.
 */
import { benchCli } from './cli.bench';
import { benchEngine } from './engine.bench';
import { benchFeatures } from './features.bench';
import { benchLint } from './lint.bench';
import { benchOverlays } from './overlays.bench';
import { benchPreview } from './preview.bench';
import { benchPrometheus } from './prometheus.bench';
import { benchRobustness } from './robustness.bench';
import { benchTune } from './tune.bench';

interface Row {
  name: string;
  ms: number;
  peerMs: number;
  ratio: number;
  peer?: string;
}

async function main(): Promise<void> {
  const suites: [string, () => Promise<Row[]>][] = [
    ['engine', benchEngine],
    ['preview', benchPreview],
    ['lint', benchLint],
    ['cli', () => benchCli()],
    ['features', benchFeatures],
    ['robustness', benchRobustness],
    ['overlays', benchOverlays],
    ['tune', benchTune],
    ['prometheus', benchPrometheus],
  ];
  const all: Row[] = [];
  for (const [suite, run] of suites) {
    process.stdout.write(`\n== ${suite}\n`);
    const rows = await run();
    for (const r of rows) {
      all.push(r);
      process.stdout.write(
        `${r.name.padEnd(58)} ${r.ms.toFixed(2).padStart(10)} ms   peer ${r.peerMs.toFixed(2).padStart(10)} ms   ratio ${r.ratio.toFixed(2)}\n`,
      );
    }
  }
  process.stdout.write(`\n${all.length} measurements\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exitCode = 1;
});
