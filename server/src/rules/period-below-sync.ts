/** period-below-sync: a policy period shorter than the controller's 15 s sync acts as if it were one sync long. */
import { DEFAULT_CONTROLLER_OPTIONS } from '../../../common/engine/defaults';
import { DEFAULT_SYNC_PERIOD_SECONDS } from '../../../common/k8s/apiLimits';
import { t } from '../localize';
import { presentPolicies } from './apiText';
import { documentRule } from './types';

export const periodBelowSyncRule = documentRule({
  id: 'period-below-sync',
  defaultSeverity: 'warning',
  description: `A scaling policy\u2019s periodSeconds is shorter than the controller\u2019s ${DEFAULT_SYNC_PERIOD_SECONDS} s sync period.`,
  check(object, context) {
    const sync = DEFAULT_CONTROLLER_OPTIONS.syncPeriodSeconds;
    for (const policy of presentPolicies(object)) {
      const period = policy.get('periodSeconds');
      const value = period.number;
      if (value === undefined || value <= 0 || value >= sync) continue;
      context.report(
        period.valueSpan(),
        t(
          'periodSeconds {period} is shorter than the controller\u2019s {sync}-second sync period: the HPA acts once per sync, so this policy allows its value on every sync',
          { period: value, sync },
        ),
      );
    }
  },
});
