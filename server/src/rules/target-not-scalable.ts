/** target-not-scalable: the HPA points at a kind with no scale subresource (DaemonSet, Job, CronJob, Pod...). */
import { t } from '../localize';
import { HPA_KIND, SCALED_OBJECT_KIND, scaleTargetOf } from '../workspace/scaleTarget';
import { NOT_SCALABLE_KINDS } from './targets';
import type { Rule } from './types';

export const targetNotScalableRule: Rule = {
  id: 'target-not-scalable',
  defaultSeverity: 'error',
  description:
    'scaleTargetRef must name a kind with a scale subresource (not a DaemonSet, Job, CronJob or Pod).',
  kinds: [HPA_KIND, SCALED_OBJECT_KIND],
  scope: 'document',
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
};
