/**
 * Why a goal is out of reach, when no block searched meets it: the search only changes `behavior`,
 * so what keeps a goal away is a bound outside it. Each bound is tried by simulating the block that
 * came closest to the goal again with that bound moved, so what the user is told is what the model
 * shows, not a guess:
 * - the Pod start-up delay (new Pods are Ready only after it): the goal met with Pods Ready at once;
 * - `minReplicas`: the smallest floor (up to maxReplicas) with which the same block meets the goal.
 * And, shown with any result: a load that needs more Pods than `maxReplicas` (the figures count the
 * need only up to maxReplicas, so those Pods run above their target whatever the behavior).
 */
import { simulate } from '../engine/simulator';
import type { SimulationInput } from '../engine/simulationTypes';
import type { HPABehavior, HPASpec } from '../engine/types';
import { figuresOf, needModelOf, neededReplicas, type LoadFigures, type NeedModel } from './figures';
import { goalLimit, worstFigure, type GoalKey, type TuneGoals } from './goals';
import type { RankedFigures, Scored } from './ranking';

/** A bound outside the behavior that keeps a goal out of reach, and the value that reaches it. */
export type ReachBound =
  { kind: 'podStartup'; seconds: number } | { kind: 'minReplicas'; minReplicas: number; reachedWith: number };

export interface UnreachableGoal {
  goal: GoalKey;
  /** The best worst-load figure any block reached. */
  closest: number;
  bounds: ReachBound[];
}

export interface NeedAboveMax {
  load: string;
  /** The most Pods the load needs at any sync, without the maxReplicas cap. */
  need: number;
  maxReplicas: number;
}

/** What the diagnosis reads of the search's context. */
export interface ReachContext {
  spec: HPASpec;
  loads: { name: string; input: SimulationInput; need: NeedModel }[];
  goals: TuneGoals;
}

/** The block's worst figure for `goal` over every load, with `change` applied to each input. */
function figureWith(
  ctx: ReachContext,
  behavior: HPABehavior | null,
  goal: GoalKey,
  change: (input: SimulationInput) => SimulationInput,
): number {
  const figures: LoadFigures[] = [];
  for (const l of ctx.loads) {
    const input = change({ ...l.input, spec: { ...ctx.spec, behavior } });
    figures.push(figuresOf(l.name, simulate(input), needModelOf(input)));
  }
  return worstFigure(goal, figures);
}

/** The behavior of the ranked block closest to `goal`. */
function closestBlock<C extends RankedFigures & { behavior: HPABehavior }>(
  goal: GoalKey,
  ranked: readonly Scored<C>[],
): HPABehavior | null {
  let best: Scored<C> | undefined;
  for (const s of ranked)
    if (!best || worstFigure(goal, s.candidate.figures) < worstFigure(goal, best.candidate.figures)) best = s;
  return best ? best.candidate.behavior : null;
}

/** The smallest minReplicas above the HPA's own with which `meets` holds, or null up to maxReplicas. */
function smallestFloor(ctx: ReachContext, meets: (min: number) => boolean): number | null {
  const own = Math.max(1, ctx.spec.minReplicas ?? 1);
  let lo = own + 1;
  let hi = ctx.spec.maxReplicas;
  if (lo > hi || !meets(hi)) return null;
  // The goals' figures only get better with a higher floor: the smallest one is found by halving.
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (meets(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export function unreachableReasons<C extends RankedFigures & { behavior: HPABehavior }>(
  ctx: ReachContext,
  unreachable: readonly GoalKey[],
  ranked: readonly Scored<C>[],
  closest: Record<GoalKey, number>,
): UnreachableGoal[] {
  return unreachable.map((goal) => {
    const limit = goalLimit(goal, ctx.goals);
    const behavior = closestBlock(goal, ranked);
    const bounds: ReachBound[] = [];
    const startup = Math.max(0, ...ctx.loads.map((l) => l.input.podStartupSeconds));
    if (
      startup > 0 &&
      figureWith(ctx, behavior, goal, (input) => ({ ...input, podStartupSeconds: 0 })) <= limit
    )
      bounds.push({ kind: 'podStartup', seconds: startup });
    const floor = smallestFloor(
      ctx,
      (min) =>
        figureWith(ctx, behavior, goal, (input) => ({
          ...input,
          spec: { ...input.spec, minReplicas: min },
          // Started below the new floor, the first sync would raise it: start there instead.
          initialReplicas: Math.max(input.initialReplicas, min),
        })) <= limit,
    );
    if (floor !== null)
      bounds.push({
        kind: 'minReplicas',
        minReplicas: Math.max(1, ctx.spec.minReplicas ?? 1),
        reachedWith: floor,
      });
    return { goal, closest: closest[goal], bounds };
  });
}

export function needAboveMax(ctx: ReachContext): NeedAboveMax[] {
  const out: NeedAboveMax[] = [];
  for (const l of ctx.loads) {
    const uncapped = { ...l.need, maxReplicas: Number.MAX_SAFE_INTEGER };
    let need = 0;
    // The load the controller reads at each sync: the steps of one run carry it.
    for (const step of simulate({ ...l.input, spec: { ...ctx.spec } }).steps)
      need = Math.max(need, neededReplicas(uncapped, step.load));
    if (need > ctx.spec.maxReplicas) out.push({ load: l.name, need, maxReplicas: ctx.spec.maxReplicas });
  }
  return out;
}
