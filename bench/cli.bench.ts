/**
 * `hpa-lint` over a repository: the 300-app release of lint.bench.ts (one app in ten broken) split
 * into one file per app, written to a temporary folder, linted by the built CLI as CI would run it
 * (`node dist/cli.js DIR --format json`, the plan chosen by the CLI: batches on this thread for the
 * 300 files, and on the idle cores, if any, for 50,000 resources; cli/parallelLint.ts). Interleaved
 * with it, so all see the same machine load, run the same CLI with one thread per core asked for
 * (`--jobs <cores>`) and two peers; medians of the rounds are reported:
 * - the same CLI on one thread, the whole workspace at once (`--jobs 1`);
 * - a floor: a `node` process that reads the same files and parses them with `yaml`'s
 *   `parseAllDocuments`, on one thread, without any rule, index or output: what any linter
 *   built on that parser spends at least, start-up included;
 * - a lower floor: the same, parsing only the documents this linter parses (READ_FLOOR_SCRIPT).
 * Throughput is in resources per second; peak RSS is the process's (every thread's memory).
 * A second case lints a generated 50,000-resource repository (three rounds each way), for
 * throughput at scale and memory. The load average is printed with each case: on a shared 2-core
 * machine the ratios hold better than the absolute times.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BenchRow, releaseApp } from './lint.bench';
import { median } from './stats';

const ROOT = resolve(__dirname, '..');
const CLI = resolve(ROOT, 'dist', 'cli.js');
/** Threads asked for explicitly in the third run: one per core, whatever the machine's load. */
const CORES = availableParallelism();
/** Documents per app in releaseApp(): ConfigMap, Service, ServiceAccount, Deployment, HPA, PDB, Ingress. */
const RESOURCES_PER_APP = 7;
/** Loaded before the CLI, prints the process's peak resident memory (all threads) on exit. */
const PEAK_RSS_HOOK = `process.on('exit', () => process.stderr.write('peak-rss-kb ' + process.resourceUsage().maxRSS + '\\n'));`;
/**
 * The floor: read each file of the folder (argv[1]) and parse it with yaml, printing the
 * number of documents as the CLI's JSON output would be printed. `yaml` is the project's copy.
 */
const FLOOR_SCRIPT = `
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseAllDocuments } = require(${JSON.stringify(require.resolve('yaml', { paths: [ROOT] }))});
const dir = process.argv[1];
let documents = 0;
for (const name of readdirSync(dir).sort())
  if (/\\.ya?ml$/.test(name)) documents += parseAllDocuments(readFileSync(join(dir, name), 'utf8')).length;
process.stdout.write(JSON.stringify([{ documents, diagnostics: [] }]));
`;

/**
 * A lower floor: the same, but parsing only the documents this linter parses in these files (the
 * HPA and the Deployment of each app; documents.ts skips the other five kinds unparsed). What is
 * left between it and the CLI is the bundle's load, the index, the rules and the output.
 */
const READ_FLOOR_SCRIPT = `
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { parseDocument } = require(${JSON.stringify(require.resolve('yaml', { paths: [ROOT] }))});
const dir = process.argv[1];
let documents = 0;
for (const name of readdirSync(dir).sort())
  if (/\\.ya?ml$/.test(name))
    for (const text of readFileSync(join(dir, name), 'utf8').split(/^(?=---$)/m))
      if (/^kind: (?:HorizontalPodAutoscaler|Deployment)$/m.test(text)) documents += parseDocument(text).errors.length + 1;
process.stdout.write(JSON.stringify([{ documents, diagnostics: [] }]));
`;

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

/** Runs `node <args>` with the peak-RSS hook; the time is from spawn to exit. */
function runNode(dir: string, args: string[]): Promise<CliRun> {
  const hook = join(dir, '..', `${dir.split('/').pop()}-peak-rss.cjs`);
  writeFileSync(hook, PEAK_RSS_HOOK);
  return new Promise((resolveRun, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, ['--require', hook, ...args], {
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
      if (code !== 0 && code !== 1) return reject(new Error(`node ${args[0]} exited ${code}: ${stderr}`));
      const kb = Number(/peak-rss-kb (\d+)/.exec(stderr)?.[1] ?? NaN);
      const findings = (JSON.parse(stdout) as { diagnostics: unknown[] }[]).reduce(
        (n, f) => n + f.diagnostics.length,
        0,
      );
      resolveRun({ ms, peakRssMb: kb / 1024, findings });
    });
  });
}

const runCli = (dir: string, flags: string[]): Promise<CliRun> =>
  runNode(dir, [CLI, dir, '--format', 'json', ...flags]);
const runFloor = (dir: string): Promise<CliRun> => runNode(dir, ['-e', FLOOR_SCRIPT, dir]);
const runReadFloor = (dir: string): Promise<CliRun> => runNode(dir, ['-e', READ_FLOOR_SCRIPT, dir]);

function load(): string {
  return loadavg()[0]?.toFixed(2) ?? '?';
}

/** The rows of one repository: wall time, throughput and peak RSS against `--jobs 1`, time against the floor. */
async function measure(label: string, apps: number, rounds: number): Promise<BenchRow[]> {
  const dir = writeRepository(apps);
  try {
    const loadBefore = load();
    const auto: CliRun[] = [];
    const threaded: CliRun[] = [];
    const single: CliRun[] = [];
    const floor: CliRun[] = [];
    const readFloor: CliRun[] = [];
    for (let round = 0; round < rounds; round++) {
      auto.push(await runCli(dir, []));
      threaded.push(await runCli(dir, ['--jobs', String(CORES)]));
      single.push(await runCli(dir, ['--jobs', '1']));
      floor.push(await runFloor(dir));
      readFloor.push(await runReadFloor(dir));
    }
    const findings = single[0]!.findings;
    if ([...auto, ...threaded, ...single].some((r) => r.findings !== findings))
      throw new Error('the automatic, threaded and one-thread runs disagree');
    const resources = apps * RESOURCES_PER_APP;
    const ms = median(auto.map((r) => r.ms));
    const threadedMs = median(threaded.map((r) => r.ms));
    const oneThreadMs = median(single.map((r) => r.ms));
    const floorMs = median(floor.map((r) => r.ms));
    const readFloorMs = median(readFloor.map((r) => r.ms));
    const rss = median(auto.map((r) => r.peakRssMb));
    const threadedRss = median(threaded.map((r) => r.peakRssMb));
    const oneThreadRss = median(single.map((r) => r.peakRssMb));
    const loads = `load ${loadBefore}-${load()}`;
    return [
      {
        name: `[cli] ${label}, ${resources} resources, ${findings} findings, ${loads}: wall ms (peer: --jobs 1)`,
        ms,
        peerMs: oneThreadMs,
        ratio: ms / oneThreadMs,
      },
      // Throughput is not time: the "ms" columns carry resources per second here, named so in the label.
      {
        name: `[cli] ${label}: resources/s (peer: --jobs 1)`,
        ms: (resources / ms) * 1000,
        peerMs: (resources / oneThreadMs) * 1000,
        ratio: oneThreadMs / ms,
      },
      {
        name: `[cli] ${label}: --jobs ${CORES}, resources/s (peer: --jobs 1)`,
        ms: (resources / threadedMs) * 1000,
        peerMs: (resources / oneThreadMs) * 1000,
        ratio: oneThreadMs / threadedMs,
      },
      {
        name: `[cli] ${label}: wall ms (peer: the floor, node + yaml parseAllDocuments of the files)`,
        ms,
        peerMs: floorMs,
        ratio: ms / floorMs,
      },
      {
        name: `[cli] ${label}: wall ms (peer: node + yaml parse of only the HPAs and Deployments)`,
        ms,
        peerMs: readFloorMs,
        ratio: ms / readFloorMs,
      },
      {
        name: `[cli] ${label}: peak RSS, MB (peer: --jobs 1)`,
        ms: rss,
        peerMs: oneThreadRss,
        ratio: rss / oneThreadRss,
      },
      {
        name: `[cli] ${label}: --jobs ${CORES}, peak RSS, MB (peer: --jobs 1)`,
        ms: threadedRss,
        peerMs: oneThreadRss,
        ratio: threadedRss / oneThreadRss,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchCli(
  rounds = 7,
  largeApps = Math.ceil(50_000 / RESOURCES_PER_APP),
): Promise<BenchRow[]> {
  const rows = await measure('300 files', 300, rounds);
  if (largeApps > 0) rows.push(...(await measure(`${largeApps} files`, largeApps, 3)));
  return rows;
}

if (require.main === module) {
  const large = process.argv.includes('--no-large') ? 0 : undefined;
  void benchCli(7, large).then((rows) => {
    for (const r of rows)
      console.log(
        `${r.name.padEnd(96)} ${r.ms.toFixed(1).padStart(9)}  peer ${r.peerMs.toFixed(1).padStart(9)}  ratio ${r.ratio.toFixed(3)}`,
      );
  });
}
