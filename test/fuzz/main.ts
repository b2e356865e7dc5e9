/**
 * `npm run fuzz` (scripts/fuzz.mjs runs this with tsx): the full fuzz run and the figures for the
 * report. `--cases N --seed S` set the random part; the big inputs always run, the huge file at a
 * real 50 MB. Peak memory is measured in fresh processes (one per big input, plus a baseline that
 * only loads the modules) so one case's garbage does not count against another, and over stdio
 * against dist/server.js from the kernel's high-water mark (/proc/PID/status VmHWM).
 * Exits 1 when any case failed.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aliasBomb, hugeFile } from './bigInputs';
import { HUGE_FILE_BYTES } from './cases';
import { InProcessServer, runCli } from './inProcess';
import { EDITOR_CAPABILITIES, LspClient } from '../support/lspClient';
import { probePositions, runFuzz } from './runner';

/** Generous: the 10,000-document file takes seconds on a loaded machine; a quadratic blow-up takes minutes. */
const CASE_BUDGET_MS = 30_000;

interface Args {
  cases: number;
  seed: number;
  measure?: string;
}

function parseArgs(argv: string[]): Args {
  const args: Args = { cases: 2000, seed: 20_261_129 };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    const number = Number(value);
    if (flag === '--cases' || flag === '--seed') {
      if (value === undefined || !Number.isInteger(number) || number < 0) {
        throw new Error(`${flag} needs a whole number >= 0, got ${value ?? 'nothing'}`);
      }
      if (flag === '--cases') args.cases = number;
      else args.seed = number;
      i++;
    } else if (flag === '--measure' && value !== undefined) {
      args.measure = value;
      i++;
    } else {
      throw new Error(`unknown argument ${flag}: use --cases N --seed S`);
    }
  }
  return args;
}

const MEASURED: Record<string, () => string> = {
  baseline: () => 'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nspec: {maxReplicas: 2}\n',
  'alias-bomb': aliasBomb,
  'huge-file': () => hugeFile(HUGE_FILE_BYTES),
};

interface Measurement {
  name: string;
  ms: number;
  peakRssMb: number;
}

/** Child mode: one input through the pipeline, the features and the CLI; prints time and peak RSS. */
async function measureOne(name: string): Promise<void> {
  const build = MEASURED[name];
  if (!build) throw new Error(`nothing to measure called ${name}`);
  const server = new InProcessServer();
  const text = build();
  const started = performance.now();
  const uri = 'file:///fuzz/measured.yaml';
  const outcome = server.lint(uri, text);
  server.preview(uri, 0);
  if (!outcome.skipped) server.features(uri, text, probePositions(text, 0).slice(0, 2), outcome.diagnostics);
  await runCli(['measured.yaml', '--format', 'json', '--locale', 'en'], { 'measured.yaml': text });
  const ms = performance.now() - started;
  const measurement: Measurement = { name, ms, peakRssMb: (process.resourceUsage().maxRSS * 1024) / 2 ** 20 };
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
}

function measureInChild(name: string): Measurement {
  const run = spawnSync(process.execPath, ['--import', 'tsx', __filename, '--measure', name], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !line.startsWith('{'))
    throw new Error(`measuring ${name} failed: ${run.stderr.slice(-2000)}`);
  return JSON.parse(line) as Measurement;
}

/** Peak RSS of the server process so far, from the kernel. */
function serverPeakMb(session: LspClient): number {
  const status = readFileSync(`/proc/${session.pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** The same two inputs over stdio: a fresh server each, time to diagnostics and the server's peak RSS. */
async function measureOverStdio(name: string): Promise<Measurement & { diagnostics: string }> {
  const session = await LspClient.start({ capabilities: EDITOR_CAPABILITIES });
  try {
    await session.settled('file:///warm-up.yaml');
    const text = MEASURED[name]!();
    const started = performance.now();
    const published = await session.openSettled(pathToFileURL(`/fuzz/${name}.yaml`).toString(), text);
    const ms = performance.now() - started;
    if (!published) throw new Error(`${name}: the server published nothing (${session.stderr.slice(-1000)})`);
    const codes = published.diagnostics.map((d) => String(d.code));
    const summary =
      [...new Set(codes)].map((c) => `${c}×${codes.filter((x) => x === c).length}`).join(', ') || 'none';
    return { name, ms, peakRssMb: serverPeakMb(session), diagnostics: summary };
  } finally {
    await session.stop();
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((cell, i) => cell.padEnd(widths[i]!)).join('  ')).join('\n');
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  if (args.measure) {
    await measureOne(args.measure);
    return 0;
  }
  const started = performance.now();
  console.log(
    `fuzz: ${args.cases} random cases, seed ${args.seed}, plus the big inputs (huge file ${HUGE_FILE_BYTES} bytes)`,
  );
  const report = await runFuzz({
    cases: args.cases,
    seed: args.seed,
    hugeBytes: HUGE_FILE_BYTES,
    budgetMs: CASE_BUDGET_MS,
    log: (line) => console.log(`  ${line}`),
    // scripts/fuzz.mjs watches these: a case that never ends is reported by index and seed.
    onCaseStart: (index, fuzzCase) =>
      process.send?.({ index, type: fuzzCase.type, label: fuzzCase.label.slice(0, 200) }),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `\ncases tried: ${report.casesTried} (${report.cliRuns} also through the CLI), corpus files: ${report.corpusFiles}, ${seconds} s`,
  );
  if (report.corpusNote) console.log(`corpus: ${report.corpusNote}`);
  console.log(`exceptions: ${report.exceptions}`);
  console.log(`failures: ${report.failures.length}`);
  const rows = [['case type', 'count', 'worst ms', 'mean ms']];
  for (const [type, stats] of Object.entries(report.latency)) {
    rows.push([
      type,
      String(stats.count),
      stats.worstMs.toFixed(1),
      (stats.totalMs / stats.count).toFixed(1),
    ]);
  }
  console.log(`\nlint latency per case type (in-process, one case = one open/change):\n${table(rows)}`);

  const measured = ['baseline', 'alias-bomb', 'huge-file'].map(measureInChild);
  const base = measured[0]!.peakRssMb;
  const memoryRows = [['input', 'pipeline+CLI ms', 'peak RSS MB', 'over baseline MB']];
  for (const m of measured)
    memoryRows.push([m.name, m.ms.toFixed(0), m.peakRssMb.toFixed(0), (m.peakRssMb - base).toFixed(0)]);
  console.log(`\nin-process, fresh process per input:\n${table(memoryRows)}`);

  const stdioRows = [['input', 'open -> diagnostics ms', 'server peak RSS MB', 'diagnostics']];
  for (const name of ['baseline', 'alias-bomb', 'huge-file']) {
    const m = await measureOverStdio(name);
    stdioRows.push([name, m.ms.toFixed(0), m.peakRssMb.toFixed(0), m.diagnostics]);
  }
  console.log(`\nover stdio against dist/server.js, fresh server per input:\n${table(stdioRows)}`);

  for (const f of report.failures.slice(0, 30))
    console.log(`FAIL ${f.type} [${f.where}] ${f.problem.slice(0, 300)} (${f.savedAs})`);
  return report.failures.length === 0 ? 0 : 1;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(`fuzz: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
