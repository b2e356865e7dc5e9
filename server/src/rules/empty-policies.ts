/** empty-policies: `policies: []` replaces the defaults and then fails validation. */
import { t } from '../localize';
import { presentDirections } from './apiText';
import { documentRule } from './types';

export const emptyPoliciesRule = documentRule({
  id: 'empty-policies',
  defaultSeverity: 'error',
  description:
    'An explicitly empty policies list replaces the defaults and is rejected: at least one policy is required.',
  check(object, context) {
    for (const { rules } of presentDirections(object)) {
      const policies = rules.get('policies');
      if (policies.isSeq && policies.items().length === 0) {
        context.report(
          policies.keySpan(),
          t('{path}: Required value: must specify at least one Policy', { path: policies.path }),
        );
      }
    }
  },
});
