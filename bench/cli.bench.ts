/**
 * `hpa-lint` over a repository: the 300-app release of lint.bench.ts (one app in ten broken) split
 * into one file per app, written to a temporary folder, linted by the built CLI as CI would run it
 * (`node dist/cli.js DIR --format json --jobs <cores>`). The peer is the same CLI on one thread
 * (`--jobs 1`), run
 * interleaved with it so both see the same machine load; medians of the rounds are reported, with
 * throughput in resources per second and the process's peak RSS (every thread's memory).
 * A second case lints a generated 50,000-resource repository (three rounds each way), for
 * throughput at scale and memory.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BenchRow, releaseApp } from './lint.bench';
import { median } from './stats';

const ROOT = resolve(__dirname, '..');
const CLI = resolve(ROOT, 'dist', 'cli.js');
/** Documents per app in releaseApp(): ConfigMap, Service, ServiceAccount, Deployment, HPA, PDB, Ingress. */
const RESOURCES_PER_APP = 7;
/** One thread per core, asked for explicitly (a run this small stays on one thread by default). */
const THREADS = availableParallelism();
/** Loaded before the CLI, prints the process's peak resident memory (all threads) on exit. */
const PEAK_RSS_HOOK = `process.on('exit', () => process.stderr.write('peak-rss-kb ' + process.resourceUsage().maxRSS + '\\n'));`;

interface CliRun {
  ms: number;
  peakRssMb: number;
  findings: number;
}

function writeRepository(apps: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'hpa-cli-bench-'));
  for (let i = 0; i < apps; i++)
    writeFileSync(join(dir, `app-${String(i).padStart(5, '0')}.yaml`), releaseApp(i, i % 10 === 5));
  return dir;
}

function runCli(dir: string, flags: string[]): Promise<CliRun> {
  const hook = join(dir, '..', `${dir.split('/').pop()}-peak-rss.cjs`);
  writeFileSync(hook, PEAK_RSS_HOOK);
  return new Promise((resolveRun, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--require', hook, CLI, dir, '--format', 'json', ...flags], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const ms = performance.now() - start;
      rmSync(hook, { force: true });
      if (code !== 0 && code !== 1) return reject(new Error(`hpa-lint exited ${code}: ${stderr}`));
      const kb = Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? NaN);
      const findings = (JSON.parse(stdout) as { diagnostics: unknown[] }[]).reduce(
        (n, f) => n + f.diagnostics.length,
        0,
      );
      resolveRun({ ms, peakRssMb: kb / 1024, findings });
    });
  });
}

export async function benchCli(
  rounds = 5,
  largeApps = Math.ceil(50_000 / RESOURCES_PER_APP),
): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const load = loadavg()[0]?.toFixed(2) ?? '?';
  const dir = writeRepository(300);
  try {
    const threaded: CliRun[] = [];
    const single: CliRun[] = [];
    for (let round = 0; round < rounds; round++) {
      threaded.push(await runCli(dir, ['--jobs', String(THREADS)]));
      single.push(await runCli(dir, ['--jobs', '1']));
    }
    if (threaded[0]!.findings !== single[0]!.findings)
      throw new Error('threaded and one-thread runs disagree');
    const resources = 300 * RESOURCES_PER_APP;
    const ms = median(threaded.map((r) => r.ms));
    const peerMs = median(single.map((r) => r.ms));
    rows.push({
      name: `[cli] 300 files, ${resources} resources, ${threaded[0]!.findings} findings, load ${load} (--jobs ${THREADS}; peer: --jobs 1)`,
      ms,
      peerMs,
      ratio: ms / peerMs,
    });
    // Throughput is not time: the "ms" columns carry resources per second here, named so in the label.
    rows.push({
      name: '[cli] resources/s, all cores (peer: --jobs 1)',
      ms: (resources / ms) * 1000,
      peerMs: (resources / peerMs) * 1000,
      ratio: peerMs / ms,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  if (largeApps > 0) {
    const large = writeRepository(largeApps);
    try {
      const threadedRuns: CliRun[] = [];
      const singleRuns: CliRun[] = [];
      for (let round = 0; round < 3; round++) {
        threadedRuns.push(await runCli(large, ['--jobs', String(THREADS)]));
        singleRuns.push(await runCli(large, ['--jobs', '1']));
      }
      const resources = largeApps * RESOURCES_PER_APP;
      const ms = median(threadedRuns.map((r) => r.ms));
      const peerMs = median(singleRuns.map((r) => r.ms));
      rows.push({
        name: `[cli] ${resources} resources, load ${loadavg()[0]?.toFixed(2) ?? '?'}: wall time (peer: --jobs 1)`,
        ms,
        peerMs,
        ratio: ms / peerMs,
      });
      rows.push({
        name: `[cli] ${resources} resources: resources/s (peer: --jobs 1)`,
        ms: (resources / ms) * 1000,
        peerMs: (resources / peerMs) * 1000,
        ratio: peerMs / ms,
      });
      const rss = median(threadedRuns.map((r) => r.peakRssMb));
      const peerRss = median(singleRuns.map((r) => r.peakRssMb));
      rows.push({
        name: `[cli] ${resources} resources: peak RSS, MB (peer: --jobs 1)`,
        ms: rss,
        peerMs: peerRss,
        ratio: rss / peerRss,
      });
    } finally {
      rmSync(large, { recursive: true, force: true });
    }
  }
  return rows;
}

if (require.main === module) {
  const large = process.argv.includes('--no-large') ? 0 : undefined;
  void benchCli(5, large).then((rows) => {
    for (const r of rows)
      console.log(
        `${r.name.padEnd(78)} ${r.ms.toFixed(1).padStart(9)}  peer ${r.peerMs.toFixed(1).padStart(9)}  ratio ${r.ratio.toFixed(3)}`,
      );
  });
}
