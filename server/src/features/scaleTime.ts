/**
 * The shortest time the behaviour allows to go from minReplicas to maxReplicas under a demand far
 * above target, and back under no demand (semantics §1.7). Syncs run every 15 s; the load changes
 * just before the sync at t = 0, after the HPA had been steady for longer than every window.
 * The answer is the time of the sync that first reaches the far end.
 */
import type { EffectiveRules } from './effectiveBehavior';
import { DEFAULT_SYNC_PERIOD_SECONDS } from './effectiveBehavior';
import type { Direction } from './policyMath';

export interface ScaleTime {
  /** Seconds from the load change to the sync that reaches the far end; null when the direction is Disabled. */
  seconds: number | null;
  /** Number of rescales on the way. */
  steps: number;
}

const MAX_SYNCS = 100_000;

export function scaleTime(
  rules: EffectiveRules,
  direction: Direction,
  minReplicas: number,
  maxReplicas: number,
  syncPeriodSeconds = DEFAULT_SYNC_PERIOD_SECONDS,
): ScaleTime {
  const from = direction === 'up' ? minReplicas : maxReplicas;
  const to = direction === 'up' ? maxReplicas : minReplicas;
  if (from === to) return { seconds: 0, steps: 0 };
  if (rules.selectPolicy === 'Disabled' || rules.policies.length === 0) return { seconds: null, steps: 0 };
  // Recommendations from before the change (value `from`) last hit the window at t = -sync; the
  // window only lets the new value through once that record is no longer strictly inside it.
  const firstSync =
    Math.max(0, Math.ceil((rules.stabilizationWindowSeconds - syncPeriodSeconds) / syncPeriodSeconds)) *
    syncPeriodSeconds;
  const events: { t: number; change: number }[] = [];
  let current = from;
  let steps = 0;
  for (let i = 0; i < MAX_SYNCS; i++) {
    const t = firstSync + i * syncPeriodSeconds;
    const proposals = rules.policies.map((p) => {
      const moved = events.filter((e) => e.t > t - p.periodSeconds).reduce((sum, e) => sum + e.change, 0);
      const periodStart = current - (direction === 'up' ? moved : -moved);
      if (direction === 'up') {
        return p.type === 'Pods' ? periodStart + p.value : Math.ceil(periodStart * (1 + p.value / 100));
      }
      return p.type === 'Pods' ? periodStart - p.value : Math.trunc(periodStart * (1 - p.value / 100));
    });
    let next: number;
    if (direction === 'up') {
      const limit = rules.selectPolicy === 'Max' ? Math.max(...proposals) : Math.min(...proposals);
      next = Math.min(to, Math.max(limit, current));
    } else {
      const limit = rules.selectPolicy === 'Max' ? Math.min(...proposals) : Math.max(...proposals);
      next = Math.max(to, Math.min(limit, current));
    }
    if (next !== current) {
      events.push({ t, change: Math.abs(next - current) });
      current = next;
      steps++;
    }
    if (current === to) return { seconds: t, steps };
  }
  return { seconds: null, steps };
}
