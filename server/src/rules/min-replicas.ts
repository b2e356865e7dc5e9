/**
 * min-replicas: spec.minReplicas must be at least 1; 0 is accepted with an Object or External
 * metric where HPAScaleToZero is on (beta, on by default from Kubernetes 1.37; alpha, off, 1.16-1.36;
 * semantics §3 row 2, §1.9). With only Resource or Pods metrics 0 is always rejected.
 */
import { MIN_MIN_REPLICAS, MIN_MIN_REPLICAS_SCALE_TO_ZERO } from '../../../common/k8s/apiLimits';
import {
  acceptsMinReplicasZero,
  onByDefaultSince,
  releaseName,
} from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import { hasV2Shape, shownValue } from './apiText';
import { assumedRelease, releaseOf } from './kubernetesVersionText';
import { documentRule } from './types';

const SCALE_TO_ZERO_BY_DEFAULT = releaseName(onByDefaultSince('HPAScaleToZero')!);

export const minReplicasRule = documentRule({
  id: 'min-replicas',
  defaultSeverity: 'error',
  description:
    'spec.minReplicas must be at least 1; 0 needs an Object or External metric and Kubernetes 1.37+ (or HPAScaleToZero).',
  kinds: [HPA_KIND],
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
      if (!scalesFromZero) {
        context.report(
          min.valueSpan(),
          t(
            '{path}: Invalid value: {value}: must be greater than or equal to {min} (scaling to zero also needs at least one Object or External metric)',
            { path: min.path, value: shownValue(min), min: MIN_MIN_REPLICAS },
          ),
        );
        return;
      }
      const cluster = context.settings.cluster;
      if (!acceptsMinReplicasZero(cluster)) {
        context.report(
          min.valueSpan(),
          t(
            '{path}: Invalid value: {value}: must be greater than or equal to {min}: Kubernetes {release} accepts minReplicas 0 only with the HPAScaleToZero feature gate (on by default from {since}) {assumed}',
            {
              path: min.path,
              value: MIN_MIN_REPLICAS_SCALE_TO_ZERO,
              min: MIN_MIN_REPLICAS,
              release: releaseOf(cluster),
              since: SCALE_TO_ZERO_BY_DEFAULT,
              assumed: assumedRelease(cluster),
            },
          ),
        );
      } else if (!cluster.configured) {
        // Valid on the newest release: no error, but a word on where it works.
        context.report(
          min.valueSpan(),
          t(
            'minReplicas 0 needs Kubernetes {since}+, or HPAScaleToZero on 1.16–1.36; older clusters reject it {assumed}',
            { since: SCALE_TO_ZERO_BY_DEFAULT, assumed: assumedRelease(cluster) },
          ),
          { severity: 'info' },
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
});
