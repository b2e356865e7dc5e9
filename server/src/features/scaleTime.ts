/**
 * The shortest time from minReplicas to maxReplicas under a demand far above target, and back under
 * none, from the engine's `timeToScale` (the real stabilization, policies, legacy path and sync
 * period). The manifest is sanitized first so a half-written spec gives an answer or none, never a throw.
 */
import { timeToScale } from '../../../common/engine/index';
import { MAX_PERIOD_SECONDS, MAX_STABILIZATION_WINDOW_SECONDS } from '../../../common/k8s/apiLimits';
import type { ControllerOptions, HPASpec } from '../../../common/engine/types';
import { sanitizeBehavior } from './effectiveBehavior';
import type { Direction } from './policyMath';

export interface ScaleTime {
  /** Seconds from the first sync that sees the change to the one reaching the far end; null = never. */
  seconds: number | null;
  /** Rescales on the way. */
  steps: number;
}

export function scaleTime(
  spec: { minReplicas?: unknown; maxReplicas?: unknown; behavior?: unknown },
  direction: Direction,
  options: Partial<ControllerOptions> = {},
): ScaleTime | undefined {
  const min = spec.minReplicas === undefined ? 1 : spec.minReplicas;
  const max = spec.maxReplicas;
  if (
    typeof min !== 'number' ||
    typeof max !== 'number' ||
    !Number.isInteger(min) ||
    !Number.isInteger(max)
  ) {
    return undefined;
  }
  if (min < 1 || max < min) return undefined;
  const behavior = sanitizeBehavior(spec.behavior);
  if (beyondApiLimits(behavior)) return undefined;
  const engineSpec: HPASpec = {
    scaleTargetRef: { kind: 'Deployment', name: 'target' },
    minReplicas: min,
    maxReplicas: max,
    behavior,
  };
  try {
    const ramp = timeToScale(engineSpec, direction, options);
    return { seconds: ramp.seconds, steps: ramp.path.length - 1 };
  } catch {
    return undefined;
  }
}

/**
 * The API server rejects a window or a period over its limit (common/k8s/apiLimits.ts), so there is no ramp to tell;
 * and a window of 2^31 s keeps every recommendation for the whole 30-day ramp, which is quadratic:
 * the hover hung (found by fuzzing).
 */
function beyondApiLimits(behavior: ReturnType<typeof sanitizeBehavior>): boolean {
  for (const rules of [behavior?.scaleUp, behavior?.scaleDown]) {
    if ((rules?.stabilizationWindowSeconds ?? 0) > MAX_STABILIZATION_WINDOW_SECONDS) return true;
    if ((rules?.policies ?? []).some((p) => p.periodSeconds > MAX_PERIOD_SECONDS)) return true;
  }
  return false;
}
