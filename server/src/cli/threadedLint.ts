/**
 * hpa-lint's run in batches, on worker threads when they pay (parallelLint.ts decides and does the
 * work): each file's findings in the one-thread run's shape, or undefined to lint the whole
 * workspace at once on this thread. Takes the threads readInputs.ts may have started early, and
 * stops them in every case.
 */
import type { HpaSettings } from '../settings';
import type { FileResult } from './lintFormats';
import { LintThreads, type Machine, threadsFor } from './parallelLint';
import type { InputFile } from './readInputs';
import { tooLargeFindings } from '../lint/fileTooLarge';

export async function lintOnThreads(
  files: readonly InputFile[],
  settings: HpaSettings,
  jobs: number | undefined,
  started: LintThreads | undefined,
  machine: Machine,
): Promise<FileResult[] | undefined> {
  let threads = started;
  try {
    // The same file named twice is one file of the workspace: the one-thread path handles that.
    if (new Set(files.map((f) => f.display)).size !== files.length) return undefined;
    const fitting = files.filter((f) => f.text.length <= settings.maxFileSizeBytes);
    const chars = fitting.reduce((sum, f) => sum + f.text.length, 0);
    const count = threadsFor(jobs, fitting.length, chars, machine);
    if (count === undefined) return undefined;
    threads ??= new LintThreads(settings, count);
    const located = await threads.lint(fitting.map((f) => ({ uri: f.display, text: f.text })));
    const byFile = new Map(fitting.map((f, i) => [f, located[i] ?? []]));
    return files.map((f) => ({
      file: f.display,
      diagnostics: byFile.get(f) ?? tooLargeFindings(f.text.length, settings),
    }));
  } finally {
    await threads?.stop();
  }
}
