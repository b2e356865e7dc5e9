/** policy-value: a scaling policy's value must be greater than zero (Percent has no upper bound). */
import { MIN_POLICY_VALUE } from '../../../common/k8s/apiLimits';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../../../common/k8s/workloadKinds';
import { t } from '../localize';
import { presentPolicies, shownValue } from './apiText';
import { rangeRule } from './rangeRule';

export const policyValueRule = rangeRule({
  id: 'policy-value',
  description: 'A scaling policy\u2019s value must be greater than zero.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  fields: (object) => presentPolicies(object).map((policy) => policy.get('value')),
  min: {
    limit: MIN_POLICY_VALUE,
    inclusive: true,
    message: (field) =>
      t('{0}: Invalid value: {1}: must be greater than zero', field.path, shownValue(field)),
  },
});
