/** min-replicas: spec.minReplicas must be at least 1 (0 only with the alpha HPAScaleToZero gate and an Object or External metric). */
import { MIN_MIN_REPLICAS, MIN_MIN_REPLICAS_SCALE_TO_ZERO } from '../../../common/k8s/apiLimits';
import { t } from '../localize';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import { hasV2Shape, shownValue } from './apiText';
import type { Rule } from './types';

export const minReplicasRule: Rule = {
  id: 'min-replicas',
  defaultSeverity: 'error',
  description:
    'spec.minReplicas must be at least 1; 0 needs the HPAScaleToZero gate and an Object or External metric.',
  kinds: [HPA_KIND],
  scope: 'document',
  check(object, context) {
    if (!isHpa(object)) return;
    const min = object.root.at('spec', 'minReplicas');
    const value = min.number;
    if (value === undefined || value >= MIN_MIN_REPLICAS) return;
    if (value === MIN_MIN_REPLICAS_SCALE_TO_ZERO && hasV2Shape(object)) {
      const scalesFromZero = object.root
        .at('spec', 'metrics')
        .items()
        .some((m) => m.get('type').string === 'Object' || m.get('type').string === 'External');
      if (scalesFromZero) {
        context.report(
          min.valueSpan(),
          t(
            '{path}: minReplicas {value} is accepted only when the alpha feature gate HPAScaleToZero is enabled (it is off by default); otherwise: must be greater than or equal to {min}',
            { path: min.path, value: MIN_MIN_REPLICAS_SCALE_TO_ZERO, min: MIN_MIN_REPLICAS },
          ),
          { severity: 'warning' },
        );
      } else {
        context.report(
          min.valueSpan(),
          t(
            '{path}: Invalid value: {value}: must be greater than or equal to {min} (scaling to zero also needs at least one Object or External metric)',
            { path: min.path, value: shownValue(min), min: MIN_MIN_REPLICAS },
          ),
        );
      }
      return;
    }
    context.report(
      min.valueSpan(),
      t('{path}: Invalid value: {value}: must be greater than or equal to {min}', {
        path: min.path,
        value: shownValue(min),
        min: MIN_MIN_REPLICAS,
      }),
    );
  },
};
