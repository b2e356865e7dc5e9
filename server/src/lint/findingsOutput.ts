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
  /** Where the cause is (another file's uri, or the CLI's path of it), when it is not at the range. */
  related?: LocatedRelated[];
}

export interface LocatedRelated {
  uri: string;
  range: Range;
  message: string;
}

/**
 * The findings of `file` with their ranges. `fileOf` gives the other files a related place may be
 * in (the workspace's); a place in a file it does not know is left out.
 */
export function locate(
  file: FileModel,
  findings: readonly Finding[],
  fileOf: (uri: string) => FileModel | undefined = () => undefined,
): LocatedFinding[] {
  if (findings.length === 0) return []; // no need to build the line index
  const index = file.lineIndex;
  return findings
    .map((f) => {
      const located: LocatedFinding = {
        rule: f.rule,
        severity: f.severity,
        message: f.message,
        range: index.range(f.span),
      };
      const related = f.related?.flatMap((r) => {
        const other = r.uri === file.uri ? file : fileOf(r.uri);
        return other ? [{ uri: r.uri, range: other.lineIndex.range(r.span), message: r.message }] : [];
      });
      if (related && related.length > 0) located.related = related;
      return located;
    })
    .sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
    );
}
