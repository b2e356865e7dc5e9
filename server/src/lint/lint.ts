/**
 * Runs the rules over one file of a workspace: YAML errors first, then every rule on every object of
 * a kind it checks. Returns findings in file offsets; callers turn them into LSP diagnostics or CLI
 * output. No connection, no file system: the CLI and the language server share this.
 */
import type { FileModel, YamlDocumentModel } from '../yaml/documents';
import type { Span } from '../yaml/ranges';
import type { K8sObject } from '../workspace/objects';
import { ALL_RULES, YAML_SYNTAX_RULE } from '../rules/index';
import { patchesSet } from '../rules/targets';
import type { Finding, Rule, Severity } from '../rules/types';
import type { HpaSettings } from './settings';
import { currentLocale, t } from '../localize';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { isKustomizationPath } from '../kustomize/kustomization';
import { inlinePatchFindings } from '../kustomize/inlinePatchLint';

/** YAML errors after which the parse still holds every other field as written. */
const FIELD_LOCAL_ERRORS: ReadonlySet<string> = new Set(['DUPLICATE_KEY']);

/** Rules by the kind they check, built once. */
const RULES_BY_KIND = new Map<string, Rule[]>();
for (const rule of ALL_RULES) {
  for (const kind of rule.kinds) {
    const list = RULES_BY_KIND.get(kind) ?? [];
    list.push(rule);
    RULES_BY_KIND.set(kind, list);
  }
}

/** A finding as a rule reported it, relative to its document, before severity overrides. */
interface RawFinding {
  rule: string;
  reported: Severity;
  message: string;
  start: number;
  end: number;
  /** The finding stands only while no kustomize patch of the object sets this field (rules/types.ts). */
  unlessPatched?: readonly string[];
}

interface CacheEntry {
  key: string;
  findings: RawFinding[];
}

/*
 * Why caches: a one-line edit in a 40,000-line file changes one document, yet every object would be
 * re-checked. Findings of 'document' rules depend only on the document's text (its immutable model)
 * and the settings; those of 'workspace' rules also on the related objects, named in a key. Both are
 * kept on the model itself (weakly), so they go when the text does.
 */
const documentFindings = new WeakMap<YamlDocumentModel, CacheEntry>();
const workspaceFindings = new WeakMap<YamlDocumentModel, CacheEntry>();

export function lintFile(file: FileModel, workspace: WorkspaceIndex, settings: HpaSettings): Finding[] {
  const findings: Finding[] = [];
  const severityOf = (ruleId: string, reported: Severity): Severity | undefined => {
    const override = settings.rules[ruleId];
    if (override === 'off') return undefined;
    return override ?? reported;
  };
  // A kustomize patch is checked on its own fields only: no required fields, no cross-resource rules.
  const partial = workspace.isPartial(file.uri);
  const settingsKey = `${currentLocale()}|${settings.slowRampBudgetSeconds}|${partial}`;

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
      // A broken document's content is not what the author meant: no further rules on it, unless
      // every error stays inside one field (a duplicate key), where the rest of the tree is sound.
      if (!parsed.errors.every((e) => FIELD_LOCAL_ERRORS.has(e.code))) continue;
    }
    const object = objectsByDocument.get(doc.index);
    if (!object) continue;
    const rules = RULES_BY_KIND.get(object.kind) ?? [];
    const raw = [
      ...cached(documentFindings, doc.model, settingsKey, () =>
        runRules(rules, 'document', object, workspace, settings, partial),
      ),
      ...(partial
        ? []
        : cached(workspaceFindings, doc.model, `${settingsKey}|${dependencyKey(object, workspace)}`, () =>
            runRules(rules, 'workspace', object, workspace, settings, partial),
          )),
    ];
    for (const f of raw) {
      const severity = severityOf(f.rule, f.reported);
      if (!severity) continue;
      // Outside the caches: a patch arriving or going re-lints this file (workspace/relatedFiles.ts).
      if (f.unlessPatched && !partial && patchesSet(object, f.unlessPatched, workspace)) continue;
      findings.push({
        rule: f.rule,
        severity,
        message: f.message,
        span: { start: doc.offset + f.start, end: doc.offset + f.end },
        uri: file.uri,
      });
    }
  }
  // Patches written inline in a kustomization are partial objects too (kustomize/inlinePatchLint.ts).
  if (isKustomizationPath(file.uri)) findings.push(...inlinePatchFindings(file, settings, lintFile));
  return findings;
}

function cached(
  cache: WeakMap<YamlDocumentModel, CacheEntry>,
  model: YamlDocumentModel,
  key: string,
  compute: () => RawFinding[],
): RawFinding[] {
  // The model's id names its current parse, which a full-text check may replace (documents.ts).
  const fullKey = `${model.id}|${key}`;
  const hit = cache.get(model);
  if (hit && hit.key === fullKey) return hit.findings;
  const findings = compute();
  cache.set(model, { key: fullKey, findings });
  return findings;
}

/** Runs every rule of a scope (switched off or not: the cache serves any later override) on one object. */
function runRules(
  rules: Rule[],
  scope: Rule['scope'],
  object: K8sObject,
  workspace: WorkspaceIndex,
  settings: HpaSettings,
  partial: boolean,
): RawFinding[] {
  const out: RawFinding[] = [];
  for (const rule of rules) {
    if (rule.scope !== scope) continue;
    rule.check(object, {
      workspace,
      settings,
      partial,
      report(span, message, options) {
        out.push({
          rule: rule.id,
          reported: options?.severity ?? rule.defaultSeverity,
          message,
          start: span.start - object.offset,
          end: span.end - object.offset,
          ...(options?.unlessPatched ? { unlessPatched: options.unlessPatched } : {}),
        });
      },
    });
  }
  return out;
}

/** Names every object a 'workspace' rule may read for this one: its target, the autoscalers on that target or on it. */
function dependencyKey(object: K8sObject, workspace: WorkspaceIndex): string {
  // Model ids change whenever a text does; uri and index tell apart equal texts in different places.
  const id = (o: K8sObject) => `${o.fileDocument.model.id}@${o.documentIndex}@${o.uri}`;
  let key = id(object);
  if (object.scales) {
    const { kind, name } = object.scales;
    for (const target of workspace.find(kind, object.declaredNamespace, name)) key += `|${id(target)}`;
    // A patch of the target hands its checks to the rendered overlays (rules/targets.ts).
    for (const patch of workspace.patchesOf(kind, object.declaredNamespace, name)) key += `|${id(patch)}`;
    key += '|';
    for (const other of workspace.autoscalersNaming(kind, object.declaredNamespace, name))
      key += `|${id(other)}`;
  }
  key += '|';
  for (const autoscaler of workspace.autoscalersOf(object)) key += `|${id(autoscaler)}`;
  if (object.name !== undefined)
    for (const patch of workspace.patchesOf(object.kind, object.declaredNamespace, object.name))
      key += `|${id(patch)}`;
  // A LimitRange's default requests stand in for missing ones (rules/limitRanges.ts).
  if (object.scales)
    for (const limitRange of workspace.objectsOfKind('LimitRange')) key += `|${id(limitRange)}`;
  return key;
}

/** yaml's messages carry a source excerpt after a colon on some errors; keep the first line. */
function yamlErrorMessage(code: string, message: string): string {
  const firstLine = message.split('\n')[0].trim();
  return t('YAML syntax error ({code}): {detail}', { code, detail: firstLine });
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
