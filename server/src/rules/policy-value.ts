/** policy-value: a scaling policy's value must be greater than zero (Percent has no upper bound). */
import { MIN_POLICY_VALUE } from '../../../common/k8s/apiLimits';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../../../common/k8s/workloadKinds';
import { presentPolicies } from './apiText';
import { aboveZero, rangeRule } from './rangeRule';

export const policyValueRule = rangeRule({
  id: 'policy-value',
  description: 'A scaling policy\u2019s value must be greater than zero.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  fields: (object) => presentPolicies(object).map((policy) => policy.get('value')),
  min: aboveZero(MIN_POLICY_VALUE),
});
