/**
 * The contract every rule follows. Rules know nothing of LSP connections: they read objects from a
 * workspace view and report spans with messages, so the language server and `hpa-lint` share them.
 */
import { AUTOSCALER_KINDS } from '../../../common/k8s/workloadKinds';
import type { HpaSettings, Severity } from '../settings';
import type { Span } from '../yaml/ranges';
import type { K8sObject } from '../workspace/objects';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';

export const DOCS_BASE = 'https://github.com/hpa-tools/hpa-linter/blob/main/docs/rules/';

let docsBase = DOCS_BASE;

/**
 * Where rule pages are read from: the extension passes the URI of the `docs/rules/` folder it ships
 * (`initializationOptions.docsBase`), so a link in Problems opens offline; anything else (the CLI, a
 * client that sends no base or not a URI) keeps the pages on GitHub.
 */
export function setDocsBase(base: unknown): void {
  docsBase =
    typeof base === 'string' && /^[a-z][a-z0-9+.-]*:/i.test(base)
      ? base.endsWith('/')
        ? base
        : `${base}/`
      : DOCS_BASE;
}

/** The page of a rule, as `codeDescription.href` and SARIF's `helpUri` link it. */
export function docsUrl(ruleId: string): string {
  return `${docsBase}${encodeURIComponent(ruleId)}.md`;
}

/** A finding in one file, before it is turned into an LSP diagnostic or a CLI line. */
export interface Finding {
  rule: string;
  severity: Severity;
  message: string;
  /** Offsets in the file. */
  span: Span;
  /** The file the span is in. */
  uri: string;
  /** Where the cause is when it is not at the span: LSP's relatedInformation, SARIF's relatedLocations. */
  related?: RelatedLocation[];
}

/** A place elsewhere (often in another file) that a finding's cause is at. */
export interface RelatedLocation {
  uri: string;
  /** Offsets in that file. */
  span: Span;
  message: string;
}

/** A related place as a rule reports it: in an object's document (the linter keeps it as the document moves). */
export interface RelatedSpan {
  object: K8sObject;
  /** Offsets in the object's file. */
  span: Span;
  message: string;
}

export interface RuleContext {
  readonly workspace: WorkspaceIndex;
  readonly settings: HpaSettings;
  /** The object is a kustomize patch: it sets some fields of another object, so none is required. */
  readonly partial: boolean;
  /**
   * Reports a finding on the object being checked; `severity` replaces the rule's default for this
   * one. `unlessPatched` names a field whose absence is the finding: it is dropped while a kustomize
   * patch of this object sets that field (a base the overlays complete; the rendered overlays are
   * checked with the field in place). `related` names the places the cause is at.
   */
  report(
    span: Span,
    message: string,
    options?: { severity?: Severity; unlessPatched?: readonly string[]; related?: readonly RelatedSpan[] },
  ): void;
}

export interface Rule {
  id: string;
  defaultSeverity: Severity;
  /** One line for the registry listing and the docs index. */
  description: string;
  /** Kinds this rule checks; the linter calls `check` once per object of these kinds. */
  kinds: readonly string[];
  /**
   * Also checks every object of a kind outside the built-in groups (an Argo Rollout, an OpenKruise
   * CloneSet): any of them may have a scale subresource an HPA targets, so it is judged like a
   * Deployment wherever an autoscaler scales it.
   */
  customWorkloads?: boolean;
  /**
   * What the findings depend on, for the linter's cache: 'document' when only the object's own text
   * (and the settings) matter, 'workspace' when other objects do (its target, other autoscalers).
   */
  scope: 'document' | 'workspace';
  check(object: K8sObject, context: RuleContext): void;
}

/**
 * What a rule file writes: what is its own. The definer says the scope; `kinds` is left out when
 * the rule checks both autoscaler kinds (AUTOSCALER_KINDS), as most do.
 */
export type RuleSpec = Omit<Rule, 'scope' | 'kinds'> & { kinds?: readonly string[] };

/** A rule whose findings depend only on the object's own text and the settings. */
export function documentRule(spec: RuleSpec): Rule {
  return { ...spec, kinds: spec.kinds ?? AUTOSCALER_KINDS, scope: 'document' };
}

/** A rule whose findings also depend on other objects (its target, other autoscalers): see Rule.scope. */
export function workspaceRule(spec: RuleSpec): Rule {
  return { ...spec, kinds: spec.kinds ?? AUTOSCALER_KINDS, scope: 'workspace' };
}
