/** tolerance-range: a per-direction tolerance must be a quantity greater than or equal to 0. */
import { t } from '../localize';
import { quantityMilli } from '../workspace/quantities';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../workspace/scaleTarget';
import { presentDirections, shownValue } from './apiText';
import type { Rule } from './types';

export const toleranceRangeRule: Rule = {
  id: 'tolerance-range',
  defaultSeverity: 'error',
  description: 'behavior.scaleUp/scaleDown.tolerance must be a quantity greater than or equal to 0.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  scope: 'document',
  check(object, context) {
    for (const { rules } of presentDirections(object)) {
      const tolerance = rules.get('tolerance');
      if (!tolerance.exists || tolerance.value === null) continue;
      const milli = quantityMilli(tolerance.value);
      if (milli === undefined) {
        context.report(
          tolerance.valueSpan(),
          t('{path}: Invalid value: {value}: must be a quantity such as 0.05 or 50m', {
            path: tolerance.path,
            value: shownValue(tolerance),
          }),
        );
      } else if (milli < 0) {
        context.report(
          tolerance.valueSpan(),
          t('{path}: Invalid value: {value}: must be greater than or equal to 0', {
            path: tolerance.path,
            value: shownValue(tolerance),
          }),
        );
      }
    }
  },
};
