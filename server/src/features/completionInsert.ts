/**
 * What choosing a key in completion writes, so the result is valid YAML at once: a map key goes
 * on with a line break and its children's indentation, a list key with its first `- `, and a scalar
 * key with a value: the API default where there is one (the engine's defaults, never a literal
 * here), the first of its allowed values as a choice, or a tab stop where only the user can know.
 * With snippets the value is a placeholder to type over; without, the default is written as is.
 */
import {
  DEFAULT_CONTROLLER_OPTIONS,
  DEFAULT_METRICS,
  DEFAULT_SCALE_DOWN_RULES,
  DEFAULT_SCALE_UP_RULES,
  effectiveMinReplicas,
  type HPAScalingPolicy,
} from '../../../common/engine/index';
import { canonicalPath, HPA_FIELDS } from './hpaSchema';
import { NEW_HPA_MAX_REPLICAS } from './hpaTemplate';
import type { FieldPath } from '../workspace/indexedDocument';
import type { Layout } from '../edits/textLayout';

export interface KeyInsert {
  text: string;
  /** `text` uses snippet syntax (tab stops, a choice). */
  snippet: boolean;
  /** `text` spans lines with their full indentation: the client must not indent them again. */
  multiline: boolean;
}

/** Maps with free-form keys (no field table entry of their own). */
const FREE_MAPS = new Set(['metadata.labels', 'metadata.annotations', 'metric.metric.selector']);
const LISTS = new Set(['spec.metrics', 'spec.behavior.<dir>.policies']);

/** Where the insert is: the key's column, its parent's path, and what its siblings already say. */
export interface KeySite {
  parent: FieldPath;
  column: number;
  /** `type:` of the same map, when written (a policy's type chooses its default value). */
  siblingType?: string;
}

function defaultPolicy(parent: FieldPath, siblingType: string | undefined): HPAScalingPolicy | undefined {
  const direction = parent[2];
  const rules =
    direction === 'scaleUp'
      ? DEFAULT_SCALE_UP_RULES
      : direction === 'scaleDown'
        ? DEFAULT_SCALE_DOWN_RULES
        : undefined;
  if (!rules) return undefined;
  return rules.policies.find((p) => p.type === siblingType) ?? rules.policies[0];
}

/** The API's or the controller's default for a scalar field, where it has one. */
function defaultValue(canonical: string, site: KeySite): string | undefined {
  const direction = site.parent[2];
  switch (canonical) {
    case 'spec.minReplicas':
      return String(effectiveMinReplicas({}));
    case 'spec.maxReplicas':
      return String(NEW_HPA_MAX_REPLICAS); // required, no default: the value a new HPA gets
    case 'spec.behavior.<dir>.stabilizationWindowSeconds':
      return String(
        direction === 'scaleUp'
          ? DEFAULT_SCALE_UP_RULES.stabilizationWindowSeconds
          : DEFAULT_CONTROLLER_OPTIONS.downscaleStabilizationSeconds,
      );
    case 'spec.behavior.<dir>.tolerance':
      return String(DEFAULT_CONTROLLER_OPTIONS.tolerance);
    case 'spec.behavior.<dir>.policies[].value': {
      const policy = defaultPolicy(site.parent, site.siblingType);
      return policy && String(policy.value);
    }
    case 'spec.behavior.<dir>.policies[].periodSeconds': {
      const policy = defaultPolicy(site.parent, site.siblingType);
      return policy && String(policy.periodSeconds);
    }
    case 'metric.target.averageUtilization': {
      // The metric the API server puts in when none is written: cpu at 80 %.
      const metric = DEFAULT_METRICS[0];
      const utilization = metric?.type === 'Resource' ? metric.resource.target.averageUtilization : undefined;
      return utilization === undefined ? undefined : String(utilization);
    }
    default:
      return undefined;
  }
}

/** Allowed values with the API default first (selectPolicy Max, a direction's first policy type). */
function choices(canonical: string, site: KeySite, values: readonly string[]): string[] {
  let first: string | undefined;
  if (canonical === 'spec.behavior.<dir>.selectPolicy') {
    first = (site.parent[2] === 'scaleUp' ? DEFAULT_SCALE_UP_RULES : DEFAULT_SCALE_DOWN_RULES).selectPolicy;
  } else if (canonical === 'spec.behavior.<dir>.policies[].type') {
    first = defaultPolicy(site.parent, undefined)?.type;
  }
  return first === undefined || !values.includes(first)
    ? [...values]
    : [first, ...values.filter((v) => v !== first)];
}

/** The text for choosing `key` at `site`, in the file's layout. */
export function keyInsert(
  key: string,
  site: KeySite,
  layout: Layout,
  snippets: boolean,
  values: readonly string[] | undefined,
): KeyInsert {
  const path = [...site.parent, key];
  const canonical = canonicalPath(path);
  const spec = Object.hasOwn(HPA_FIELDS, canonical) ? HPA_FIELDS[canonical] : undefined;
  const pad = (n: number): string => ' '.repeat(n);
  const end = snippets ? '$0' : '';
  if (LISTS.has(canonical)) {
    const dash = site.column + (layout.indentSequences ? layout.indent : 0);
    return { text: `${key}:${layout.eol}${pad(dash)}- ${end}`, snippet: snippets, multiline: true };
  }
  if (spec?.children || FREE_MAPS.has(canonical)) {
    return {
      text: `${key}:${layout.eol}${pad(site.column + layout.indent)}${end}`,
      snippet: snippets,
      multiline: true,
    };
  }
  const options = values && values.length > 0 ? choices(canonical, site, values) : undefined;
  if (options) {
    return snippets
      ? { text: `${key}: \${1|${options.join(',')}|}`, snippet: true, multiline: false }
      : { text: `${key}: ${options[0]!}`, snippet: false, multiline: false };
  }
  const value = defaultValue(canonical, site);
  if (value !== undefined) {
    return snippets
      ? { text: `${key}: \${1:${value}}`, snippet: true, multiline: false }
      : { text: `${key}: ${value}`, snippet: false, multiline: false };
  }
  return { text: `${key}: ${end}`, snippet: snippets, multiline: false };
}
