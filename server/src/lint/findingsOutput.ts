/**
 * Findings as LSP-shaped records (0-based positions), shared by the CLI's json and sarif output and
 * by the language server's diagnostics.
 */
import type { Range } from 'vscode-languageserver-types';
import type { FileModel } from '../yaml/documents';
import type { Finding } from '../rules/types';
import type { Severity } from '../settings';

export interface LocatedFinding {
  rule: string;
  severity: Severity;
  message: string;
  range: Range;
}

export function locate(file: FileModel, findings: readonly Finding[]): LocatedFinding[] {
  if (findings.length === 0) return []; // no need to build the line index
  const index = file.lineIndex;
  return findings
    .map((f) => ({ rule: f.rule, severity: f.severity, message: f.message, range: index.range(f.span) }))
    .sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
    );
}
