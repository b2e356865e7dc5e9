/**
 * hpa-lint's run on worker threads, when it pays (parallelLint.ts decides and does the work): each
 * file's findings in the one-thread run's shape, or undefined to lint on this thread.
 */
import type { HpaSettings } from '../lint/settings';
import type { FileResult } from './lintFormats';
import { lintInParallel, threadsFor } from './parallelLint';
import { tooLargeFindings } from './tooLarge';

export async function lintOnThreads(
  files: readonly { display: string; text: string }[],
  settings: HpaSettings,
  jobs: number | undefined,
): Promise<FileResult[] | undefined> {
  // The same file named twice is one file of the workspace: the one-thread path handles that.
  if (new Set(files.map((f) => f.display)).size !== files.length) return undefined;
  const fitting = files.filter((f) => f.text.length <= settings.maxFileSizeBytes);
  const threads = threadsFor(jobs, fitting);
  if (threads < 2) return undefined;
  const located = await lintInParallel(
    fitting.map((f) => ({ uri: f.display, text: f.text })),
    settings,
    threads,
  );
  const byFile = new Map(fitting.map((f, i) => [f, located[i] ?? []]));
  return files.map((f) => ({
    file: f.display,
    diagnostics: byFile.get(f) ?? tooLargeFindings(f.text.length, settings),
  }));
}
