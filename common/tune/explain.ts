/**
 * One sentence per candidate saying why it is where it is in the ranking, and the goal names,
 * in the user's language. Numbers are the worst over the loads, the same ones `meets` judged.
 */
import { eventsPerHour, GOAL_KEYS, goalLimit, worstFigure, type GoalKey } from './goals';
import type { TuneCandidate, TuneResult } from './search';
import { tuneText, type TuneLocale, type TuneStringKey } from './strings';

const GOAL_NAME_KEYS: Record<GoalKey, TuneStringKey> = {
  ramp: 'goalRamp',
  scaleEventsPerHour: 'goalScaleEventsPerHour',
  underprovisionedShare: 'goalUnderprovisionedShare',
};

export function goalName(locale: TuneLocale, goal: GoalKey): string {
  return tuneText(locale, GOAL_NAME_KEYS[goal]);
}

export function goalList(locale: TuneLocale, goals: readonly GoalKey[]): string {
  return goals.map((g) => goalName(locale, g)).join(tuneText(locale, 'listSeparator'));
}

/** Up to two decimals, without trailing zeros: 12, 12.5, 12.25. */
export function formatNumber(n: number): string {
  return String(Math.round(n * 100) / 100);
}

export function formatShare(locale: TuneLocale, fraction: number): string {
  return tuneText(locale, 'percent', { value: formatNumber(fraction * 100) });
}

export function formatRamp(locale: TuneLocale, seconds: number): string {
  return tuneText(locale, 'seconds', { value: formatNumber(seconds) });
}

/** A goal's figure (or limit) in its unit. */
export function formatGoalValue(locale: TuneLocale, goal: GoalKey, value: number): string {
  if (goal === 'ramp') return formatRamp(locale, value);
  if (goal === 'underprovisionedShare') return formatShare(locale, value);
  return formatNumber(value);
}

function figuresClause(locale: TuneLocale, c: TuneCandidate): string {
  let events = 0;
  for (const f of c.figures) events = Math.max(events, eventsPerHour(f));
  return tuneText(locale, 'figures', {
    ramp: formatRamp(locale, worstFigure('ramp', c.figures)),
    events: formatNumber(events),
    share: formatShare(locale, worstFigure('underprovisionedShare', c.figures)),
    podHours: formatNumber(c.podHours),
  });
}

/** A small positive margin as a number, or "< 0.01" when it would round to 0. */
function formatMargin(margin: number): string {
  return margin > 0 && margin < 0.005 ? '< 0.01' : formatNumber(margin);
}

/** What put candidate `rank` above the next one, with the margin that decided it. */
function rankSentence(locale: TuneLocale, c: TuneCandidate): string {
  if (c.wonOn === null) return '';
  const { criterion, margin } = c.wonOn;
  if (criterion === 'podHours' || criterion === 'scaleEvents')
    return tuneText(locale, `wonOn.${criterion}`, { diff: formatMargin(margin) });
  return tuneText(locale, `wonOn.${criterion}`);
}

/** The sentences for candidate `rank` (0 = best) of a result: why it is there, and its risk. */
export function explainCandidate(locale: TuneLocale, result: TuneResult, rank: number): string {
  const c = result.candidates[rank];
  const first = result.candidates[0];
  if (!c || !first) return '';
  const figures = figuresClause(locale, c);
  let why: string;
  if (c.meetsAll) {
    why =
      rank === 0
        ? tuneText(locale, 'whyBest', { figures })
        : tuneText(locale, 'whyAlso', { extra: formatNumber(c.podHours - first.podHours), figures });
  } else {
    const unmet = goalList(
      locale,
      GOAL_KEYS.filter((g) => !c.meets[g]),
    );
    why = tuneText(locale, rank === 0 ? 'whyCompromise' : 'whyCompromiseAlso', { unmet, figures });
  }
  const parts = [why, rankSentence(locale, c)];
  if (c.followsEveryDip)
    parts.push(
      tuneText(locale, 'followsEveryDip', {
        window: formatRamp(locale, c.scaleDownWindowSeconds),
        sync: formatRamp(locale, result.syncSeconds),
      }),
    );
  return parts.filter((p) => p !== '').join(tuneText(locale, 'sentenceSeparator'));
}

/**
 * What to say when no block meets every goal: the heading, then per unreachable goal what keeps it
 * out of reach and what would reach it; and, with any result, the loads that need more Pods than
 * maxReplicas. Empty when there is nothing to say.
 */
export function unmetLines(locale: TuneLocale, result: TuneResult): string[] {
  const lines: string[] = [];
  if (result.unmet.length > 0) {
    lines.push(tuneText(locale, 'unmetHeading', { goals: goalList(locale, result.unmet) }));
    for (const goal of result.unreachable) {
      const why = result.unreachableWhy.find((u) => u.goal === goal);
      const best = formatGoalValue(locale, goal, result.closest[goal]);
      const limit = formatGoalValue(locale, goal, goalLimit(goal, result.goals));
      const name = goalName(locale, goal);
      if (!why || why.bounds.length === 0) {
        lines.push(tuneText(locale, 'unreachable', { goal: name, best, limit }));
        continue;
      }
      for (const bound of why.bounds) {
        lines.push(
          bound.kind === 'podStartup'
            ? tuneText(locale, 'unreachablePodStartup', {
                goal: name,
                seconds: formatRamp(locale, bound.seconds),
                best,
                limit,
              })
            : tuneText(locale, 'unreachableMinReplicas', {
                goal: name,
                min: bound.minReplicas,
                needed: bound.reachedWith,
              }),
        );
      }
    }
  }
  for (const over of result.needAboveMax)
    lines.push(tuneText(locale, 'needAboveMax', { load: over.load, need: over.need, max: over.maxReplicas }));
  return lines;
}
