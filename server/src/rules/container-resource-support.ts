/**
 * container-resource-support: a `ContainerResource` metric on a release whose API server does not
 * keep it. The metric source is alpha and off by default on 1.20–1.26 (HPAContainerMetrics), beta
 * and on 1.27–1.29, GA from 1.30 (the gate is gone from 1.32). With the gate off the API server
 * drops `containerResource` on create (strategy.go dropContainerMetricSources), and validation then
 * refuses the metric whose type names a source that is no longer there: `kubectl apply` fails.
 * Nothing is said on the release assumed when none is configured: every release from 1.27 keeps it.
 */
import {
  gateStatus,
  keepsContainerResourceMetrics,
  onByDefaultSince,
  releaseName,
} from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';
import { HPA_KIND, isHpa } from '../workspace/scaleTarget';
import { assumedRelease, releaseOf } from './kubernetesVersionText';
import { documentRule } from './types';

export const containerResourceSupportRule = documentRule({
  id: 'container-resource-support',
  defaultSeverity: 'error',
  description:
    'A ContainerResource metric on a release that refuses it (1.25–1.26, or HPAContainerMetrics turned off before 1.30).',
  kinds: [HPA_KIND],
  check(object, context) {
    if (!isHpa(object)) return;
    const cluster = context.settings.cluster;
    if (keepsContainerResourceMetrics(cluster)) return;
    const stage = gateStatus('HPAContainerMetrics', cluster.minor)?.stage ?? 'alpha';
    // The gate exists on every release this fires on; beta and on by default from 1.27.
    const onSince = releaseName(onByDefaultSince('HPAContainerMetrics') ?? cluster.minor);
    object.root
      .at('spec', 'metrics')
      .items()
      .forEach((metric, index) => {
        const type = metric.get('type');
        if (type.string !== 'ContainerResource') return;
        context.report(
          type.valueSpan(),
          t(
            'spec.metrics[{index}].containerResource: Required value: must populate information for the given metric source: the API server of Kubernetes {release} drops containerResource without the HPAContainerMetrics feature gate ({stage}, off here; on by default from {since}) {assumed}',
            {
              index,
              release: releaseOf(cluster),
              stage,
              since: onSince,
              assumed: assumedRelease(cluster),
            },
          ),
        );
      });
  },
});
