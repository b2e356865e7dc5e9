/** select-policy: selectPolicy must be Max, Min or Disabled. */
import { t } from '../localize';
import { HPA_KIND, SCALED_OBJECT_KIND } from '../workspace/scaleTarget';
import { presentDirections, shownValue } from './apiText';
import type { Rule } from './types';

const SUPPORTED = ['Disabled', 'Max', 'Min'];

export const selectPolicyRule: Rule = {
  id: 'select-policy',
  defaultSeverity: 'error',
  description: 'selectPolicy must be one of Max, Min or Disabled.',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  scope: 'document',
  check(object, context) {
    for (const { rules } of presentDirections(object)) {
      const select = rules.get('selectPolicy');
      if (!select.exists) continue;
      const value = select.string;
      if (value !== undefined && SUPPORTED.includes(value)) continue;
      context.report(
        select.valueSpan(),
        t('{path}: Unsupported value: {value}: supported values: {supported}', {
          path: select.path,
          value: shownValue(select),
          supported: SUPPORTED.map((s) => `"${s}"`).join(', '),
        }),
      );
    }
  },
};
