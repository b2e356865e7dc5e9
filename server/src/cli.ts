/**
 * hpa-lint: the language server's checks and the engine, from the command line.
 *   hpa-lint [paths|-]...           lint (default)
 *   hpa-lint simulate <file> ...    run the controller model over a load
 *   hpa-lint conformance <file>     run conformance vectors through the engine
 *   hpa-lint tune <file> ...        search for the behavior block that meets the goals
 *   hpa-lint --version              the version, alone on one line
 */
import { readFileSync } from 'node:fs';
import { type CliIO } from './cli/io';
import { UsageError } from './usageError';
import { runLint } from './cli/lint';
import { runSimulate } from './cli/simulate';
import { runConformance } from './cli/conformance';
import { commandLineLocale } from './cli/commandLineLocale';
import { setLocale, t } from './localize';
import { runTune } from './cli/tune';
import { cliVersion } from './cli/version';
import { decodeManifestBytes } from './workspace/textDecoding';

function readStdin(): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    process.stdin.on('data', (c: Buffer) => chunks.push(c));
    process.stdin.on('end', () => resolve(decodeManifestBytes(Buffer.concat(chunks))));
    process.stdin.on('error', reject);
  });
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  const [first, ...rest] = argv;
  setLocale(commandLineLocale(argv, process.env));
  try {
    if (first === '--version') {
      io.stdout(`${cliVersion()}\n`);
      return 0;
    }
    if (first === 'simulate') return await runSimulate(rest, io);
    if (first === 'conformance') return await runConformance(rest, io);
    if (first === 'tune') return await runTune(rest, io);
    return await runLint(argv, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.stderr(`hpa-lint: ${err.message}\n`);
      return 2;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`hpa-lint: ${t('internal error: {message}', { message })}\n`);
    return 2;
  }
}

if (require.main === module) {
  const io: CliIO = {
    stdout: (t) => void process.stdout.write(t),
    stderr: (t) => void process.stderr.write(t),
    // Synchronous: a repository is many small files, and each promise-based read is four round trips
    // through libuv's threads (open, stat, read, close), which showed in a CPU profile of a run over
    // a 300-file release (docs/measurements.md).
    readFile: async (p) => (p === '-' ? readStdin() : decodeManifestBytes(readFileSync(p))),
    cwd: process.cwd(),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}
