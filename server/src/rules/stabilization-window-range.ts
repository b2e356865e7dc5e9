/** stabilization-window-range: stabilizationWindowSeconds must be in 0..3600 (common/k8s/apiLimits.ts). */
import {
  MAX_STABILIZATION_WINDOW_SECONDS,
  MIN_STABILIZATION_WINDOW_SECONDS,
} from '../../../common/k8s/apiLimits';
import { t } from '../localize';
import { presentDirections, shownValue } from './apiText';
import { atMost, rangeRule } from './rangeRule';

export const stabilizationWindowRangeRule = rangeRule({
  id: 'stabilization-window-range',
  description: `stabilizationWindowSeconds must be between ${MIN_STABILIZATION_WINDOW_SECONDS} and ${MAX_STABILIZATION_WINDOW_SECONDS} seconds.`,
  fields: (object) => presentDirections(object).map(({ rules }) => rules.get('stabilizationWindowSeconds')),
  min: {
    limit: MIN_STABILIZATION_WINDOW_SECONDS,
    inclusive: true,
    // The API server's wording for this bound.
    message: (field) =>
      t('{path}: Invalid value: {value}: must be greater than or equal to zero', {
        path: field.path,
        value: shownValue(field),
      }),
  },
  max: atMost(MAX_STABILIZATION_WINDOW_SECONDS),
});
