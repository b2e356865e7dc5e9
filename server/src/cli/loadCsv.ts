/**
 * Load files for `hpa-lint simulate --load`: the preview's grammar (common/preview/csv.ts), so a
 * file that loads in one loads in the other, including a timeline the preview exported. The CLI
 * only puts the file name and line in front of its errors.
 */
import { CsvError, type LoadCsv, parseLoadCsv as parseLoadGrammar } from '../../../common/preview/csv';
import { UsageError } from './io';

/**
 * Parses the CSV into one series per metric column.
 * @param knownMetrics the HPA's metric names; other columns are ignored and listed.
 * @throws UsageError naming `file:line` for anything malformed.
 */
export function parseLoadCsv(text: string, file: string, knownMetrics: readonly string[]): LoadCsv {
  try {
    return parseLoadGrammar(text, [...knownMetrics]);
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    throw new UsageError(`${file}${err.line === undefined ? '' : `:${err.line}`}: ${err.detail}`);
  }
}
