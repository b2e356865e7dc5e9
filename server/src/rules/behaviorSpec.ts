/**
 * The spec the engine's ramp model needs, for an HPA or for the HPA KEDA creates from a ScaledObject
 * (minReplicaCount, default 0 but at least 1 in the HPA; maxReplicaCount, default 100; the advanced
 * behavior). Undefined when the numbers are not usable (the API rules report those).
 */
import type { MessageArgs } from '../../../common/l10n/format';
import type { HPABehavior, HPASpec } from '../../../common/engine/types';
import type { K8sObject } from '../workspace/objects';
import { isScaledObject } from '../workspace/scaleTarget';
import { behaviorOf, presentDirections } from './apiText';
import {
  MAX_PERIOD_SECONDS,
  MAX_STABILIZATION_WINDOW_SECONDS,
  MIN_MIN_REPLICAS,
  MIN_PERIOD_SECONDS,
  MIN_POLICY_VALUE,
  MIN_STABILIZATION_WINDOW_SECONDS,
} from '../../../common/k8s/apiLimits';

export const KEDA_DEFAULT_MAX_REPLICAS = 100;

export function rampSpecOf(object: K8sObject): HPASpec | undefined {
  if (!behaviorIsValid(object)) return undefined; // the API rules report it; a ramp of invalid rules means nothing
  const spec = object.root.get('spec');
  const behaviorValue = behaviorOf(object).value;
  const behavior =
    typeof behaviorValue === 'object' && behaviorValue !== null ? (behaviorValue as HPABehavior) : null;
  let min: number | undefined;
  let max: number | undefined;
  if (isScaledObject(object)) {
    min = Math.max(MIN_MIN_REPLICAS, spec.get('minReplicaCount').number ?? 0);
    max = spec.get('maxReplicaCount').number ?? KEDA_DEFAULT_MAX_REPLICAS;
  } else {
    min = spec.get('minReplicas').exists ? spec.get('minReplicas').number : 1;
    max = spec.get('maxReplicas').number;
  }
  if (
    min === undefined ||
    max === undefined ||
    !Number.isInteger(min) ||
    !Number.isInteger(max) ||
    min < MIN_MIN_REPLICAS ||
    max < min
  ) {
    return undefined;
  }
  return {
    scaleTargetRef: { kind: 'Deployment', name: 'target' },
    minReplicas: min,
    maxReplicas: max,
    behavior,
  };
}

/** `75 s`, `12 min 30 s`, for messages. */
export function formatSeconds(seconds: number, t: (m: string, args?: MessageArgs) => string): string {
  if (seconds < 60) return t('{seconds} s', { seconds });
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  return rest === 0
    ? t('{minutes} min', { minutes })
    : t('{minutes} min {seconds} s', { minutes, seconds: rest });
}

/** True when every present direction passes the API rules the ramp depends on. */
function behaviorIsValid(object: K8sObject): boolean {
  for (const { rules } of presentDirections(object)) {
    const window = rules.get('stabilizationWindowSeconds');
    if (
      window.exists &&
      window.value !== null &&
      !inRange(window.value, MIN_STABILIZATION_WINDOW_SECONDS, MAX_STABILIZATION_WINDOW_SECONDS)
    )
      return false;
    const select = rules.get('selectPolicy');
    if (select.exists && !['Max', 'Min', 'Disabled'].includes(select.string ?? '')) return false;
    const policies = rules.get('policies');
    if (policies.isSeq && policies.items().length === 0) return false;
    for (const policy of policies.items()) {
      const type = policy.get('type').string;
      if (type !== 'Pods' && type !== 'Percent') return false;
      if (!inRange(policy.get('value').value, MIN_POLICY_VALUE, Number.MAX_SAFE_INTEGER)) return false;
      if (!inRange(policy.get('periodSeconds').value, MIN_PERIOD_SECONDS, MAX_PERIOD_SECONDS)) return false;
    }
  }
  return true;
}

function inRange(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
