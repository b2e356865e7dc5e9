/**
 * The shape the API-limit rules share: for each field of an object, read a number and report it
 * when it falls below or above the limit the API server enforces (common/k8s/apiLimits.ts), worded
 * as the API server words it. The bounds several rules share are built here (`atLeast`, `atMost`,
 * `aboveZero`); a rule with wording of its own passes its own `message`.
 */
import { t } from '../localize';
import type { K8sObject } from '../workspace/objects';
import type { YamlView } from '../yaml/yamlView';
import { shownValue } from './apiText';
import { documentRule, type Rule } from './types';

export interface RangeBound {
  /** The limit itself. */
  limit: number;
  /**
   * True when the limit itself is allowed (`>= limit`, `<= limit`); false for a strict bound
   * (`> limit`, `< limit`). "Greater than zero" is `aboveZero`: at least its limit (1), inclusive.
   */
  inclusive: boolean;
  /** The finding's text; `limit` is passed so the message takes the number as a placeholder. */
  message(field: YamlView, limit: number): string;
}

export interface RangeRuleSpec {
  id: string;
  description: string;
  /** Default: both autoscaler kinds (AUTOSCALER_KINDS). */
  kinds?: readonly string[];
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

/** `value >= limit`: "must be greater than or equal to <limit>". */
export function atLeast(limit: number): RangeBound {
  return {
    limit,
    inclusive: true,
    message: (field, min) =>
      t('{path}: Invalid value: {value}: must be greater than or equal to {min}', {
        path: field.path,
        value: shownValue(field),
        min,
      }),
  };
}

/** `value <= limit`: "must be less than or equal to <limit>". */
export function atMost(limit: number): RangeBound {
  return {
    limit,
    inclusive: true,
    message: (field, max) =>
      t('{path}: Invalid value: {value}: must be less than or equal to {max}', {
        path: field.path,
        value: shownValue(field),
        max,
      }),
  };
}

/** A whole number of at least `limit` (1), in the API server's words for it: "must be greater than zero". */
export function aboveZero(limit: number): RangeBound {
  return {
    limit,
    inclusive: true,
    message: (field) =>
      t('{path}: Invalid value: {value}: must be greater than zero', {
        path: field.path,
        value: shownValue(field),
      }),
  };
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
  return documentRule({
    id: spec.id,
    defaultSeverity: 'error',
    description: spec.description,
    ...(spec.kinds ? { kinds: spec.kinds } : {}),
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
  });
}
