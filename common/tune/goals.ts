/**
 * The goals a suggested `behavior` is tuned for, in the order the issue ranks them, and how a
 * block's figures are held against them. A goal is met when it holds on every load at once: one
 * block has to serve night, normal and burst alike.
 */
import type { LoadFigures } from './figures';

/** Goal keys, in priority order; they name the goals in `meets`, `unmet` and the strings file. */
export const GOAL_KEYS = ['ramp', 'scaleEventsPerHour', 'underprovisionedShare'] as const;
export type GoalKey = (typeof GOAL_KEYS)[number];

export interface TuneGoals {
  /** Longest acceptable ramp (see figures.ts), seconds. */
  maxRampSeconds: number;
  /** Most scale events per hour of simulated time. */
  maxScaleEventsPerHour: number;
  /** Largest share of syncs under-provisioned, as a fraction (0.02 = 2 %). */
  maxUnderprovisionedShare: number;
}

/** The defaults: 60 s ramp, 2 % under-provisioned; 6 scale events per hour (one per 10 minutes). */
export const DEFAULT_GOALS: Readonly<TuneGoals> = Object.freeze({
  maxRampSeconds: 60,
  maxScaleEventsPerHour: 6,
  maxUnderprovisionedShare: 0.02,
});

export type GoalVerdicts = Record<GoalKey, boolean>;

/** Scale events per hour of one load's run. */
export function eventsPerHour(f: LoadFigures): number {
  return f.durationSeconds > 0 ? (f.scaleEvents * 3600) / f.durationSeconds : 0;
}

/** The figure a goal reads on one load, and the limit it must not exceed. */
export function goalFigure(goal: GoalKey, f: LoadFigures): number {
  switch (goal) {
    case 'ramp':
      return f.rampSeconds;
    case 'scaleEventsPerHour':
      return eventsPerHour(f);
    case 'underprovisionedShare':
      return f.underprovisionedShare;
  }
}

export function goalLimit(goal: GoalKey, goals: TuneGoals): number {
  switch (goal) {
    case 'ramp':
      return goals.maxRampSeconds;
    case 'scaleEventsPerHour':
      return goals.maxScaleEventsPerHour;
    case 'underprovisionedShare':
      return goals.maxUnderprovisionedShare;
  }
}

/**
 * What one unit of excess is worth per goal, so misses of different goals add up in the
 * compromise ranking: one sync period of ramp, one event per hour, one percent of the time.
 */
function excessUnit(goal: GoalKey, syncSeconds: number): number {
  if (goal === 'ramp') return syncSeconds;
  if (goal === 'scaleEventsPerHour') return 1;
  return 0.01;
}

/** The worst figure of a goal over all loads. */
export function worstFigure(goal: GoalKey, figures: readonly LoadFigures[]): number {
  let worst = 0;
  for (const f of figures) worst = Math.max(worst, goalFigure(goal, f));
  return worst;
}

export function judgeGoals(figures: readonly LoadFigures[], goals: TuneGoals): GoalVerdicts {
  const verdicts = {} as GoalVerdicts;
  for (const goal of GOAL_KEYS) verdicts[goal] = worstFigure(goal, figures) <= goalLimit(goal, goals);
  return verdicts;
}

/** How far the worst load misses a goal, in the goal's unit (0 when met). */
export function goalExcess(
  goal: GoalKey,
  figures: readonly LoadFigures[],
  goals: TuneGoals,
  syncSeconds: number,
): number {
  const over = worstFigure(goal, figures) - goalLimit(goal, goals);
  return over > 0 ? over / excessUnit(goal, syncSeconds) : 0;
}

/** Rejects goals no search can read: negative or not a number. */
export function checkGoals(goals: TuneGoals): { goal: string; value: string } | null {
  for (const [key, value] of Object.entries(goals)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
      return { goal: key, value: String(value) };
  }
  return null;
}
