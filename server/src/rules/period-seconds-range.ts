/** period-seconds-range: each scaling policy's periodSeconds must be in 1..1800 (common/k8s/apiLimits.ts). */
import { MAX_PERIOD_SECONDS, MIN_PERIOD_SECONDS } from '../../../common/k8s/apiLimits';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../../../common/k8s/workloadKinds';
import { t } from '../localize';
import { presentPolicies, shownValue } from './apiText';
import { rangeRule } from './rangeRule';

export const periodSecondsRangeRule = rangeRule({
  id: 'period-seconds-range',
  description: `A scaling policy\u2019s periodSeconds must be greater than zero and at most ${MAX_PERIOD_SECONDS}.`,
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  fields: (object) => presentPolicies(object).map((policy) => policy.get('periodSeconds')),
  min: {
    limit: MIN_PERIOD_SECONDS,
    inclusive: true,
    // The API server's wording: "greater than zero" for the lower bound of 1.
    message: (field) =>
      t('{0}: Invalid value: {1}: must be greater than zero', field.path, shownValue(field)),
  },
  max: {
    limit: MAX_PERIOD_SECONDS,
    inclusive: true,
    message: (field, limit) =>
      t('{0}: Invalid value: {1}: must be less than or equal to {2}', field.path, shownValue(field), limit),
  },
});
