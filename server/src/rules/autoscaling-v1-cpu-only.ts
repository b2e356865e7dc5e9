/**
 * autoscaling-v1-cpu-only: autoscaling/v1 is served and GA (it is not deprecated), but it can only
 * scale on average cpu utilization and has no behavior. A hint, for authors who may want more.
 */
import { t } from '../localize';
import { HPA_KIND } from '../workspace/scaleTarget';
import { documentRule } from './types';

export const autoscalingV1CpuOnlyRule = documentRule({
  id: 'autoscaling-v1-cpu-only',
  defaultSeverity: 'hint',
  description: 'autoscaling/v1 (served, GA) scales on cpu utilization only and has no behavior.',
  kinds: [HPA_KIND],
  check(object, context) {
    const apiVersion = object.root.get('apiVersion');
    if (apiVersion.string !== 'autoscaling/v1') return;
    context.report(
      apiVersion.valueSpan(),
      t(
        'autoscaling/v1 is served and stable, but scales on cpu utilization only and has no behavior: autoscaling/v2 adds memory, custom metrics and scaling policies',
      ),
    );
  },
});
