/**
 * Runs fuzz cases through the in-process pipeline and the CLI and checks the properties that must
 * hold for any input: nothing throws, every range lies inside its document, nothing reaches
 * Object.prototype, and a normal document linted after the case still gets exactly its diagnostics.
 * Failures are collected, not thrown, so one run reports all of them.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigCases, type CaseType, type FuzzCase, randomCases } from './cases';
import { loadCorpus } from './corpus';
import { InProcessServer, runCli } from './inProcess';
import { lineModel, rangeProblem } from './rangeCheck';
import { NORMAL_DOCUMENT, NORMAL_URI } from './normalDocument';

export interface FuzzOptions {
  cases: number;
  seed: number;
  /** Size of the huge-file case. */
  hugeBytes: number;
  /** Run the CLI on one case in this many. */
  cliEvery?: number;
  /** A case taking longer than this in total (lint, features, CLI) is a failure; unset in tests, which time nothing. */
  budgetMs?: number;
  /** Called before each case, e.g. to tell a watchdog which case is running. */
  onCaseStart?: (index: number, fuzzCase: FuzzCase) => void;
  log?: (line: string) => void;
}

export interface CaseFailure {
  type: CaseType;
  label: string;
  where: string;
  problem: string;
  /** Where the input was saved for replay. */
  savedAs?: string;
}

export interface LatencyStats {
  count: number;
  worstMs: number;
  totalMs: number;
}

export interface FuzzReport {
  casesTried: number;
  exceptions: number;
  failures: CaseFailure[];
  latency: Partial<Record<CaseType, LatencyStats>>;
  cliRuns: number;
  corpusFiles: number;
  corpusNote?: string;
}

const CASE_URI = 'file:///fuzz/case.yaml';
const BIG_TYPES: ReadonlySet<CaseType> = new Set([
  'deep-nesting',
  'many-documents',
  'alias-bomb',
  'huge-file',
]);
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort().join(',');

export function newReport(): FuzzReport {
  return { casesTried: 0, exceptions: 0, failures: [], latency: {}, cliRuns: 0, corpusFiles: 0 };
}

export function recordLatency(report: FuzzReport, type: CaseType, ms: number): void {
  const stats = (report.latency[type] ??= { count: 0, worstMs: 0, totalMs: 0 });
  stats.count++;
  stats.totalMs += ms;
  stats.worstMs = Math.max(stats.worstMs, ms);
}

let saveDir: string | undefined;
/** Keeps a failing input outside the repo, so it can be replayed. */
export function saveInput(text: string): string {
  saveDir ??= mkdtempSync(join(tmpdir(), 'hpa-fuzz-'));
  const path = join(saveDir, `case-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.yaml`);
  writeFileSync(path, text);
  return path;
}

export function describeError(err: unknown): string {
  if (err instanceof Error) return (err.stack ?? err.message).split('\n').slice(0, 6).join(' | ');
  return String(err);
}

export function allCases(options: FuzzOptions): {
  cases: FuzzCase[];
  corpusFiles: number;
  corpusNote?: string;
} {
  const corpus = loadCorpus();
  const cases = [...randomCases(corpus.files, options.cases, options.seed), ...bigCases(options.hugeBytes)];
  return {
    cases,
    corpusFiles: corpus.files.length,
    ...(corpus.missing ? { corpusNote: corpus.missing } : {}),
  };
}

/** Positions inside the document to ask hover and completion about: line starts, just after a `key:`, line ends. */
export function probePositions(text: string, index: number): { line: number; character: number }[] {
  const lines = lineModel(text);
  const rawLines = text.split(/\r\n|\r|\n/);
  const count = Math.min(8, lines.lineCount);
  const out: { line: number; character: number }[] = [];
  for (let k = 0; k < count; k++) {
    const line = Math.floor(((k + (index % 3) / 3) * lines.lineCount) / count) % lines.lineCount;
    const length = lines.lineLength(line);
    const colon = (rawLines[line] ?? '').indexOf(':');
    out.push({ line, character: 0 }, { line, character: length });
    if (colon !== -1 && colon + 2 <= length) out.push({ line, character: colon + 2 });
  }
  return out;
}

/** Positions a stale or broken client might send: past the last line, past a line's end. */
const OUTSIDE_POSITIONS = [
  { line: 1_000_000, character: 500 },
  { line: 0, character: 100_000 },
];

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => undefined);
  const report = newReport();
  const { cases, corpusFiles, corpusNote } = allCases(options);
  report.corpusFiles = corpusFiles;
  if (corpusNote) {
    report.corpusNote = corpusNote;
    log(`corpus skipped: ${corpusNote}`);
  }

  const server = new InProcessServer();
  const baseline = JSON.stringify(server.lint(NORMAL_URI, NORMAL_DOCUMENT).diagnostics);
  const cliEvery = options.cliEvery ?? 4;

  for (let index = 0; index < cases.length; index++) {
    const fuzzCase = cases[index]!;
    options.onCaseStart?.(index, fuzzCase);
    const caseStarted = performance.now();
    const failures = await checkCase(server, fuzzCase, index, index % cliEvery === 0);
    const caseMs = performance.now() - caseStarted;
    if (options.budgetMs !== undefined && caseMs > options.budgetMs) {
      failures.list.push({
        where: 'time budget',
        problem: `case #${index} took ${caseMs.toFixed(0)} ms (budget ${options.budgetMs} ms)`,
      });
    }
    report.casesTried++;
    if (failures.cliRan) report.cliRuns++;
    recordLatency(report, fuzzCase.type, failures.ms);

    const normal = JSON.stringify(server.lint(NORMAL_URI, NORMAL_DOCUMENT).diagnostics);
    if (normal !== baseline)
      failures.list.push({ where: 'normal document after', problem: `diagnostics changed: ${normal}` });
    if (
      Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== PROTOTYPE_KEYS ||
      ({} as Record<string, unknown>).polluted !== undefined
    ) {
      failures.list.push({ where: 'Object.prototype', problem: 'polluted' });
    }

    if (failures.list.length > 0) {
      const savedAs = saveInput(fuzzCase.text);
      for (const f of failures.list) {
        if (f.exception) report.exceptions++;
        report.failures.push({
          type: fuzzCase.type,
          label: fuzzCase.label.slice(0, 300),
          where: f.where,
          problem: f.problem,
          savedAs,
        });
        log(`FAIL ${fuzzCase.type} [${f.where}] ${f.problem.slice(0, 400)} (input: ${savedAs})`);
      }
    }
    if ((index + 1) % 250 === 0) log(`${index + 1}/${cases.length} cases`);
  }
  return report;
}

interface CaseResult {
  ms: number;
  cliRan: boolean;
  list: { where: string; problem: string; exception?: boolean }[];
}

/** One case: lint (timed), ranges, preview, features, and the CLI when asked. */
export async function checkCase(
  server: InProcessServer,
  fuzzCase: FuzzCase,
  index: number,
  withCli: boolean,
): Promise<CaseResult> {
  const result: CaseResult = { ms: 0, cliRan: false, list: [] };
  const { text } = fuzzCase;
  const lines = lineModel(text);
  const attempt = (where: string, run: () => void): void => {
    try {
      run();
    } catch (err) {
      result.list.push({ where, problem: describeError(err), exception: true });
    }
  };

  let outcome: ReturnType<InProcessServer['lint']> | undefined;
  const started = performance.now();
  attempt('lint', () => {
    outcome = server.lint(CASE_URI, text, index + 1);
  });
  result.ms = performance.now() - started;
  if (outcome) {
    for (const d of outcome.diagnostics) {
      const problem = rangeProblem(d.range, lines);
      if (problem)
        result.list.push({
          where: `diagnostic ${d.rule}`,
          problem: `${problem}: ${JSON.stringify(d.range)}`,
        });
    }
    if (outcome.mismatch) result.list.push({ where: 'read fields vs full parse', problem: outcome.mismatch });
    if (outcome.skipped !== text.length > server.settings.maxFileSizeBytes) {
      result.list.push({
        where: 'size guard',
        problem: `skipped=${outcome.skipped} for ${text.length} characters`,
      });
    }
  }
  attempt('preview', () => {
    server.preview(CASE_URI, 0);
    server.preview(CASE_URI, Math.floor(lines.lineCount / 2));
  });
  // The features read what the lint indexed; the huge file is the size guard's business.
  if (fuzzCase.type !== 'huge-file') {
    attempt('features', () => {
      // Big inputs get two probes: the point is that it answers.
      const probes = probePositions(text, index).slice(0, BIG_TYPES.has(fuzzCase.type) ? 2 : undefined);
      const ranges = server.features(CASE_URI, text, probes, outcome?.diagnostics ?? []);
      for (const range of ranges) {
        const problem = rangeProblem(range, lines);
        if (problem)
          result.list.push({
            where: 'feature edit/hover range',
            problem: `${problem}: ${JSON.stringify(range)}`,
          });
      }
    });
    // Answers to positions outside the document are not checked, only that asking does not throw.
    attempt(
      'features outside the document',
      () => void server.features(CASE_URI, text, OUTSIDE_POSITIONS, []),
    );
  }
  if (withCli) {
    result.cliRan = true;
    await checkCli(fuzzCase, index, lines, result);
  }
  return result;
}

const CLI_FORMATS = ['json', 'sarif', 'stylish'] as const;

async function checkCli(
  fuzzCase: FuzzCase,
  index: number,
  lines: ReturnType<typeof lineModel>,
  result: CaseResult,
): Promise<void> {
  const format = CLI_FORMATS[index % CLI_FORMATS.length]!;
  try {
    const lint = await runCli(['case.yaml', '--format', format, '--locale', 'en'], {
      'case.yaml': fuzzCase.text,
    });
    if (lint.code !== 0 && lint.code !== 1) {
      result.list.push({
        where: `cli lint --format ${format}`,
        problem: `exit ${lint.code}: ${lint.stderr.trim()}`,
        exception: /internal error/.test(lint.stderr),
      });
    } else if (format === 'json') {
      const parsed = JSON.parse(lint.stdout) as {
        diagnostics: { range: Parameters<typeof rangeProblem>[0] }[];
      }[];
      for (const d of parsed[0]?.diagnostics ?? []) {
        const problem = rangeProblem(d.range, lines);
        if (problem) result.list.push({ where: 'cli json range', problem });
      }
    } else if (format === 'sarif') {
      JSON.parse(lint.stdout);
    }
    // The simulator reads what the manifest says: every wrong type must end in a clear message or a timeline.
    if (fuzzCase.type === 'wrong-type' || fuzzCase.type === 'corpus-mutation') {
      const simulate = await runCli(['simulate', 'case.yaml', '--format', 'json', '--duration', '300'], {
        'case.yaml': fuzzCase.text,
      });
      if (simulate.code !== 0 && (simulate.code !== 2 || /internal error/.test(simulate.stderr))) {
        result.list.push({
          where: 'cli simulate',
          problem: `exit ${simulate.code}: ${simulate.stderr.trim().slice(0, 300)}`,
          exception: true,
        });
      }
    }
  } catch (err) {
    result.list.push({ where: 'cli', problem: describeError(err), exception: true });
  }
}
