/**
 * The search: deterministic, over the blocks of searchSpace.ts, each judged by simulating it on
 * every load with the same engine and simulator as the preview and `hpa-lint simulate`.
 *
 * Order: the API defaults and the user's own block; a coarse grid over the scale-down window
 * first (flapping is the most common miss and the window its usual cure, so a first candidate
 * comes early), then the scale-up policies, the scale-up window and the scale-down policies; then
 * local refinement from
 * the best point (every neighbour, move to the best, until none is better or the budget is spent).
 * Once twice the wanted number of blocks meet every goal, a block that misses a goal on one load
 * is not simulated on the others (it can neither win nor be shown).
 * Candidates shown are distinct: one that adds nothing to a better one (nearlySame) is skipped.
 * Ranking (ranking.ts), best first: fewest goals missed, smallest total miss, a scale-down that does
 * not follow every dip within one sync, fewest Pod-hours, fewest scale events, then the point's key.
 * Each candidate shown says which of these put it above the next one (`wonOn`).
 *
 * A generator, so a caller can show progress and stop between evaluations (the preview runs it in a
 * worker); `tune` runs it to the end.
 */
import { resolveOptions } from '../engine/defaults';
import { timeToScale } from '../engine/ramp';
import { simulate } from '../engine/simulator';
import type { SimulationInput } from '../engine/simulationTypes';
import type { HPABehavior, HPASpec } from '../engine/types';
import { tuneText, type TuneLocale, type TuneStringKey } from './strings';
import { figuresOf, needModelOf, type LoadFigures, type NeedModel } from './figures';
import {
  checkGoals,
  DEFAULT_GOALS,
  GOAL_KEYS,
  judgeGoals,
  type GoalKey,
  type GoalVerdicts,
  type TuneGoals,
  worstFigure,
} from './goals';
import {
  compareScored,
  decidingCriterion,
  followsEveryDip,
  scaleDownWindowOf,
  scoreOf,
  type RankWin,
  type Scored as RankScored,
} from './ranking';
import { unreachableReasons, needAboveMax, type NeedAboveMax, type UnreachableGoal } from './reach';
import {
  DEFAULT_PARAMS,
  DOWN_POLICY_GRID,
  DOWN_WINDOW_GRID,
  neighbours,
  normalizeParams,
  paramsKey,
  paramsOfBehavior,
  toBehavior,
  UP_POLICY_GRID,
  UP_WINDOW_GRID,
  withDirection,
  type BehaviorParams,
  type KeptTolerances,
  type SpaceBounds,
} from './searchSpace';

export interface TuneLoad {
  /** How the user named the load (profile name, CSV file). */
  name: string;
  /** A ready input; the search replaces only `spec.behavior`. Every load must share one spec. */
  input: SimulationInput;
}

export interface TuneRequest {
  loads: TuneLoad[];
  goals?: Partial<TuneGoals>;
  /** How many candidates to return (default 3). */
  candidates?: number;
  /** At most this many blocks are simulated (default 160). */
  maxEvaluations?: number;
  /**
   * Blocks that take longer than this from minReplicas to maxReplicas under full load are left out
   * (the `slow-ramp` rule's budget, default 600 s); null keeps them.
   */
  maxFullRampSeconds?: number | null;
}

export interface TuneCandidate {
  behavior: HPABehavior;
  params: BehaviorParams | null;
  figures: LoadFigures[];
  meets: GoalVerdicts;
  meetsAll: boolean;
  /** Over all loads. */
  podHours: number;
  /** Scales down within one sync of every dip: may flap on traffic noisier than the loads (ranking.ts). */
  followsEveryDip: boolean;
  /** The scale-down stabilization window the block holds, seconds. */
  scaleDownWindowSeconds: number;
  /** What put it above the next candidate (null: nothing ranks below it). */
  wonOn: RankWin | null;
}

export interface TuneResult {
  goals: TuneGoals;
  /** Best first; each differs from the better ones in a goal figure or in cost. */
  candidates: TuneCandidate[];
  /** Goals the best candidate misses (empty when it meets them all). */
  unmet: GoalKey[];
  /** Of `unmet`, the goals no simulated block met even on its own. */
  unreachable: GoalKey[];
  /** Per goal, the best worst-load figure any simulated block reached. */
  closest: Record<GoalKey, number>;
  /** For each unreachable goal, the bounds outside the behavior that keep it out of reach. */
  unreachableWhy: UnreachableGoal[];
  /** Loads that need more Pods than maxReplicas allows (no behavior can give them more). */
  needAboveMax: NeedAboveMax[];
  /** The controller's sync period the search ran with, seconds. */
  syncSeconds: number;
  /** The user's block as it stands (null behavior = the legacy path), for comparison. */
  current: TuneCandidate;
  evaluated: number;
}

export interface TuneProgress {
  evaluated: number;
  budget: number;
  best: TuneCandidate | null;
}

export const DEFAULT_CANDIDATES = 3;
export const DEFAULT_MAX_EVALUATIONS = 160;
export const DEFAULT_MAX_FULL_RAMP_SECONDS = 600;
/**
 * With this many times the wanted candidates meeting every goal, blocks that miss a goal on an
 * early load are not simulated on the rest (they rank below all of those).
 */
const PRUNE_AFTER_MEETING = 2;

/** What can be wrong with a request: a message of the tune bundles (`input.*` in common/l10n). */
export type TuneInputProblem = Extract<TuneStringKey, `input.${string}`>;

/**
 * Bad requests: the caller says it in its language (the CLI exits 2, the panel shows it). The
 * problem is a bundle key with its values; `message` is English.
 */
export class TuneInputError extends Error {
  constructor(
    readonly problem: TuneInputProblem,
    readonly args: Readonly<Record<string, string | number>> = {},
  ) {
    super(tuneText('en', problem, args));
    this.name = 'TuneInputError';
  }

  describe(locale: TuneLocale): string {
    return tuneText(locale, this.problem, this.args);
  }
}

export interface Context {
  spec: HPASpec;
  loads: { name: string; input: SimulationInput; need: NeedModel }[];
  goals: TuneGoals;
  bounds: SpaceBounds;
  tolerances: KeptTolerances;
  syncSeconds: number;
  maxFullRamp: number | null;
}

type Scored = RankScored<TuneCandidate>;

function contextOf(request: TuneRequest): Context {
  if (request.loads.length === 0) throw new TuneInputError('input.noLoad');
  const goals = { ...DEFAULT_GOALS, ...request.goals };
  const bad = checkGoals(goals);
  if (bad) throw new TuneInputError('input.badGoal', bad);
  const spec = (request.loads[0] as TuneLoad).input.spec;
  const loads = request.loads.map((l) => ({ name: l.name, input: l.input, need: needModelOf(l.input) }));
  if (loads.some((l) => l.need.metrics.length === 0)) {
    throw new TuneInputError('input.noPerPodMetric');
  }
  const options = resolveOptions((request.loads[0] as TuneLoad).input.options);
  const syncSeconds = options.syncPeriodSeconds > 0 ? options.syncPeriodSeconds : 15;
  const tolerances: KeptTolerances = {};
  if (spec.behavior?.scaleUp?.tolerance !== undefined) tolerances.scaleUp = spec.behavior.scaleUp.tolerance;
  if (spec.behavior?.scaleDown?.tolerance !== undefined)
    tolerances.scaleDown = spec.behavior.scaleDown.tolerance;
  return {
    spec,
    loads,
    goals,
    bounds: { syncSeconds, maxReplicas: spec.maxReplicas },
    tolerances,
    syncSeconds,
    maxFullRamp:
      request.maxFullRampSeconds === undefined ? DEFAULT_MAX_FULL_RAMP_SECONDS : request.maxFullRampSeconds,
  };
}

/** Simulates one block on every load. */
export function judgeBlock(
  ctx: Pick<Context, 'spec' | 'loads' | 'goals'>,
  behavior: HPABehavior | null,
  giveUpOnMiss = false,
): TuneCandidate | null {
  const spec = { ...ctx.spec, behavior };
  const figures: LoadFigures[] = [];
  for (const l of ctx.loads) {
    figures.push(figuresOf(l.name, simulate({ ...l.input, spec }), l.need));
    // A goal missed on one load is missed: the other loads cannot mend it.
    if (giveUpOnMiss && figures.length < ctx.loads.length) {
      const partial = judgeGoals(figures, ctx.goals);
      if (GOAL_KEYS.some((g) => !partial[g])) return null;
    }
  }
  const meets = judgeGoals(figures, ctx.goals);
  let podHours = 0;
  for (const f of figures) podHours += f.podHours;
  const options = ctx.loads[0]?.input.options;
  return {
    behavior: behavior ?? {},
    params: null,
    figures,
    meets,
    meetsAll: GOAL_KEYS.every((g) => meets[g]),
    podHours,
    followsEveryDip: followsEveryDip(behavior, options),
    scaleDownWindowSeconds: scaleDownWindowOf(behavior, options),
    wonOn: null,
  };
}

function score(ctx: Context, candidate: TuneCandidate, key: string): Scored {
  return scoreOf(candidate, key, ctx.goals, ctx.syncSeconds);
}

/** Pod-hours closer than this share count as the same cost when picking distinct candidates. */
const SAME_COST_SHARE = 0.005;

/**
 * True when b adds nothing to a shown candidate a: the same worst ramp, the same worst
 * under-provisioned share, the same scale events, and a cost within half a percent.
 */
function nearlySame(a: TuneCandidate, b: TuneCandidate): boolean {
  const same = (g: GoalKey) => worstFigure(g, a.figures) === worstFigure(g, b.figures);
  let eventsA = 0;
  let eventsB = 0;
  for (const f of a.figures) eventsA += f.scaleEvents;
  for (const f of b.figures) eventsB += f.scaleEvents;
  return (
    same('ramp') &&
    same('underprovisionedShare') &&
    eventsA === eventsB &&
    Math.abs(a.podHours - b.podHours) <= SAME_COST_SHARE * Math.max(a.podHours, b.podHours)
  );
}

export function* tuneSearch(request: TuneRequest): Generator<TuneProgress, TuneResult, void> {
  const ctx = contextOf(request);
  const budget = Math.max(1, request.maxEvaluations ?? DEFAULT_MAX_EVALUATIONS);
  const wanted = Math.max(1, request.candidates ?? DEFAULT_CANDIDATES);
  const seen = new Map<string, Scored | null>();
  let best: Scored | null = null;
  let evaluated = 0;
  let meetingAll = 0;
  const options = (request.loads[0] as TuneLoad).input.options;
  const downFlag = resolveOptions(options).downscaleStabilizationSeconds;

  /** Scores a point once; null when it is left out (too slow a full ramp) or the budget is spent. */
  const evaluate = (raw: BehaviorParams): Scored | null => {
    const p = normalizeParams(raw, ctx.bounds);
    const key = paramsKey(p);
    if (seen.has(key)) return seen.get(key) ?? null;
    if (evaluated >= budget) return null;
    const behavior = toBehavior(p, ctx.tolerances);
    if (ctx.maxFullRamp !== null && effectiveRange(ctx.spec)) {
      const ramp = timeToScale({ ...ctx.spec, behavior }, 'up', options).seconds;
      if (ramp === null || ramp > ctx.maxFullRamp) {
        seen.set(key, null);
        return null;
      }
    }
    evaluated++;
    // Once enough blocks meet every goal, one that misses a goal can neither win nor be shown.
    const judged = judgeBlock(ctx, behavior, meetingAll >= PRUNE_AFTER_MEETING * wanted);
    if (!judged) {
      seen.set(key, null);
      return null;
    }
    const candidate = { ...judged, params: p };
    const scored = score(ctx, candidate, key);
    if (candidate.meetsAll) meetingAll++;
    seen.set(key, scored);
    if (!best || compareScored(scored, best) < 0) best = scored;
    return scored;
  };
  const progress = (): TuneProgress => ({ evaluated, budget, best: best?.candidate ?? null });
  /** Evaluates each point, yielding after each, and returns the best of `from` and them. */
  function* bestOf(
    from: Scored | null,
    points: BehaviorParams[],
  ): Generator<TuneProgress, Scored | null, void> {
    let winner = from;
    for (const p of points) {
      const s = evaluate(p);
      yield progress();
      if (s && (!winner || compareScored(s, winner) < 0)) winner = s;
    }
    return winner;
  }

  const currentBlock = judgeBlock(ctx, ctx.spec.behavior ?? null) as TuneCandidate;
  const starts = [DEFAULT_PARAMS];
  const own = paramsOfBehavior(ctx.spec.behavior, ctx.bounds, downFlag);
  if (own) starts.push(own);
  let here = yield* bestOf(null, starts);
  const base = (): BehaviorParams => here?.candidate.params ?? DEFAULT_PARAMS;

  here = yield* bestOf(
    here,
    DOWN_WINDOW_GRID.map((w) =>
      withDirection(base(), 'scaleDown', { ...base().scaleDown, windowSeconds: w }),
    ),
  );
  here = yield* bestOf(
    here,
    UP_POLICY_GRID.map((policies) =>
      withDirection(base(), 'scaleUp', { windowSeconds: 0, selectPolicy: 'Max', policies: [...policies] }),
    ),
  );
  here = yield* bestOf(
    here,
    UP_WINDOW_GRID.map((w) => withDirection(base(), 'scaleUp', { ...base().scaleUp, windowSeconds: w })),
  );
  here = yield* bestOf(
    here,
    DOWN_POLICY_GRID.map((policies) =>
      withDirection(base(), 'scaleDown', {
        ...base().scaleDown,
        selectPolicy: 'Max',
        policies: [...policies],
      }),
    ),
  );
  while (here && evaluated < budget) {
    const next: Scored | null = yield* bestOf(here, neighbours(base(), ctx.bounds));
    if (!next || next === here) break;
    here = next;
  }

  const ranked = [...seen.values()].filter((s): s is Scored => s !== null).sort(compareScored);
  const shown: Scored[] = [];
  for (const s of ranked) {
    if (shown.length >= wanted) break;
    if (!shown.some((c) => nearlySame(c.candidate, s.candidate))) shown.push(s);
  }
  // Each says what put it above the next one shown (the last: above the next block ranked).
  const candidates = shown.map((s, i) => {
    const next = shown[i + 1] ?? ranked[ranked.indexOf(s) + 1];
    return { ...s.candidate, wonOn: next ? decidingCriterion(s, next) : null };
  });
  const top = candidates[0];
  const unmet = top ? GOAL_KEYS.filter((g) => !top.meets[g]) : [...GOAL_KEYS];
  const unreachable = unmet.filter((g) => !ranked.some((s) => s.candidate.meets[g]));
  const closest = {} as Record<GoalKey, number>;
  for (const g of GOAL_KEYS) {
    closest[g] = Infinity;
    for (const s of ranked) closest[g] = Math.min(closest[g], worstFigure(g, s.candidate.figures));
  }
  const unreachableWhy = unreachableReasons(ctx, unreachable, ranked, closest);
  return {
    goals: ctx.goals,
    candidates,
    unmet,
    unreachable,
    closest,
    unreachableWhy,
    needAboveMax: needAboveMax(ctx),
    syncSeconds: ctx.syncSeconds,
    current: currentBlock,
    evaluated,
  };
}

/** The ramp filter applies only when the HPA can scale at all. */
function effectiveRange(spec: HPASpec): boolean {
  return (spec.minReplicas ?? 1) < spec.maxReplicas;
}

/** Runs the whole search; `onProgress` sees every step. */
export function tune(request: TuneRequest, onProgress?: (p: TuneProgress) => void): TuneResult {
  const search = tuneSearch(request);
  for (;;) {
    const step = search.next();
    if (step.done) return step.value;
    onProgress?.(step.value);
  }
}
