/**
 * The shape the API-limit rules share: for each field of an object, read a number and report it
 * when it falls below or above the limit the API server enforces (common/k8s/apiLimits.ts), worded
 * as the API server words it. Each rule keeps its own calls of t with literal texts (the l10n tests read them
 * from the rule's source) and passes them in as `message` functions.
 */
import type { K8sObject } from '../workspace/objects';
import type { YamlView } from '../yaml/yamlView';
import type { Rule } from './types';

export interface RangeBound {
  /** The limit itself. */
  limit: number;
  /** True when the limit is allowed (`>= limit`, `<= limit`); false for "greater than zero". */
  inclusive: boolean;
  /** The finding's text; `limit` is passed so the message takes the number as a placeholder. */
  message(field: YamlView, limit: number): string;
}

export interface RangeRuleSpec {
  id: string;
  description: string;
  kinds: readonly string[];
  /** The fields to check on one object (absent ones are skipped). */
  fields(object: K8sObject): Iterable<YamlView>;
  /**
   * The field's number; undefined skips the field (absent, or another rule's concern), null reports
   * `invalid`. Default: the YAML number.
   */
  read?(field: YamlView): number | undefined | null;
  /** The finding when `read` gives null. */
  invalid?(field: YamlView): string;
  min?: RangeBound;
  max?: RangeBound;
}

function below(value: number, bound: RangeBound): boolean {
  return bound.inclusive ? value < bound.limit : value <= bound.limit;
}

function above(value: number, bound: RangeBound): boolean {
  return bound.inclusive ? value > bound.limit : value >= bound.limit;
}

/** A document-scope error rule over `spec.fields`, reporting on each bad value. */
export function rangeRule(spec: RangeRuleSpec): Rule {
  const read = spec.read ?? ((field: YamlView) => field.number);
  return {
    id: spec.id,
    defaultSeverity: 'error',
    description: spec.description,
    kinds: spec.kinds,
    scope: 'document',
    check(object, context) {
      for (const field of spec.fields(object)) {
        const value = read(field);
        if (value === undefined) continue;
        if (value === null) {
          if (spec.invalid) context.report(field.valueSpan(), spec.invalid(field));
        } else if (spec.min && below(value, spec.min)) {
          context.report(field.valueSpan(), spec.min.message(field, spec.min.limit));
        } else if (spec.max && above(value, spec.max)) {
          context.report(field.valueSpan(), spec.max.message(field, spec.max.limit));
        }
      }
    },
  };
}
