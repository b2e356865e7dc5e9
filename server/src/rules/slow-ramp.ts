/**
 * slow-ramp: under maximum load, going from minReplicas to maxReplicas takes longer than the budget
 * (hpa.slowRampBudgetSeconds, default 600), computed by the engine through the real windows, policies
 * and sync period.
 */
import { controllerOptionsFor } from '../../../common/engine/clusterOptions';
import { timeToScale } from '../../../common/engine/ramp';
import type { ControllerOptions, HPASpec } from '../../../common/engine/types';
import { t } from '../localize';
import { isScaledObject } from '../workspace/scaleTarget';
import { behaviorOf } from './apiText';
import { formatSeconds, rampSpecOf } from './behaviorSpec';
import { documentRule } from './types';

export const slowRampRule = documentRule({
  id: 'slow-ramp',
  defaultSeverity: 'info',
  description:
    'Scaling from minReplicas to maxReplicas under full load takes longer than hpa.slowRampBudgetSeconds.',
  check(object, context) {
    const spec = rampSpecOf(object);
    if (!spec || spec.minReplicas === spec.maxReplicas) return;
    const scaleUp = behaviorOf(object).get('scaleUp');
    if (scaleUp.get('selectPolicy').string === 'Disabled') return; // deliberate: not a slow ramp
    const seconds = rampSeconds(spec, controllerOptionsFor(context.settings.cluster));
    if (seconds === undefined) return; // values the engine rejects are reported by the API rules
    const budget = context.settings.slowRampBudgetSeconds;
    if (seconds !== null && seconds <= budget) return;
    const anchor = scaleUp.exists
      ? scaleUp.keySpan()
      : object.root.at('spec', isScaledObject(object) ? 'maxReplicaCount' : 'maxReplicas').keySpan();
    const message =
      seconds === null
        ? t(
            'Under full load the autoscaler never reaches {max} replicas from {min}: the scale-up policies cannot get there',
            { max: spec.maxReplicas, min: spec.minReplicas ?? 1 },
          )
        : t(
            'Under full load, scaling from {min} to {max} replicas takes {duration}, more than the budget of {budget} (hpa.slowRampBudgetSeconds)',
            {
              min: spec.minReplicas ?? 1,
              max: spec.maxReplicas,
              duration: formatSeconds(seconds, t),
              budget: formatSeconds(budget, t),
            },
          );
    context.report(anchor, message);
  },
});

/*
 * Rendered charts repeat one behavior across hundreds of HPAs: the ramp is simulated once per
 * distinct (min, max, behavior). Bounded, so a long session cannot grow it without limit.
 */
const rampCache = new Map<string, number | null | undefined>();
const RAMP_CACHE_LIMIT = 1000;

function rampSeconds(spec: HPASpec, options: Partial<ControllerOptions>): number | null | undefined {
  // The options that change a ramp are the scale-to-zero ones (a start at 0 or at 1).
  const key = JSON.stringify([spec.minReplicas, spec.maxReplicas, spec.behavior, options.scaleToZero]);
  if (rampCache.has(key)) return rampCache.get(key);
  let seconds: number | null | undefined;
  try {
    seconds = timeToScale(spec, 'up', options).seconds;
  } catch {
    seconds = undefined;
  }
  if (rampCache.size >= RAMP_CACHE_LIMIT) rampCache.clear();
  rampCache.set(key, seconds);
  return seconds;
}
