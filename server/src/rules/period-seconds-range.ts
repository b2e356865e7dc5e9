/** period-seconds-range: each scaling policy's periodSeconds must be in 1..1800. */
import { t } from '../localize';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../workspace/scaleTarget';
import { presentPolicies, shownValue } from './apiText';
import type { Rule } from './types';

export const MAX_PERIOD_SECONDS = 1800;

export const periodSecondsRangeRule: Rule = {
  id: 'period-seconds-range',
  defaultSeverity: 'error',
  description: 'A scaling policy\u2019s periodSeconds must be greater than zero and at most 1800.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  scope: 'document',
  check(object, context) {
    for (const policy of presentPolicies(object)) {
      const period = policy.get('periodSeconds');
      const value = period.number;
      if (value === undefined) continue;
      if (value <= 0) {
        context.report(
          period.valueSpan(),
          t('{path}: Invalid value: {value}: must be greater than zero', {
            path: period.path,
            value: shownValue(period),
          }),
        );
      } else if (value > MAX_PERIOD_SECONDS) {
        context.report(
          period.valueSpan(),
          t('{path}: Invalid value: {value}: must be less than or equal to {max}', {
            path: period.path,
            value: shownValue(period),
            max: MAX_PERIOD_SECONDS,
          }),
        );
      }
    }
  },
};
