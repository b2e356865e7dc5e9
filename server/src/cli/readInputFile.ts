/** One input file of `simulate`, `tune` or `conformance`, or a usage error naming it, in the run's language. */
import { t } from '../localize';
import { type CliIO } from './io';
import { UsageError } from '../usageError';

export async function readInputFile(io: CliIO, file: string): Promise<string> {
  try {
    return await io.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? t('no such file') : ((err as Error).message ?? String(err));
    throw new UsageError(t('cannot read {file}: {reason}', { file, reason }));
  }
}
