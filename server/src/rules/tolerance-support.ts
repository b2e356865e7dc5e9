/**
 * tolerance-support: a per-direction `behavior.scaleUp/scaleDown.tolerance` where the release does
 * not honour it. Before 1.33 the field does not exist (an unknown field: error); on 1.33-1.34
 * without the HPAConfigurableTolerance gate (alpha, off) the API server drops it silently on create
 * (strategy.go dropDisabledFields), so the HPA scales at the cluster's tolerance (0.1): a warning.
 * Honoured from 1.35 (beta, on; GA 1.37). Unconfigured, an info names the releases where it works.
 */
import { toleranceSupport } from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';
import { presentDirections } from './apiText';
import { assumedRelease, releaseOf } from './kubernetesVersionText';
import { documentRule } from './types';

export const toleranceSupportRule = documentRule({
  id: 'tolerance-support',
  defaultSeverity: 'warning',
  description:
    'A per-direction tolerance on a release that drops it (1.33–1.34 without HPAConfigurableTolerance) or does not know it (before 1.33).',
  check(object, context) {
    const cluster = context.settings.cluster;
    const support = toleranceSupport(cluster);
    for (const { rules } of presentDirections(object)) {
      const field = rules.get('tolerance');
      if (!field.exists) continue;
      const span = field.keySpan();
      if (support === 'unknown') {
        context.report(
          span,
          t(
            '{path}: unknown field on Kubernetes {release}: per-direction tolerance exists from 1.33 {assumed}',
            {
              path: field.path,
              release: releaseOf(cluster),
              assumed: assumedRelease(cluster),
            },
          ),
          { severity: 'error' },
        );
      } else if (support === 'dropped') {
        context.report(
          span,
          t(
            '{path}: the API server of Kubernetes {release} drops this field without the HPAConfigurableTolerance feature gate (alpha, off by default): the HPA scales at the cluster-wide tolerance (0.1) {assumed}',
            { path: field.path, release: releaseOf(cluster), assumed: assumedRelease(cluster) },
          ),
        );
      } else if (!cluster.configured) {
        context.report(
          span,
          t(
            'per-direction tolerance works on Kubernetes 1.35+, or with HPAConfigurableTolerance on 1.33–1.34; 1.33–1.34 without the gate drop it, older releases do not know it {assumed}',
            { assumed: assumedRelease(cluster) },
          ),
          { severity: 'info' },
        );
      }
    }
  },
});
