/** deprecated-api-version: autoscaling/v2beta1 and v2beta2 are no longer served (1.25, 1.26). */
import { t } from '../localize';
import { HPA_KIND } from '../workspace/scaleTarget';
import type { Rule } from './types';

const REMOVED_IN: Record<string, string> = { 'autoscaling/v2beta1': '1.25', 'autoscaling/v2beta2': '1.26' };

export const deprecatedApiVersionRule: Rule = {
  id: 'deprecated-api-version',
  defaultSeverity: 'warning',
  description: 'autoscaling/v2beta1 and v2beta2 were removed in Kubernetes 1.25 and 1.26.',
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
    }
    // autoscaling/v1 is served and GA: not deprecated (its cpu-only limit is autoscaling-v1-cpu-only's).
  },
};
