/**
 * Findings as LSP diagnostics: severity mapped, `source: "hpa"`, the rule id as `code` and a link
 * to the rule's page. The CLI formats the same located findings its own way (cli/lintFormats.ts).
 */
import { type Diagnostic, DiagnosticSeverity } from 'vscode-languageserver';
import type { LocatedFinding } from '../lint/findingsOutput';
import { tooLargeFindings } from '../lint/fileTooLarge';
import { docsUrl } from '../rules/types';
import type { HpaSettings, Severity } from '../settings';

const LSP_SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

export function toDiagnostic(finding: LocatedFinding): Diagnostic {
  const diagnostic: Diagnostic = {
    range: finding.range,
    severity: LSP_SEVERITY[finding.severity],
    source: 'hpa',
    code: finding.rule,
    codeDescription: { href: docsUrl(finding.rule) },
    message: finding.message,
  };
  if (finding.related)
    diagnostic.relatedInformation = finding.related.map((r) => ({
      location: { uri: r.uri, range: r.range },
      message: r.message,
    }));
  return diagnostic;
}

/** The one diagnostic of a file skipped for its size (none when the user turned the rule off). */
export function fileTooLargeDiagnostics(size: number, settings: HpaSettings): Diagnostic[] {
  return tooLargeFindings(size, settings).map(toDiagnostic);
}
