/** policy-value: a scaling policy's value must be greater than zero (Percent has no upper bound). */
import { t } from '../localize';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../workspace/scaleTarget';
import { presentPolicies, shownValue } from './apiText';
import type { Rule } from './types';

export const policyValueRule: Rule = {
  id: 'policy-value',
  defaultSeverity: 'error',
  description: 'A scaling policy\u2019s value must be greater than zero.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  scope: 'document',
  check(object, context) {
    for (const policy of presentPolicies(object)) {
      const value = policy.get('value');
      const n = value.number;
      if (n !== undefined && n <= 0) {
        context.report(
          value.valueSpan(),
          t('{path}: Invalid value: {value}: must be greater than zero', {
            path: value.path,
            value: shownValue(value),
          }),
        );
      }
    }
  },
};
