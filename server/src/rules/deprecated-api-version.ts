/** deprecated-api-version: autoscaling/v2beta1 and v2beta2 are no longer served (1.25, 1.26); autoscaling/v1 lacks v2's features. */
import { t } from '../localize';
import { HPA_KIND } from '../workspace/scaleTarget';
import type { Rule } from './types';

const REMOVED_IN: Record<string, string> = { 'autoscaling/v2beta1': '1.25', 'autoscaling/v2beta2': '1.26' };

export const deprecatedApiVersionRule: Rule = {
  id: 'deprecated-api-version',
  defaultSeverity: 'warning',
  description:
    'autoscaling/v2beta1 and v2beta2 were removed in Kubernetes 1.25 and 1.26; autoscaling/v1 has only CPU utilization.',
  kinds: [HPA_KIND],
  scope: 'document',
  check(object, context) {
    const apiVersion = object.root.get('apiVersion');
    const version = apiVersion.string;
    if (version === undefined) return;
    const removedIn = REMOVED_IN[version];
    if (removedIn) {
      context.report(
        apiVersion.valueSpan(),
        t('{apiVersion} is no longer served since Kubernetes {release}: use autoscaling/v2', {
          apiVersion: version,
          release: removedIn,
        }),
      );
    } else if (version === 'autoscaling/v1') {
      context.report(
        apiVersion.valueSpan(),
        t(
          'autoscaling/v1 scales on CPU utilization only and has no behavior: autoscaling/v2 offers memory, custom metrics and scaling policies',
        ),
        { severity: 'info' },
      );
    }
  },
};
