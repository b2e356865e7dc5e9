/**
 * The words every version-dependent finding ends with, so each says which release it assumed, and
 * the version model's errors (a bad `--kubernetes-version`, a gate the release lacks) in the user's
 * language. The facts are common/k8s/kubernetesVersions.ts's; only the sentences live here.
 */
import {
  describeTarget,
  releaseName,
  type ClusterTarget,
  type TargetError,
} from '../../../common/k8s/kubernetesVersions';
import { t } from '../localize';

/** "(Kubernetes 1.34)" or, with nothing configured, "(assumed Kubernetes 1.37, the newest release …)". */
export function assumedRelease(cluster: ClusterTarget): string {
  return cluster.configured
    ? t('(Kubernetes {release})', { release: describeTarget(cluster) })
    : t('(assumed Kubernetes {release}, the newest release: set kubernetesVersion in .hpa-lint.yaml)', {
        release: describeTarget(cluster),
      });
}

/** The release as the messages name it. */
export function releaseOf(cluster: ClusterTarget): string {
  return releaseName(cluster.minor);
}

export function targetErrorText(error: TargetError): string {
  switch (error.code) {
    case 'badVersion':
      return t('"{value}" is not a Kubernetes version (expected a release such as 1.35)', {
        value: error.value,
      });
    case 'tooOld':
      return t('Kubernetes {value} is older than the oldest release modelled ({oldest})', {
        value: error.value,
        oldest: error.oldest,
      });
    case 'tooNew':
      return t('Kubernetes {value} is newer than the newest release modelled ({newest})', {
        value: error.value,
        newest: error.newest,
      });
    case 'badGateSyntax':
      return t('"{value}" is not a feature gate setting (expected Name=true or Name=false)', {
        value: error.value,
      });
    case 'unknownGate':
      return t('unknown feature gate "{gate}" (known: {known})', { gate: error.gate, known: error.known });
    case 'badGateValue':
      return t('feature gate {gate} must be true or false, not "{value}"', {
        gate: error.gate,
        value: error.value,
      });
    case 'gateLocked':
      return t('feature gate {gate} is GA and locked to {locked} on Kubernetes {release}', {
        gate: error.gate,
        locked: String(!error.value),
        release: error.release,
      });
    case 'gateAbsent':
      return t('feature gate {gate} does not exist on Kubernetes {release} (it exists from {since})', {
        gate: error.gate,
        release: error.release,
        since: error.since,
      });
    case 'gateRemoved':
      return t(
        'feature gate {gate} was removed in Kubernetes {removedIn}: the feature is always on in {release}',
        {
          gate: error.gate,
          removedIn: error.removedIn,
          release: error.release,
        },
      );
  }
}
