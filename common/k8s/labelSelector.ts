/**
 * Kubernetes label selectors (`metav1.LabelSelector`) as the API machinery reads them, from plain
 * values: `matchLabels` and `matchExpressions` are ANDed; `In` needs the label with one of the
 * values, `NotIn` is true when the label is absent or has none of them, `Exists` and `DoesNotExist`
 * look at the key only. A selector that does not convert (an unknown operator, `In` without values,
 * values on `Exists`) is an error for the controller (InvalidSelector), so it selects nothing here.
 * An empty selector selects everything in the API machinery, but a workload with one is rejected by
 * the API server, so it is not a selector a scale target can have: also nothing.
 */

export type Labels = Readonly<Record<string, string>>;

export interface Requirement {
  key: string;
  operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';
  values: readonly string[];
}

/** A selector that converts: every requirement (matchLabels become `In` with one value). */
export interface LabelSelector {
  requirements: readonly Requirement[];
}

const OPERATORS: ReadonlySet<string> = new Set(['In', 'NotIn', 'Exists', 'DoesNotExist']);

/** A label value as the API server would store it; undefined for what is not a scalar. */
function labelText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** A `labels:` map as plain data; entries that are not scalars are left out. */
export function labelsOf(value: unknown): Labels {
  const out: Record<string, string> = {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    const text = labelText(raw);
    if (text !== undefined) out[key] = text;
  }
  return out;
}

/**
 * A `metav1.LabelSelector` value (`{ matchLabels, matchExpressions }`), or undefined when it does
 * not convert or has no requirement.
 */
export function labelSelectorOf(value: unknown): LabelSelector | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { matchLabels, matchExpressions } = value as { matchLabels?: unknown; matchExpressions?: unknown };
  const requirements: Requirement[] = [];
  if (matchLabels !== undefined && matchLabels !== null) {
    if (typeof matchLabels !== 'object' || Array.isArray(matchLabels)) return undefined;
    for (const [key, raw] of Object.entries(matchLabels as Record<string, unknown>)) {
      const text = labelText(raw);
      if (text === undefined) return undefined;
      requirements.push({ key, operator: 'In', values: [text] });
    }
  }
  if (matchExpressions !== undefined && matchExpressions !== null) {
    if (!Array.isArray(matchExpressions)) return undefined;
    for (const expression of matchExpressions as unknown[]) {
      const requirement = requirementOf(expression);
      if (!requirement) return undefined;
      requirements.push(requirement);
    }
  }
  return requirements.length > 0 ? { requirements } : undefined;
}

/** A ReplicationController's `spec.selector`: a plain map, every entry an equality. */
export function mapSelectorOf(value: unknown): LabelSelector | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return labelSelectorOf({ matchLabels: value });
}

/** The selector that matches exactly these labels (a selector defaulted from a Pod template's labels). */
export function selectorOfLabels(labels: Labels): LabelSelector | undefined {
  return labelSelectorOf({ matchLabels: labels });
}

function requirementOf(expression: unknown): Requirement | undefined {
  if (expression === null || typeof expression !== 'object') return undefined;
  const { key, operator, values } = expression as { key?: unknown; operator?: unknown; values?: unknown };
  if (typeof key !== 'string' || key === '' || typeof operator !== 'string' || !OPERATORS.has(operator))
    return undefined;
  const list = values === undefined || values === null ? [] : values;
  if (!Array.isArray(list)) return undefined;
  const texts = list.map(labelText);
  if (texts.some((t) => t === undefined)) return undefined;
  const op = operator as Requirement['operator'];
  // The API machinery's own checks: In and NotIn need values, Exists and DoesNotExist take none.
  if ((op === 'In' || op === 'NotIn') && texts.length === 0) return undefined;
  if ((op === 'Exists' || op === 'DoesNotExist') && texts.length > 0) return undefined;
  return { key, operator: op, values: texts as string[] };
}

export function matches(selector: LabelSelector, labels: Labels): boolean {
  return selector.requirements.every((r) => {
    const has = Object.prototype.hasOwnProperty.call(labels, r.key);
    switch (r.operator) {
      case 'In':
        return has && r.values.includes(labels[r.key] as string);
      case 'NotIn':
        return !has || !r.values.includes(labels[r.key] as string);
      case 'Exists':
        return has;
      case 'DoesNotExist':
        return !has;
    }
  });
}

/** The selector as `kubectl get -l` writes it: `app=web,tier in (a,b),!canary`. */
export function selectorText(selector: LabelSelector): string {
  return selector.requirements
    .map((r) => {
      switch (r.operator) {
        case 'In':
          return r.values.length === 1 ? `${r.key}=${r.values[0]}` : `${r.key} in (${r.values.join(',')})`;
        case 'NotIn':
          return `${r.key} notin (${r.values.join(',')})`;
        case 'Exists':
          return r.key;
        case 'DoesNotExist':
          return `!${r.key}`;
      }
    })
    .join(',');
}
