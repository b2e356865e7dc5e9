/**
 * CSV in and out of the preview and `hpa-lint simulate`. Export: the timeline of every run, one row per sync. Import: a
 * load the user recorded, one column per metric, values as Kubernetes quantities (`1500m`, `1.5`,
 * `2Gi`) so they read like the manifest, or `-` where the metric reported nothing. An exported file
 * loads back unchanged (its `load:<metric>` columns are recognised).
 */
import type { LoadSeries, SimulationResult } from '../engine/simulationTypes';
import { parseQuantity } from '../engine/quantity';
import { translate } from '../l10n/catalog';
import { PREVIEW_CATALOG, type PreviewKey } from '../l10n/catalogs/preview';
import type { PreviewLocale } from './locale';

/**
 * The cell that marks a metric as missing from its row on. A lone `-` cannot be a Kubernetes
 * quantity (a sign needs digits after it), so no value is ever read as a gap or the other way round.
 */
export const MISSING_CELL = '-';

/**
 * Quotes a cell when needed; text cells that a spreadsheet would run as a formula get a leading
 * quote. The missing cell stays as is: a lone `-` is no formula (nothing follows the sign).
 */
export function csvCell(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = value;
  if (text !== MISSING_CELL && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function row(cells: (string | number)[]): string {
  return cells.map(csvCell).join(',');
}

/** The unit of an exported load column, in its header (the import drops it again). */
const LOAD_UNITS: Record<string, string> = { cpu: ' (cores)', memory: ' (bytes)' };

/** A run of the timeline: the preview's variants, or the one run of `hpa-lint simulate`. */
export interface TimelineRun {
  key: string;
  result: SimulationResult;
}

/**
 * The one timeline grammar, written by the preview's "Export CSV" and `hpa-lint simulate --format
 * csv` alike, and read back as a load by both (`parseLoadCsv`: its `load:<metric>` columns), so an
 * exported run replays as the same run.
 *
 * Columns: time, each metric's load (a plain number in base units: cores, bytes or the metric's
 * value), then per run the replicas, ready replicas, desired replicas, the reason code, each
 * metric's value in milli-units, what limited the step, and each metric's target (milli-units, or
 * percent for Utilization), utilization (percent of request) and proposal; with `actual`, a last
 * column `actual:replicas` (what the HPA really did, empty where unknown). Rows follow the first
 * run's syncs; every run shares the same sync times.
 */
export function timelineToCsv(
  runs: readonly TimelineRun[],
  metricNames: readonly string[],
  actual?: readonly (number | null)[],
): string {
  const header: string[] = ['t_seconds', ...metricNames.map((m) => `load:${m}${LOAD_UNITS[m] ?? ''}`)];
  for (const run of runs) {
    header.push(`${run.key}:replicas`, `${run.key}:ready`, `${run.key}:desired`, `${run.key}:reason`);
    for (const m of metricNames) header.push(`${run.key}:${m}:value_milli`);
    header.push(`${run.key}:limited_by`);
    for (const m of metricNames)
      header.push(
        `${run.key}:${m}:target`,
        `${run.key}:${m}:utilization_percent`,
        `${run.key}:${m}:proposal`,
      );
  }
  if (actual) header.push('actual:replicas');
  const lines = [row(header)];
  const first = runs[0];
  if (!first) return lines.join('\n') + '\n';
  const cellsPerRun = 5 + metricNames.length * 4;
  first.result.steps.forEach((step, i) => {
    const cells: (string | number)[] = [step.t];
    for (const m of metricNames) {
      const load = step.load[m];
      // A plain number a spreadsheet can sum (cores, bytes or the metric's value; the unit is in the
      // header), and still a quantity the import reads back (`0.304` is `304m`). No load at a sync
      // means the metric was missing there (a gap): the missing cell, so the import keeps the gap.
      cells.push(load === undefined ? MISSING_CELL : Math.round(load) / 1000);
    }
    for (const run of runs) {
      const s = run.result.steps[i];
      if (!s) {
        cells.push(...Array<string>(cellsPerRun).fill(''));
        continue;
      }
      const samples = metricNames.map((m) => s.metrics.find((x) => x.name === m));
      cells.push(s.replicas, s.readyReplicas, s.desiredReplicas, s.reason);
      for (const sample of samples) cells.push(sample ? sample.value : '');
      cells.push(s.limitedBy ?? '');
      for (const sample of samples)
        cells.push(sample?.target ?? '', sample?.utilization ?? '', sample?.proposal ?? '');
    }
    if (actual) cells.push(actual[i] ?? '');
    lines.push(row(cells));
  });
  return lines.join('\n') + '\n';
}

export interface LoadCsv {
  loads: LoadSeries[];
  /** Number of data rows read. */
  rows: number;
  /** Header columns that matched no metric of the HPA (ignored). */
  ignoredColumns: string[];
  /** Time of the last row, in seconds. */
  lastT: number;
  /**
   * The time the recording covers, from 0: the last row holds for as long as the row before it did
   * (rows every 60 s up to 7140 s cover 7200 s, as a Prometheus range covers end - start + step).
   * null for a single row, which has no span of its own.
   */
  spanSeconds: number | null;
}

/** What can be wrong with a load file: a message of the preview bundles (`csv.*` in common/l10n). */
export type CsvProblem = Extract<PreviewKey, `csv.${string}`>;

/**
 * What is wrong with a load file and where: `line` is the 1-based line of the file (comments and
 * blank lines counted), absent when the file as a whole is at fault. The problem is a bundle key with
 * its values, so the preview and `hpa-lint` (`file:line: detail`) say it in the user's language;
 * `message` and `detail` are English.
 */
export class CsvError extends Error {
  constructor(
    readonly problem: CsvProblem,
    readonly args: Record<string, string | number> = {},
    readonly line?: number,
  ) {
    super(describeCsvProblem('en', problem, args, line));
    this.name = 'CsvError';
  }

  /** What is wrong, without the line, in English. */
  get detail(): string {
    return this.detailIn('en');
  }

  /** What is wrong, without the line, in `locale`. */
  detailIn(locale: PreviewLocale): string {
    return translate(PREVIEW_CATALOG, locale, this.problem, this.args);
  }

  /** What is wrong and on which line, in `locale`: what the preview shows. */
  describe(locale: PreviewLocale): string {
    return describeCsvProblem(locale, this.problem, this.args, this.line);
  }
}

function describeCsvProblem(
  locale: PreviewLocale,
  problem: CsvProblem,
  args: Record<string, string | number>,
  line: number | undefined,
): string {
  const detail = translate(PREVIEW_CATALOG, locale, problem, args);
  return line === undefined ? detail : translate(PREVIEW_CATALOG, locale, 'csv.atLine', { line, detail });
}

const MAX_ROWS = 200_000;

/**
 * The end of a gap that no later value closes: it lasts to the end of any run. A finite number, so
 * the load still crosses JSON (replays) unchanged.
 */
const OPEN_GAP_END = Number.MAX_SAFE_INTEGER;
const TIME_HEADERS = new Set(['t', 'time', 't_seconds', 'seconds', 'time_seconds']);

/** One row of a CSV file with the line it starts on. */
export interface CsvRow {
  cells: string[];
  line: number;
}

/**
 * Splits CSV text into rows of trimmed cells with their line numbers (RFC 4180 quoting, a quoted
 * cell may span lines; a leading BOM, `#` comment lines and blank lines skipped).
 */
export function splitCsvRows(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRow = () => {
    cells.push(cell);
    cell = '';
    const blank = cells.length === 1 && cells[0]!.trim() === '';
    if (!blank && !cells[0]!.trimStart().startsWith('#'))
      rows.push({ cells: cells.map((c) => c.trim()), line: rowLine });
    cells = [];
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') line++;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n') {
      endRow();
      rowLine = line;
    } else if (c !== '\r') cell += c;
  }
  if (quoted) throw new CsvError('csv.quoteNotClosed', {}, rowLine);
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** The cells of each row, without line numbers. */
export function splitCsv(text: string): string[][] {
  return splitCsvRows(text).map((row) => row.cells);
}

function parseTime(cell: string, line: number): number {
  const t = cell === '' ? NaN : Number(cell);
  if (!Number.isFinite(t) || t < 0) throw new CsvError('csv.badTime', { cell }, line);
  return t;
}

function parseValue(cell: string, line: number, column: string): number {
  let milli: number;
  try {
    milli = parseQuantity(cell);
  } catch {
    milli = NaN;
  }
  if (!Number.isFinite(milli) || milli < 0) {
    throw new CsvError('csv.badQuantity', { column, cell }, line);
  }
  return milli;
}

/** Maps header names to metrics: `cpu` or `load:cpu` (as exported); a lone `value`/`load` column feeds the first metric. */
function headerColumns(header: CsvRow, metricNames: string[], ignored: string[]): (string | null)[] {
  const first = header.cells[0] ?? '';
  if (!TIME_HEADERS.has(first.toLowerCase())) {
    throw new CsvError('csv.firstColumnNotTime', { first }, header.line);
  }
  const rest = header.cells.slice(1);
  const columns = rest.map((name, i) => {
    if (name === '') throw new CsvError('csv.emptyHeader', { column: i + 2 }, header.line);
    const bare = name.startsWith('load:')
      ? name.slice('load:'.length).replace(/ \((cores|bytes)\)$/, '')
      : name;
    if (metricNames.includes(bare)) return bare;
    if (rest.length === 1 && (bare.toLowerCase() === 'value' || bare.toLowerCase() === 'load'))
      return metricNames[0]!;
    ignored.push(name);
    return null;
  });
  columns.forEach((name, i) => {
    if (name !== null && columns.indexOf(name) !== i)
      throw new CsvError('csv.twoColumns', { metric: name }, header.line);
  });
  return columns;
}

/**
 * The one load-file grammar, for the preview's "Load CSV…" and `hpa-lint simulate --load`.
 *
 * With a header, the first column is the time in seconds (`t`, `time`, `seconds`...) and the others
 * are matched by metric name (`cpu`, or `load:cpu` as the preview exports); columns naming no metric
 * of the HPA are ignored and listed. Without a header, columns follow the metrics in order. Values
 * are Kubernetes quantities or plain numbers; a value holds until the next one (an empty cell keeps
 * it, and the first value also holds before its row). A `-` cell ({@link MISSING_CELL}) marks the
 * metric missing from its row until the next value (empty cells keep the gap open; with no later
 * value it lasts to the end of the run): it becomes a span of `LoadSeries.gaps`, where the
 * controller finds no metric, as in a live replay of recorded data with holes. Times must increase.
 * @throws CsvError with the line of the file at fault.
 */
export function parseLoadCsv(text: string, metricNames: string[]): LoadCsv {
  if (metricNames.length === 0) throw new CsvError('csv.noMetric');
  const rows = splitCsvRows(text);
  const first = rows[0];
  if (!first) throw new CsvError('csv.noRows');
  const hasHeader = !Number.isFinite(Number(first.cells[0])) || first.cells[0] === '';
  const ignored: string[] = [];
  const columns = hasHeader
    ? headerColumns(first, metricNames, ignored)
    : first.cells.slice(1).map((_, i) => metricNames[i] ?? null);
  if (!columns.some((c) => c !== null)) {
    throw new CsvError('csv.noMatchingColumn', { metrics: metricNames.join(', ') }, first.line);
  }
  const data = hasHeader ? rows.slice(1) : rows;
  if (data.length === 0) throw new CsvError('csv.noDataRows');
  if (data.length > MAX_ROWS) throw new CsvError('csv.tooManyRows', { rows: data.length, max: MAX_ROWS });
  const series = new Map<string, LoadSeries>();
  for (const name of columns)
    if (name !== null && !series.has(name)) series.set(name, { metric: name, points: [] });
  // Per metric, the start of the gap a `-` opened and no value has closed yet.
  const openGaps = new Map<string, number>();
  const addGap = (s: LoadSeries, from: number, to: number) => (s.gaps ??= []).push({ from, to });
  let lastT = -1;
  let previousT = -1;
  for (const { cells, line } of data) {
    if (cells.length > columns.length + 1)
      throw new CsvError(
        hasHeader ? 'csv.tooManyValuesForHeader' : 'csv.tooManyValues',
        { max: columns.length + 1, found: cells.length, header: first.cells.join(',') },
        line,
      );
    const t = parseTime(cells[0] ?? '', line);
    if (t <= lastT) throw new CsvError('csv.timeNotIncreasing', { t, previous: lastT }, line);
    previousT = lastT;
    lastT = t;
    columns.forEach((name, c) => {
      if (name === null) return;
      const cell = cells[c + 1] ?? '';
      if (cell === '') return; // an empty cell keeps the previous value or gap (a step function)
      if (cell === MISSING_CELL) {
        if (!openGaps.has(name)) openGaps.set(name, t);
        return;
      }
      const s = series.get(name)!;
      const value = parseValue(cell, line, name);
      const gapFrom = openGaps.get(name);
      if (gapFrom !== undefined) {
        addGap(s, gapFrom, t);
        openGaps.delete(name);
      }
      s.points.push({ t, value });
    });
  }
  for (const [name, from] of openGaps) addGap(series.get(name)!, from, OPEN_GAP_END);
  for (const s of series.values())
    if (s.points.length === 0 && !s.gaps) throw new CsvError('csv.noValues', { column: s.metric });
  const spanSeconds = previousT < 0 ? null : lastT + (lastT - previousT);
  return { loads: [...series.values()], rows: data.length, ignoredColumns: ignored, lastT, spanSeconds };
}
