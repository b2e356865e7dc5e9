/** target-not-scalable: the HPA points at a kind with no scale subresource (DaemonSet, Job, CronJob, Pod...). */
import { t } from '../localize';
import { scaleTargetOf } from '../workspace/scaleTarget';
import { NOT_SCALABLE_KINDS } from './targets';
import { documentRule } from './types';

export const targetNotScalableRule = documentRule({
  id: 'target-not-scalable',
  defaultSeverity: 'error',
  description:
    'scaleTargetRef must name a kind with a scale subresource (not a DaemonSet, Job, CronJob or Pod).',
  check(object, context) {
    const ref = scaleTargetOf(object);
    if (!ref || !NOT_SCALABLE_KINDS.has(ref.kind)) return;
    const kind = ref.view.get('kind');
    context.report(
      kind.exists ? kind.valueSpan() : ref.view.keySpan(),
      t('{kind} has no scale subresource: the autoscaler cannot read or set its replicas (FailedGetScale)', {
        kind: ref.kind,
      }),
    );
  },
});
