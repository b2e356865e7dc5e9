/**
 * Messages between `hpa-lint`'s main thread (parallelLint.ts) and its worker threads (lintWorker.ts).
 * Files are named by their index in the run's file list.
 */
import type { LocatedFinding } from '../lint/findingsOutput';
import type { HpaSettings } from '../settings';

export interface WorkerSetup {
  settings: HpaSettings;
  locale: string;
}

export interface FileText {
  id: number;
  uri: string;
  text: string;
}

/**
 * Lint each set of files against an index of that set alone. For a batch (a contiguous run of the
 * files) the reply also carries each file's relation keys (fileGroups.ts), so the main thread can
 * tell which findings may miss objects of other batches.
 */
export interface LintRequest {
  type: 'lint';
  sets: FileText[][];
  withKeys: boolean;
}

export interface LintReply {
  type: 'linted';
  files: { id: number; keys: string[]; diagnostics: LocatedFinding[] }[];
}

export interface FailureReply {
  type: 'failed';
  message: string;
}

export type FromWorker = LintReply | FailureReply;
