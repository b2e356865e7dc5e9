/** no-scale-down: scale-down is Disabled, so the workload only ever grows (while scale-up still works). */
import { t } from '../localize';
import { behaviorOf } from './apiText';
import { documentRule } from './types';

export const noScaleDownRule = documentRule({
  id: 'no-scale-down',
  defaultSeverity: 'info',
  description: 'scaleDown.selectPolicy is Disabled: the replica count only ever grows.',
  check(object, context) {
    const behavior = behaviorOf(object);
    const down = behavior.at('scaleDown', 'selectPolicy');
    if (down.string !== 'Disabled' || behavior.at('scaleUp', 'selectPolicy').string === 'Disabled') return;
    context.report(
      down.valueSpan(),
      t(
        'Scale-down is Disabled: the replica count only grows, up to maxReplicas, until someone scales the workload down by hand',
      ),
    );
  },
});
