/**
 * The one finding of a file skipped for its size (none when the user turned the rule off): hpa-lint
 * prints it, the language server publishes it (lsp/diagnostics.ts).
 */
import type { LocatedFinding } from './findingsOutput';
import type { HpaSettings } from '../settings';
import { t } from '../localize';
import { FILE_TOO_LARGE_RULE } from '../rules/index';

export function tooLargeFindings(size: number, settings: HpaSettings): LocatedFinding[] {
  const severity = settings.rules[FILE_TOO_LARGE_RULE.id] ?? FILE_TOO_LARGE_RULE.defaultSeverity;
  if (severity === 'off') return [];
  return [
    {
      rule: FILE_TOO_LARGE_RULE.id,
      severity,
      message: t('File skipped: {size} bytes is more than hpa.maxFileSizeBytes ({limit})', {
        size,
        limit: settings.maxFileSizeBytes,
      }),
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    },
  ];
}
