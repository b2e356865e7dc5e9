/**
 * Runs the rules over one file of a workspace: YAML errors first, then every rule on every object of
 * a kind it checks. Returns findings in file offsets; callers turn them into LSP diagnostics or CLI
 * output. No connection, no file system: the CLI and the language server share this.
 */
import type { FileModel, YamlDocumentModel } from '../yaml/documents';
import type { Span } from '../yaml/ranges';
import { withoutFollowOnErrors } from '../yaml/followOnErrors';
import type { K8sObject } from '../workspace/objects';
import { ALL_RULES, FILE_SKIPPED_RULE, YAML_SYNTAX_RULE } from '../rules/index';
import { patchesSet } from '../rules/targets';
import { BUILT_IN_GROUPS, LIMIT_RANGE_KIND } from '../../../common/k8s/workloadKinds';
import type { Finding, RelatedLocation, Rule } from '../rules/types';
import type { Severity } from '../settings';
import type { HpaSettings } from '../settings';
import { describeTarget } from '../../../common/k8s/kubernetesVersions';
import { currentLocale, t } from '../localize';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { isKustomizationPath } from '../workspace/filePaths';
import { inlinePatchFindings } from './inlinePatchLint';
import { OVERLAP_CANDIDATE_KINDS } from '../rules/selector-overlap';

/** The first `{{` or `{%` of a text. */
const TEMPLATE_MARK = /\{\{|\{%/;
/**
 * Characters no manifest holds: NUL (YAML forbids it) and U+FFFD, what a decoder leaves where the
 * bytes were not text in the encoding it read (workspace/textDecoding.ts).
 */
// NUL is the point of the pattern: a UTF-16 file read without its mark is half NULs.
// eslint-disable-next-line no-control-regex
const UNDECODED = /[\u0000\uFFFD]/;

/**
 * The one finding of a file the linter does not read (all of it, or its template documents): text
 * that could not be decoded (`whole`: nothing else is linted), or Helm/Jinja templates that are not
 * YAML until rendered, at the first template marker. Never more than one per file.
 */
function skippedFileFinding(
  file: FileModel,
  severityOf: (ruleId: string, reported: Severity) => Severity | undefined,
): (Finding & { whole?: boolean }) | undefined {
  const severity = severityOf(FILE_SKIPPED_RULE.id, FILE_SKIPPED_RULE.defaultSeverity);
  if (!severity) return undefined;
  const bad = UNDECODED.exec(file.text);
  if (bad) {
    return {
      rule: FILE_SKIPPED_RULE.id,
      severity,
      message: t(
        'File skipped: it is not UTF-8 text (a UTF-16 or UTF-32 file needs its byte-order mark); kubectl cannot read it either',
      ),
      span: { start: bad.index, end: bad.index + 1 },
      uri: file.uri,
      whole: true,
    };
  }
  for (const doc of file.documents) {
    if (!doc.model.hasContent || !doc.model.templated) continue;
    const at = doc.offset + Math.max(0, TEMPLATE_MARK.exec(doc.model.text)?.index ?? 0);
    return {
      rule: FILE_SKIPPED_RULE.id,
      severity,
      message: t(
        'Not linted: a template (Helm or Jinja) that is not YAML until it is rendered; lint the output of helm template instead',
      ),
      span: { start: at, end: at + 2 },
      uri: file.uri,
    };
  }
  return undefined;
}

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

/** Rules that also check custom-resource objects (Rule.customWorkloads). */
const CUSTOM_WORKLOAD_RULES: readonly Rule[] = ALL_RULES.filter((rule) => rule.customWorkloads === true);

/** The rules of an object: by its kind, and for a kind outside the built-in groups the custom-workload ones. */
function rulesFor(object: K8sObject): readonly Rule[] {
  const byKind = RULES_BY_KIND.get(object.kind);
  if (byKind) return byKind;
  return object.group !== undefined && !BUILT_IN_GROUPS.has(object.group) ? CUSTOM_WORKLOAD_RULES : [];
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
  related?: RawRelated[];
}

/**
 * A related place relative to its object's document: a cached finding outlives an edit that only
 * moves that document in its file (the index records no change for it), so the offset is added
 * back from the document as it is now.
 */
interface RawRelated {
  object: K8sObject;
  start: number;
  end: number;
  message: string;
}

/** Findings of one object's rules, and what they were computed for. */
interface CacheEntry {
  /** The model's parse (documents.ts renews the id when a full-text check replaces it). */
  parse: number;
  /** Locale and settings (and whether the file is a patch). */
  settings: string;
  /**
   * For 'workspace' findings: where the object is (equal texts in two places share a model, not
   * their related objects) and WorkspaceIndex.dependencyStamp. Unset for 'document' findings.
   */
  where: { uri: string; documentIndex: number; dependencies: number } | undefined;
  findings: RawFinding[];
}

/*
 * Why caches: a one-line edit in a 40,000-line file changes one document, yet every object would be
 * re-checked. Findings of 'document' rules depend only on the document's text (its immutable model)
 * and the settings; those of 'workspace' rules also on the related objects, whose changes the
 * index's dependency stamp follows. Both are kept on the model itself (weakly), so they go when the
 * text does. An entry is checked field by field: no key string is built per object on each edit.
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
  // The cluster changes what the version-dependent rules say (common/k8s/kubernetesVersions.ts).
  // The names the overlays give its objects are judged too (schema's metadata.name).
  const settingsKey = `${currentLocale()}|${settings.slowRampBudgetSeconds}|${clusterKey(settings.cluster)}|${partial}|${renamingKey(workspace, file.uri)}`;
  // Nothing deploys a file in a kustomize tree that no kustomization lists: what is wrong in it
  // reaches no cluster, so it is said as a hint that says why.
  const undeployed = workspace.isUndeployed(file.uri);

  // The index's own objects, so rules can tell "this object" from the others by identity. They are
  // in document order, as the documents are, so one cursor pairs them.
  const objects = workspace.objectsIn(file.uri);
  let nextObject = 0;

  const skipped = skippedFileFinding(file, severityOf);
  if (skipped) {
    const { whole, ...finding } = skipped;
    findings.push(finding);
    if (whole) return undeployed ? findings.map(asUndeployed) : findings;
  }
  for (const doc of file.documents) {
    if (!doc.model.relevant) continue;
    const parsed = doc.model.parsed;
    if (parsed.errors.length > 0) {
      const severity = severityOf(YAML_SYNTAX_RULE.id, YAML_SYNTAX_RULE.defaultSeverity);
      if (!severity) continue;
      for (const error of withoutFollowOnErrors(doc.model.text, parsed.errors)) {
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
    while (nextObject < objects.length && (objects[nextObject] as K8sObject).documentIndex < doc.index)
      nextObject++;
    const object = objects[nextObject];
    if (!object || object.documentIndex !== doc.index) continue;
    const rules = rulesFor(object);
    const ofDocument = cached(documentFindings, object, settingsKey, undefined, () =>
      runRules(rules, 'document', object, workspace, settings, partial),
    );
    const ofWorkspace = partial
      ? []
      : cached(
          workspaceFindings,
          object,
          settingsKey,
          workspace.dependencyStamp(object, object.scales ? READ_BY_AUTOSCALERS : []),
          () => runRules(rules, 'workspace', object, workspace, settings, partial),
        );
    for (const raw of [ofDocument, ofWorkspace])
      for (const f of raw) {
        const severity = severityOf(f.rule, f.reported);
        if (!severity) continue;
        // Outside the caches: a patch arriving or going re-lints this file (workspace/relatedFiles.ts).
        if (f.unlessPatched && !partial && patchesSet(object, f.unlessPatched, workspace)) continue;
        const related = f.related && relatedNow(f.related, workspace);
        findings.push({
          rule: f.rule,
          severity,
          message: f.message,
          span: { start: doc.offset + f.start, end: doc.offset + f.end },
          uri: file.uri,
          ...(related && related.length > 0 ? { related } : {}),
        });
      }
  }
  // Patches written inline in a kustomization are partial objects too (inlinePatchLint.ts).
  if (isKustomizationPath(file.uri)) findings.push(...inlinePatchFindings(file, settings, lintFile));
  return undeployed ? findings.map(asUndeployed) : findings;
}

/** A finding on a file no kustomization deploys: a hint, saying so. */
function asUndeployed(finding: Finding): Finding {
  return {
    ...finding,
    severity: 'hint',
    message: t('{message} (no kustomization lists this file, so nothing deploys it)', {
      message: finding.message,
    }),
  };
}

/** How the overlays deploying a file rename its objects ('' when none does). */
function renamingKey(workspace: WorkspaceIndex, uri: string): string {
  const units = workspace.unitsOf(uri);
  return units.some((u) => u.prefix !== '' || u.suffix !== '')
    ? units.map((u) => `${u.prefix}\u0000${u.suffix}`).join('\u0001')
    : '';
}

/** Related places at their documents' current offsets; one whose document is gone or changed is left out. */
function relatedNow(related: readonly RawRelated[], workspace: WorkspaceIndex): RelatedLocation[] {
  const out: RelatedLocation[] = [];
  for (const r of related) {
    const now = workspace
      .objectsIn(r.object.uri)
      .find(
        (o) =>
          o.documentIndex === r.object.documentIndex && o.fileDocument.model === r.object.fileDocument.model,
      );
    if (now)
      out.push({
        uri: now.uri,
        span: { start: now.offset + r.start, end: now.offset + r.end },
        message: r.message,
      });
  }
  return out;
}

/**
 * Kinds whose every object an autoscaler's rules read: a LimitRange's default requests stand in for
 * missing ones (rules/limitRanges.ts), and any object creating Pods may be one its target's selector
 * matches (rules/selector-overlap.ts).
 */
const READ_BY_AUTOSCALERS: readonly string[] = [LIMIT_RANGE_KIND, ...OVERLAP_CANDIDATE_KINDS];

function cached(
  cache: WeakMap<YamlDocumentModel, CacheEntry>,
  object: K8sObject,
  settingsKey: string,
  dependencies: number | undefined,
  compute: () => RawFinding[],
): RawFinding[] {
  const model = object.fileDocument.model;
  const hit = cache.get(model);
  if (
    hit !== undefined &&
    hit.parse === model.id &&
    hit.settings === settingsKey &&
    (dependencies === undefined ||
      (hit.where !== undefined &&
        hit.where.dependencies === dependencies &&
        hit.where.documentIndex === object.documentIndex &&
        hit.where.uri === object.uri))
  )
    return hit.findings;
  const findings = compute();
  const where =
    dependencies === undefined
      ? undefined
      : { uri: object.uri, documentIndex: object.documentIndex, dependencies };
  cache.set(model, { parse: model.id, settings: settingsKey, where, findings });
  return findings;
}

/** Runs every rule of a scope (switched off or not: the cache serves any later override) on one object. */
function runRules(
  rules: readonly Rule[],
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
          ...(options?.related && options.related.length > 0
            ? {
                related: options.related.map((r) => ({
                  object: r.object,
                  start: r.span.start - r.object.offset,
                  end: r.span.end - r.object.offset,
                  message: r.message,
                })),
              }
            : {}),
        });
      },
    });
  }
  return out;
}

const clusterKeys = new WeakMap<object, string>();

/** One string per cluster target, built once per target object (the settings keep theirs). */
function clusterKey(cluster: HpaSettings['cluster']): string {
  let key = clusterKeys.get(cluster);
  if (key === undefined) {
    key = `${describeTarget(cluster)}|${cluster.configured}`;
    clusterKeys.set(cluster, key);
  }
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
