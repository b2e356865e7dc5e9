/**
 * Load files for `hpa-lint simulate --load`: the preview's grammar (common/preview/csv.ts), so a
 * file that loads in one loads in the other, including a timeline the preview exported. The CLI
 * puts the file name and line in front of its errors, which are in the run's language.
 */
import { CsvError, type LoadCsv, parseLoadCsv as parseLoadGrammar } from '../../../common/preview/csv';
import { currentLocale } from '../localize';
import { UsageError } from '../usageError';

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
    const where = err.line === undefined ? file : `${file}:${err.line}`;
    throw new UsageError(`${where}: ${err.detailIn(currentLocale())}`);
  }
}
