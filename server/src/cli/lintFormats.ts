/** hpa-lint's three output formats: stylish (people), json (scripts), SARIF 2.1.0 (code scanning). */
import type { Range } from 'vscode-languageserver-types';
import type { LocatedFinding } from '../lint/findingsOutput';
import { t } from '../localize';
import { ALL_RULES, FILE_TOO_LARGE_RULE, YAML_SYNTAX_RULE } from '../rules/index';
import { docsUrl } from '../rules/types';
import { type Severity } from '../settings';

export interface FileResult {
  file: string;
  diagnostics: LocatedFinding[];
}

/** Each file's findings; a finding's related places name their file as `file`, like the results do. */
export function formatJson(results: FileResult[]): string {
  const shown = results.map((result) => ({
    ...result,
    diagnostics: result.diagnostics.map(({ related, ...d }) =>
      related
        ? { ...d, related: related.map((r) => ({ file: r.uri, range: r.range, message: r.message })) }
        : d,
    ),
  }));
  return `${JSON.stringify(shown, null, 2)}\n`;
}

export function formatStylish(results: FileResult[]): string {
  const lines: string[] = [];
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0, hint: 0 };
  for (const result of results) {
    if (result.diagnostics.length === 0) continue;
    lines.push(result.file);
    for (const d of result.diagnostics) {
      counts[d.severity]++;
      const where = `${d.range.start.line + 1}:${d.range.start.character + 1}`;
      lines.push(`  ${where.padEnd(8)} ${d.severity.padEnd(8)} ${d.message}  ${d.rule}`);
    }
    lines.push('');
  }
  const total = counts.error + counts.warning + counts.info + counts.hint;
  if (total > 0)
    lines.push(
      t('{total} problems ({errors} errors, {warnings} warnings, {infos} infos)', {
        total,
        errors: counts.error,
        warnings: counts.warning,
        infos: counts.info + counts.hint,
      }),
    );
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

const SARIF_LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
  hint: 'note',
};

/** A SARIF location: a path with forward slashes, 1-based lines and columns. */
function physicalLocation(file: string, range: Range) {
  return {
    artifactLocation: { uri: file.replace(/\\/g, '/') },
    region: {
      startLine: range.start.line + 1,
      startColumn: range.start.character + 1,
      endLine: range.end.line + 1,
      endColumn: range.end.character + 1,
    },
  };
}

export function formatSarif(results: FileResult[]): string {
  const rules = [
    {
      id: YAML_SYNTAX_RULE.id,
      description: 'The document is not valid YAML.',
      defaultSeverity: YAML_SYNTAX_RULE.defaultSeverity,
    },
    {
      id: FILE_TOO_LARGE_RULE.id,
      description: 'The file is larger than hpa.maxFileSizeBytes and was skipped.',
      defaultSeverity: FILE_TOO_LARGE_RULE.defaultSeverity,
    },
    ...ALL_RULES,
  ];
  const ruleIndex = new Map(rules.map((r, i) => [r.id, i]));
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'hpa-lint',
            informationUri: 'https://github.com/hpa-tools/hpa-linter',
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: r.description },
              helpUri: docsUrl(r.id),
              defaultConfiguration: { level: SARIF_LEVEL[r.defaultSeverity] },
            })),
          },
        },
        results: results.flatMap((result) =>
          result.diagnostics.map((d) => ({
            ruleId: d.rule,
            ruleIndex: ruleIndex.get(d.rule) ?? -1,
            level: SARIF_LEVEL[d.severity],
            message: { text: d.message },
            locations: [{ physicalLocation: physicalLocation(result.file, d.range) }],
            ...(d.related
              ? {
                  relatedLocations: d.related.map((r, id) => ({
                    id,
                    physicalLocation: physicalLocation(r.uri, r.range),
                    message: { text: r.message },
                  })),
                }
              : {}),
          })),
        ),
      },
    ],
  };
  return `${JSON.stringify(sarif, null, 2)}\n`;
}
