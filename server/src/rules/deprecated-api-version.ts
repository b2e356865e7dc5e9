/**
 * deprecated-api-version: autoscaling/v2beta1 (removed in 1.25) and v2beta2 (served, deprecated, to
 * 1.25; removed in 1.26) for the release the manifest is for (common/k8s/kubernetesVersions.ts
 * HPA_API_VERSIONS). Where the API server no longer serves it, apply fails: an error; where it is
 * still served, a warning with the release that removes it.
 */
import { apiVersionServed, releaseName } from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';
import { HPA_KIND } from '../workspace/scaleTarget';
import { assumedRelease, releaseOf } from './kubernetesVersionText';
import { documentRule } from './types';

export const deprecatedApiVersionRule = documentRule({
  id: 'deprecated-api-version',
  defaultSeverity: 'warning',
  description:
    'autoscaling/v2beta1 and v2beta2: "served until" or "removed in" for the chosen release (removed: an error).',
  kinds: [HPA_KIND],
  check(object, context) {
    const apiVersion = object.root.get('apiVersion');
    const version = apiVersion.string;
    if (version === undefined) return;
    const cluster = context.settings.cluster;
    const served = apiVersionServed(version, cluster.minor);
    if (served.state === 'removed') {
      context.report(
        apiVersion.valueSpan(),
        t(
          '{apiVersion} is not served by Kubernetes {release} (removed in {removedIn}): use autoscaling/v2 {assumed}',
          {
            apiVersion: version,
            release: releaseOf(cluster),
            removedIn: releaseName(served.removedIn),
            assumed: assumedRelease(cluster),
          },
        ),
        // An error only for a release the user named: with none configured, the removal is
        // version-dependent (the manifest may be for an older cluster), so at most a warning.
        { severity: cluster.configured ? 'error' : 'warning' },
      );
    } else if (served.state === 'deprecated') {
      context.report(
        apiVersion.valueSpan(),
        t(
          '{apiVersion} is deprecated: served until Kubernetes {lastServed}, removed in {removedIn}: use autoscaling/v2 {assumed}',
          {
            apiVersion: version,
            lastServed: releaseName(served.lastServed),
            removedIn: releaseName(served.removedIn),
            assumed: assumedRelease(cluster),
          },
        ),
      );
    }
    // autoscaling/v1 is served and GA: not deprecated (its cpu-only limit is autoscaling-v1-cpu-only's).
  },
});
