/**
 * `hpa-lint conformance <vectors.json> [--format text|json]`: runs conformance vectors (semantics
 * §4) through the engine. One line per failing case and a closing "N passed, M failed" line; exit
 * 1 if any case fails, 2 if the file cannot be read or parsed.
 */
import {
  runConformance as runVectors,
  type ConformanceOutcome,
} from '../../../common/conformance/conformance';
import { t } from '../localize';
import { readCommandLine } from './commandLine';
import { LOCALE_OPTION } from './commandLineLocale';
import { type CliIO } from './io';
import { UsageError } from '../usageError';
import { readInputFile } from './readInputFile';

function parseArgs(args: string[]): { file: string; format: 'text' | 'json' } {
  let format: 'text' | 'json' = 'text';
  const files: string[] = [];
  readCommandLine(args, {
    options: {
      // Missing at the end of the line, the format is "" (refused as such) and the locale nothing.
      '--format': {
        type: 'string',
        ifMissing: '',
        read: (v) => {
          if (v !== 'text' && v !== 'json')
            throw new UsageError(t('--format must be text or json, got "{value}"', { value: v }));
          format = v;
        },
      },
      '--locale': { ...LOCALE_OPTION, ifMissing: '' },
    },
    positional: (word) => files.push(word),
    unknown: (word) => t('unknown option {flag} for conformance', { flag: word }),
  });
  if (files.length !== 1)
    throw new UsageError(t('conformance needs exactly one vector file: hpa-lint conformance <vectors.json>'));
  return { file: files[0] as string, format };
}

function failureLine(o: ConformanceOutcome): string {
  return `FAIL [${o.layer}] ${o.name}: expected ${JSON.stringify(o.expected)}, got ${JSON.stringify(o.actual)}\n`;
}

export async function runConformance(args: string[], io: CliIO): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout('usage: hpa-lint conformance <vectors.json> [--format text|json]\n');
    return 0;
  }
  const { file, format } = parseArgs(args);
  const text = await readInputFile(io, file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new UsageError(t('{file}: not valid JSON: {detail}', { file, detail: (err as Error).message }));
  }
  let outcomes: ConformanceOutcome[];
  try {
    outcomes = runVectors(data);
  } catch (err) {
    throw new UsageError(`${file}: ${(err as Error).message}`);
  }
  const failed = outcomes.filter((o) => !o.pass);
  if (format === 'json') {
    io.stdout(
      `${JSON.stringify(
        outcomes.map((o) => ({
          name: o.name,
          layer: o.layer,
          pass: o.pass,
          expected: o.expected,
          actual: o.actual,
        })),
        null,
        2,
      )}\n`,
    );
  } else {
    for (const o of failed) io.stdout(failureLine(o));
    io.stdout(`${outcomes.length - failed.length} passed, ${failed.length} failed\n`);
  }
  return failed.length > 0 ? 1 : 0;
}
