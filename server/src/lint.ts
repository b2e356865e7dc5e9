/**
 * Runs the rules over one file of a workspace: YAML errors first, then every rule on every object of
 * a kind it checks. Returns findings in file offsets; callers turn them into LSP diagnostics or CLI
 * output. No connection, no file system: the CLI and the language server share this.
 */
import type { FileModel } from './documents';
import type { Span } from './ranges';
import type { K8sObject } from './objects';
import { ALL_RULES, YAML_SYNTAX_RULE } from './rules/index';
import type { Finding, Rule, Severity } from './rules/types';
import type { HpaSettings } from './settings';
import { t } from './localize';
import type { WorkspaceIndex } from './workspaceIndex';

/** Rules by the kind they check, built once. */
const RULES_BY_KIND = new Map<string, Rule[]>();
for (const rule of ALL_RULES) {
  for (const kind of rule.kinds) {
    const list = RULES_BY_KIND.get(kind) ?? [];
    list.push(rule);
    RULES_BY_KIND.set(kind, list);
  }
}

export function lintFile(file: FileModel, workspace: WorkspaceIndex, settings: HpaSettings): Finding[] {
  const findings: Finding[] = [];
  const severityOf = (ruleId: string, reported: Severity): Severity | undefined => {
    const override = settings.rules[ruleId];
    if (override === 'off') return undefined;
    return override ?? reported;
  };

  // The index's own objects, so rules can tell "this object" from the others by identity.
  const objectsByDocument = new Map<number, K8sObject>();
  for (const object of workspace.objectsIn(file.uri)) objectsByDocument.set(object.documentIndex, object);

  for (const doc of file.documents) {
    if (!doc.model.relevant) continue;
    const parsed = doc.model.parsed;
    if (parsed.errors.length > 0) {
      const severity = severityOf(YAML_SYNTAX_RULE.id, YAML_SYNTAX_RULE.defaultSeverity);
      if (!severity) continue;
      for (const error of parsed.errors) {
        const span = errorSpan(doc.model.text, error.pos[0], error.pos[1]);
        findings.push({
          rule: YAML_SYNTAX_RULE.id,
          severity,
          message: yamlErrorMessage(error.code, error.message),
          span: { start: doc.offset + span.start, end: doc.offset + span.end },
          uri: file.uri,
        });
      }
      continue; // a broken document's content is not what the author meant: no further rules on it
    }
    const object = objectsByDocument.get(doc.index);
    if (!object) continue;
    for (const rule of RULES_BY_KIND.get(object.kind) ?? []) {
      if (settings.rules[rule.id] === 'off') continue;
      rule.check(object, {
        workspace,
        settings,
        report(span, message, options) {
          const severity = severityOf(rule.id, options?.severity ?? rule.defaultSeverity);
          if (!severity) return;
          findings.push({ rule: rule.id, severity, message, span, uri: options?.uri ?? file.uri });
        },
      });
    }
  }
  return findings;
}

/** yaml's messages carry a source excerpt after a colon on some errors; keep the first line. */
function yamlErrorMessage(code: string, message: string): string {
  const firstLine = message.split('\n')[0].trim();
  return t('YAML syntax error ({0}): {1}', code, firstLine);
}

/**
 * yaml points at one character for some errors (a duplicate key): widen that to the whole token. An
 * error at the end of the document (an unclosed bracket) is moved onto the last line with content,
 * so it shows inside the document rather than on the next one's `---`.
 */
function errorSpan(text: string, start: number, end: number): Span {
  const contentEnd = text.trimEnd().length;
  if (start >= contentEnd) {
    const lineStart = text.lastIndexOf('\n', contentEnd - 1) + 1;
    const indent = /^[ \t-]*/.exec(text.slice(lineStart))?.[0].length ?? 0;
    return { start: Math.min(lineStart + indent, contentEnd), end: contentEnd };
  }
  if (end - start > 1) return { start, end };
  const token = /^[^\s:,[\]{}#]+/.exec(text.slice(start, start + 256));
  return { start, end: token ? start + token[0].length : Math.max(start, end) };
}
