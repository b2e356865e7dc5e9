/**
 * Messages between `hpa-lint`'s main thread (parallelLint.ts) and its worker threads (lintWorker.ts).
 * Files are named by their index in the run's file list; texts travel once, to the worker that
 * scans them, and again only to a worker that needs a file another one scanned.
 */
import type { LocatedFinding } from '../lint/findingsOutput';
import type { HpaSettings } from '../lint/settings';

export interface WorkerSetup {
  settings: HpaSettings;
  locale: string;
  /** Source characters whose parses a worker keeps between the scan and the lint (the rest are parsed again). */
  keptTextBudget: number;
}

export interface FileText {
  id: number;
  uri: string;
  text: string;
}

/** Scan: parse these files and say which object keys each declares or points at. */
export interface ScanRequest {
  type: 'scan';
  files: FileText[];
}

/** Lint: each group is linted against an index of its own files; `text` is sent for files the worker did not scan. */
export interface LintRequest {
  type: 'lint';
  groups: { id: number; uri: string; text?: string }[][];
}

export type ToWorker = ScanRequest | LintRequest;

export interface ScanReply {
  type: 'scanned';
  files: { id: number; keys: string[] }[];
}

export interface LintReply {
  type: 'linted';
  files: { id: number; diagnostics: LocatedFinding[] }[];
}

export interface FailureReply {
  type: 'failed';
  message: string;
}

export type FromWorker = ScanReply | LintReply | FailureReply;
