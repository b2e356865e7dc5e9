/**
 * Reads the files of a lint run, several at a time, and starts the lint threads as soon as what has
 * been read shows the run will use them (parallelLint.ts), so the workers load their bundle while
 * the rest is read. A run with a kustomization among its paths stays on one thread (lint.ts), so
 * none are started early for it.
 */
import { t } from '../localize';
import type { HpaSettings } from '../settings';
import { isKustomizationPath } from '../workspace/filePaths';
import { type CliIO } from './io';
import { UsageError } from '../usageError';
import { LintThreads, type Machine, threadsFor } from './parallelLint';

/** Reads in flight at once: enough to keep libuv's four file-system threads busy, few open files. */
const CONCURRENT_READS = 16;

export interface InputFile {
  /** The path as the user gave it or as found under a given folder; `<stdin>` for standard input. */
  display: string;
  text: string;
}

/**
 * Each path's text, in the order given. `absolute` turns a path into what `io.readFile` opens.
 * `threads` is set when lint threads were started; the caller stops them. On a read failure none
 * are left running, and the error names the first path (in order) that could not be read.
 */
export async function readInputs(
  paths: readonly string[],
  absolute: (path: string) => string,
  io: CliIO,
  settings: HpaSettings,
  jobs: number | undefined,
  machine: Machine,
): Promise<{ files: InputFile[]; threads: LintThreads | undefined }> {
  const texts: (string | undefined)[] = paths.map(() => undefined);
  const failures: (unknown | undefined)[] = paths.map(() => undefined);
  const mayThread = !paths.some((path) => isKustomizationPath(path));
  let threads: LintThreads | undefined;
  let chars = 0;
  let next = 0;
  const reader = async (): Promise<void> => {
    while (next < paths.length) {
      const i = next++;
      const path = paths[i] as string;
      try {
        const text = await io.readFile(path === '<stdin>' ? '-' : absolute(path));
        texts[i] = text;
        chars += text.length;
      } catch (error) {
        failures[i] = error ?? new Error('read failed');
        continue;
      }
      if (mayThread && !threads) {
        const count = threadsFor(jobs, paths.length, chars, machine);
        if (count !== undefined && count > 1) threads = new LintThreads(settings, count);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENT_READS, paths.length) }, reader));

  const failed = failures.findIndex((f) => f !== undefined);
  if (failed !== -1) {
    await threads?.stop();
    const err = failures[failed];
    throw new UsageError(
      t('cannot read {file}: {reason}', {
        file: paths[failed] as string,
        reason: err instanceof Error ? err.message : String(err),
      }),
    );
  }
  return { files: paths.map((display, i) => ({ display, text: texts[i] as string })), threads };
}
