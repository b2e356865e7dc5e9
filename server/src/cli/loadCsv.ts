/**
 * Load files for `hpa-lint simulate --load`: a CSV with a header `t,<metric>...`, t in seconds,
 * one column per metric named as the metric is (cpu, memory, or the custom metric's name).
 * Values are Kubernetes quantities or plain numbers; a value holds until the next row, and an
 * empty cell keeps the previous row's value.
 */
import { parseQuantity, type LoadSeries } from '../../../common/engine';
import { UsageError } from './io';

function cells(line: string): string[] {
  return line.split(',').map((c) =>
    c
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );
}

/**
 * Parses the CSV into one series per metric column.
 * @param knownMetrics the HPA's metric names; any other column is an error.
 * @throws UsageError naming `file:line` for anything malformed.
 */
export function parseLoadCsv(text: string, file: string, knownMetrics: readonly string[]): LoadSeries[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  let header: string[] | null = null;
  let series: LoadSeries[] = [];
  let lastT = -Infinity;
  lines.forEach((raw, index) => {
    const lineNo = index + 1;
    const at = `${file}:${lineNo}`;
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const row = cells(line);
    if (header === null) {
      if ((row[0] ?? '').toLowerCase() !== 't') {
        throw new UsageError(
          `${at}: the header must start with "t" (seconds), then one column per metric, e.g. "t,cpu"`,
        );
      }
      if (row.length < 2) throw new UsageError(`${at}: the header names no metric column after "t"`);
      const names = row.slice(1);
      names.forEach((name, i) => {
        if (name === '') throw new UsageError(`${at}: column ${i + 2} of the header is empty`);
        if (!knownMetrics.includes(name)) {
          throw new UsageError(
            `${at}: unknown metric column "${name}" (this HPA's metrics: ${knownMetrics.join(', ') || 'none'})`,
          );
        }
        if (names.indexOf(name) !== i) throw new UsageError(`${at}: column "${name}" appears twice`);
      });
      header = names;
      series = names.map((metric) => ({ metric, points: [] }));
      return;
    }
    if (row.length !== header.length + 1) {
      throw new UsageError(
        `${at}: expected ${header.length + 1} values (t,${header.join(',')}), found ${row.length}`,
      );
    }
    const t = Number(row[0]);
    if (row[0] === '' || !Number.isFinite(t) || t < 0) {
      throw new UsageError(`${at}: t must be a number of seconds >= 0, found "${row[0]}"`);
    }
    if (t <= lastT) throw new UsageError(`${at}: t must increase from row to row (${t} after ${lastT})`);
    lastT = t;
    header.forEach((name, i) => {
      const cell = row[i + 1] ?? '';
      const s = series[i] as LoadSeries;
      if (cell === '') {
        const previous = s.points[s.points.length - 1];
        if (!previous) throw new UsageError(`${at}: the first row needs a value for "${name}"`);
        s.points.push({ t, value: previous.value });
        return;
      }
      let value: number;
      try {
        value = parseQuantity(cell);
      } catch {
        throw new UsageError(
          `${at}: "${cell}" in column "${name}" is not a quantity or number (e.g. 250m, 1.5, 2Gi)`,
        );
      }
      if (value < 0) throw new UsageError(`${at}: "${cell}" in column "${name}" is negative`);
      s.points.push({ t, value });
    });
  });
  if (header === null)
    throw new UsageError(`${file}: the load file is empty; expected a header such as "t,cpu"`);
  if (series.every((s) => s.points.length === 0))
    throw new UsageError(`${file}: the load file has a header but no rows`);
  return series;
}
