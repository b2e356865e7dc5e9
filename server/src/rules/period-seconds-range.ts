/** period-seconds-range: each scaling policy's periodSeconds must be in 1..1800 (common/k8s/apiLimits.ts). */
import { MAX_PERIOD_SECONDS, MIN_PERIOD_SECONDS } from '../../../common/k8s/apiLimits';
import { presentPolicies } from './apiText';
import { aboveZero, atMost, rangeRule } from './rangeRule';

export const periodSecondsRangeRule = rangeRule({
  id: 'period-seconds-range',
  description: `A scaling policy\u2019s periodSeconds must be greater than zero and at most ${MAX_PERIOD_SECONDS}.`,
  fields: (object) => presentPolicies(object).map((policy) => policy.get('periodSeconds')),
  min: aboveZero(MIN_PERIOD_SECONDS),
  max: atMost(MAX_PERIOD_SECONDS),
});
