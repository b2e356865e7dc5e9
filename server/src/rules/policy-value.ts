/** policy-value: a scaling policy's value must be greater than zero (Percent has no upper bound). */
import { MIN_POLICY_VALUE } from '../../../common/k8s/apiLimits';
import { presentPolicies } from './apiText';
import { aboveZero, rangeRule } from './rangeRule';

export const policyValueRule = rangeRule({
  id: 'policy-value',
  description: 'A scaling policy\u2019s value must be greater than zero.',
  fields: (object) => presentPolicies(object).map((policy) => policy.get('value')),
  min: aboveZero(MIN_POLICY_VALUE),
});
