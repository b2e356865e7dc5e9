/**
 * How candidates are ranked, and what decided each place. The loads the tuner simulates are smooth
 * (a profile with a few percent of noise, or one recorded range), so a block that scales down at the
 * first sync of every dip scores well on them: few events, the fewest Pod-hours. On real traffic,
 * noisier than any of these loads, that block flaps (down on a dip, up again a sync later). Such a
 * block ranks below a steadier one that meets the same goals as well, and says so when it is shown.
 *
 * Ranking, best first: fewest goals missed, smallest total miss (in goal units), a scale-down that
 * waits longer than one sync before following a dip, fewest Pod-hours over all loads, fewest scale
 * events, then the point's key (so ties always break the same way).
 */
import { resolveBehavior, resolveOptions, scaleDownWindowSeconds } from '../engine/defaults';
import type { ControllerOptions, HPABehavior } from '../engine/types';
import { GOAL_KEYS, goalExcess, type GoalKey, type TuneGoals } from './goals';
import type { LoadFigures } from './figures';

/** What decided that a candidate ranks above the next one. */
export type RankCriterion = 'goals' | 'miss' | 'steadier' | 'podHours' | 'scaleEvents' | 'order';

/** The part of a candidate the ranking reads. */
export interface RankedFigures {
  figures: LoadFigures[];
  meets: Record<GoalKey, boolean>;
  podHours: number;
  /** The scale-down follows every dip within one sync (see `followsEveryDip`). */
  followsEveryDip: boolean;
}

export interface Scored<C extends RankedFigures = RankedFigures> {
  candidate: C;
  key: string;
  unmetCount: number;
  excess: number;
  events: number;
}

/**
 * True when the block scales down at the first sync that proposes fewer replicas: its scale-down
 * window holds no earlier recommendation than the sync before (at most one sync period long) and
 * scale-down is not disabled. The legacy path (no behavior) uses the controller's 300 s flag.
 */
export function followsEveryDip(
  behavior: HPABehavior | null,
  options: Partial<ControllerOptions> | undefined,
): boolean {
  if (resolveBehavior(behavior)?.scaleDown.selectPolicy === 'Disabled') return false;
  return scaleDownWindowOf(behavior, options) <= resolveOptions(options).syncPeriodSeconds;
}

/** The scale-down window a candidate's block holds (for the caution it is shown with). */
export function scaleDownWindowOf(
  behavior: HPABehavior | null,
  options: Partial<ControllerOptions> | undefined,
): number {
  const resolvedOptions = resolveOptions(options);
  const resolved = resolveBehavior(behavior);
  return resolved
    ? scaleDownWindowSeconds(resolved.scaleDown, resolvedOptions)
    : resolvedOptions.downscaleStabilizationSeconds;
}

export function scoreOf<C extends RankedFigures>(
  candidate: C,
  key: string,
  goals: TuneGoals,
  syncSeconds: number,
): Scored<C> {
  let unmetCount = 0;
  let excess = 0;
  for (const g of GOAL_KEYS) {
    if (!candidate.meets[g]) unmetCount++;
    excess += goalExcess(g, candidate.figures, goals, syncSeconds);
  }
  let events = 0;
  for (const f of candidate.figures) events += f.scaleEvents;
  return { candidate, key, unmetCount, excess, events };
}

/** What put a candidate above the next: the criterion, and by how much b is worse on it. */
export interface RankWin {
  criterion: RankCriterion;
  /** Goals, goal units, Pod-hours or scale events; 0 for `steadier` and `order`. */
  margin: number;
}

/** The first criterion on which a and b differ, in ranking order. */
export function decidingCriterion(a: Scored, b: Scored): RankWin {
  if (a.unmetCount !== b.unmetCount) return { criterion: 'goals', margin: b.unmetCount - a.unmetCount };
  if (a.excess !== b.excess) return { criterion: 'miss', margin: b.excess - a.excess };
  if (a.candidate.followsEveryDip !== b.candidate.followsEveryDip)
    return { criterion: 'steadier', margin: 0 };
  if (a.candidate.podHours !== b.candidate.podHours)
    return { criterion: 'podHours', margin: b.candidate.podHours - a.candidate.podHours };
  if (a.events !== b.events) return { criterion: 'scaleEvents', margin: b.events - a.events };
  return { criterion: 'order', margin: 0 };
}

/** Negative when a ranks before b. */
export function compareScored(a: Scored, b: Scored): number {
  return (
    a.unmetCount - b.unmetCount ||
    a.excess - b.excess ||
    Number(a.candidate.followsEveryDip) - Number(b.candidate.followsEveryDip) ||
    a.candidate.podHours - b.candidate.podHours ||
    a.events - b.events ||
    (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)
  );
}
