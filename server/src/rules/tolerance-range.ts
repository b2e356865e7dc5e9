/** tolerance-range: a per-direction tolerance must be a quantity greater than or equal to 0. */
import { t } from '../localize';
import { quantityMilliOrUndefined } from '../../../common/engine/quantity';
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
      const milli = quantityMilliOrUndefined(tolerance.value);
      if (milli === undefined) {
        context.report(
          tolerance.valueSpan(),
          t(
            '{0}: Invalid value: {1}: must be a quantity such as 0.05 or 50m',
            tolerance.path,
            shownValue(tolerance),
          ),
        );
      } else if (milli < 0) {
        context.report(
          tolerance.valueSpan(),
          t(
            '{0}: Invalid value: {1}: must be greater than or equal to 0',
            tolerance.path,
            shownValue(tolerance),
          ),
        );
      }
    }
  },
};
