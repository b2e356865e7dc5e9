/**
 * One sentence per candidate saying why it is where it is in the ranking, and the goal names,
 * in the user's language. Numbers are the worst over the loads, the same ones `meets` judged.
 */
import { eventsPerHour, GOAL_KEYS, worstFigure, type GoalKey } from './goals';
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

/** The sentence for candidate `rank` (0 = best) of a result. */
export function explainCandidate(locale: TuneLocale, result: TuneResult, rank: number): string {
  const c = result.candidates[rank];
  const first = result.candidates[0];
  if (!c || !first) return '';
  const figures = figuresClause(locale, c);
  if (c.meetsAll) {
    return rank === 0
      ? tuneText(locale, 'whyBest', { figures })
      : tuneText(locale, 'whyAlso', { extra: formatNumber(c.podHours - first.podHours), figures });
  }
  const unmet = goalList(
    locale,
    GOAL_KEYS.filter((g) => !c.meets[g]),
  );
  return tuneText(locale, rank === 0 ? 'whyCompromise' : 'whyCompromiseAlso', { unmet, figures });
}
