/** stabilization-window-range: stabilizationWindowSeconds must be in 0..3600. */
import { t } from '../localize';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../workspace/scaleTarget';
import { presentDirections, shownValue } from './apiText';
import type { Rule } from './types';

export const MAX_STABILIZATION_WINDOW_SECONDS = 3600;

export const stabilizationWindowRangeRule: Rule = {
  id: 'stabilization-window-range',
  defaultSeverity: 'error',
  description: 'stabilizationWindowSeconds must be between 0 and 3600 seconds.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  scope: 'document',
  check(object, context) {
    for (const { rules } of presentDirections(object)) {
      const window = rules.get('stabilizationWindowSeconds');
      const value = window.number;
      if (value === undefined) continue;
      if (value < 0) {
        context.report(
          window.valueSpan(),
          t('{path}: Invalid value: {value}: must be greater than or equal to zero', {
            path: window.path,
            value: shownValue(window),
          }),
        );
      } else if (value > MAX_STABILIZATION_WINDOW_SECONDS) {
        context.report(
          window.valueSpan(),
          t('{path}: Invalid value: {value}: must be less than or equal to {max}', {
            path: window.path,
            value: shownValue(window),
            max: MAX_STABILIZATION_WINDOW_SECONDS,
          }),
        );
      }
    }
  },
};
