/** tolerance-range: a per-direction tolerance must be a quantity greater than or equal to 0. */
import { quantityMilliOrUndefined } from '../../../common/engine/quantity';
import { MIN_TOLERANCE } from '../../../common/k8s/apiLimits';
import { t } from '../localize';
import { presentDirections, shownValue } from './apiText';
import { atLeast, rangeRule } from './rangeRule';

export const toleranceRangeRule = rangeRule({
  id: 'tolerance-range',
  description: `behavior.scaleUp/scaleDown.tolerance must be a quantity greater than or equal to ${MIN_TOLERANCE}.`,
  fields: (object) => presentDirections(object).map(({ rules }) => rules.get('tolerance')),
  read: (field) => {
    if (!field.exists || field.value === null) return undefined;
    const milli = quantityMilliOrUndefined(field.value);
    return milli === undefined ? null : milli / 1000;
  },
  invalid: (field) =>
    t('{path}: Invalid value: {value}: must be a quantity such as 0.05 or 50m', {
      path: field.path,
      value: shownValue(field),
    }),
  min: atLeast(MIN_TOLERANCE),
});
