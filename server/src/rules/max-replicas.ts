/** max-replicas: spec.maxReplicas must be at least 1 and at least spec.minReplicas. */
import { MIN_MAX_REPLICAS } from '../../../common/k8s/apiLimits';
import { t } from '../localize';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import { shownValue } from './apiText';
import { documentRule } from './types';

export const maxReplicasRule = documentRule({
  id: 'max-replicas',
  defaultSeverity: 'error',
  description: 'spec.maxReplicas must be greater than 0 and greater than or equal to spec.minReplicas.',
  kinds: [HPA_KIND],
  check(object, context) {
    if (!isHpa(object)) return;
    const max = object.root.at('spec', 'maxReplicas');
    const value = max.number;
    if (value === undefined) return; // absent or not a number: the schema says so
    if (value < MIN_MAX_REPLICAS) {
      // The API server's wording: "greater than 0" for the whole-number bound of 1.
      context.report(
        max.valueSpan(),
        t('{path}: Invalid value: {value}: must be greater than {min}', {
          path: max.path,
          value: shownValue(max),
          min: MIN_MAX_REPLICAS - 1,
        }),
      );
      return;
    }
    const min = object.root.at('spec', 'minReplicas').number;
    if (min !== undefined && value < min) {
      context.report(
        max.valueSpan(),
        t('{path}: Invalid value: {value}: must be greater than or equal to `minReplicas`', {
          path: max.path,
          value: shownValue(max),
        }),
      );
    }
  },
});
