/** scaling-disabled: both directions Disabled, or minReplicas equal to maxReplicas: the autoscaler never scales. */
import { t } from '../localize';
import { isHpa } from '../workspace/scaleTarget';
import { behaviorOf } from './apiText';
import { documentRule } from './types';

export const scalingDisabledRule = documentRule({
  id: 'scaling-disabled',
  defaultSeverity: 'warning',
  description:
    'Both directions are Disabled, or minReplicas equals maxReplicas: the autoscaler never changes the replica count.',
  check(object, context) {
    const behavior = behaviorOf(object);
    const up = behavior.at('scaleUp', 'selectPolicy').string;
    const down = behavior.at('scaleDown', 'selectPolicy').string;
    if (up === 'Disabled' && down === 'Disabled') {
      context.report(
        behavior.keySpan(),
        t(
          'Both scaleUp and scaleDown have selectPolicy: Disabled: the autoscaler never changes the replica count',
        ),
      );
      return;
    }
    if (!isHpa(object)) return;
    const spec = object.root.get('spec');
    const max = spec.get('maxReplicas');
    const min = spec.get('minReplicas');
    // A kustomize patch sets only what it changes: its missing minReplicas is the base's, not the
    // API default of 1 (the rendered overlay is checked with the real value).
    if (!min.exists && context.partial) return;
    const minValue = min.exists ? min.number : 1;
    if (max.number !== undefined && minValue !== undefined && max.number === minValue) {
      context.report(
        max.valueSpan(),
        t('minReplicas and maxReplicas are both {replicas}: the HPA can never change the replica count', {
          replicas: minValue,
        }),
        { severity: 'hint' }, // usually a deliberate pin (one environment held at a fixed size)
      );
    }
  },
});
