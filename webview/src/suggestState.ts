/**
 * The "Suggest behavior…" part of the panel state: the goals the user typed, the search's progress
 * and its result. The search itself runs outside the reducer (suggestRunner.ts) and reports here
 * through actions, so the reducer stays pure. Not saved across a reload: a result is cheap to find
 * again and would be stale against an edited manifest.
 */
import type { TunedLoad } from '../../common/preview/suggestLoads';
import { DEFAULT_GOALS, type TuneGoals, type TuneResult } from '../../common/tune';
import type { CandidateRun } from './candidateRuns';

export interface SuggestState {
  open: boolean;
  goals: TuneGoals;
  /** Bumped on every start, so reports of a cancelled or older search are told apart and dropped. */
  runId: number;
  running: { evaluated: number; budget: number } | null;
  result: TuneResult | null;
  /** Index into result.candidates. */
  chosen: number;
  /** The loads of the latest search, in its order (the figures' order). */
  loads: TunedLoad[];
  /** The candidates' runs made after the result, by `runKey(candidate, load)`. */
  runs: Record<string, CandidateRun>;
  /** A cancel or failure, as a string key's arguments (drawn in the panel's language). */
  notice: { kind: 'cancelled' } | { kind: 'failed'; message: string } | null;
}

export type SuggestAction =
  | { type: 'suggestOpen'; open: boolean }
  | { type: 'suggestGoal'; goal: keyof TuneGoals; value: number }
  | { type: 'suggestStart' }
  | { type: 'suggestProgress'; runId: number; evaluated: number; budget: number }
  /** `loads`: what the search tuned over (absent: none the panel can show). */
  | { type: 'suggestDone'; runId: number; result: TuneResult; loads?: TunedLoad[] }
  | { type: 'suggestFailed'; runId: number; message: string }
  | { type: 'suggestCancel' }
  | { type: 'suggestChoose'; index: number }
  | { type: 'suggestRun'; runId: number; run: CandidateRun };

export const SUGGEST_ACTION_TYPES: readonly SuggestAction['type'][] = [
  'suggestOpen',
  'suggestGoal',
  'suggestStart',
  'suggestProgress',
  'suggestDone',
  'suggestFailed',
  'suggestCancel',
  'suggestChoose',
  'suggestRun',
];

export const INITIAL_SUGGEST: SuggestState = {
  open: false,
  goals: { ...DEFAULT_GOALS },
  runId: 0,
  running: null,
  result: null,
  chosen: 0,
  loads: [],
  runs: {},
  notice: null,
};

/** Where a candidate's run on a load is kept in `runs`. */
export function runKey(candidate: number, load: number): string {
  return `${candidate}/${load}`;
}

export function isSuggestAction(action: { type: string }): action is SuggestAction {
  return (SUGGEST_ACTION_TYPES as readonly string[]).includes(action.type);
}

export function reduceSuggest(state: SuggestState, action: SuggestAction): SuggestState {
  switch (action.type) {
    case 'suggestOpen':
      // Closing the part stops a search in progress (the runner sees the new runId).
      return action.open
        ? { ...state, open: true }
        : { ...state, open: false, running: null, runId: state.running ? state.runId + 1 : state.runId };
    case 'suggestGoal':
      if (!Number.isFinite(action.value) || action.value < 0 || !(action.goal in state.goals)) return state;
      return { ...state, goals: { ...state.goals, [action.goal]: action.value } };
    case 'suggestStart':
      return { ...state, runId: state.runId + 1, running: { evaluated: 0, budget: 0 }, notice: null };
    case 'suggestProgress':
      if (action.runId !== state.runId || !state.running) return state;
      return { ...state, running: { evaluated: action.evaluated, budget: action.budget } };
    case 'suggestDone':
      if (action.runId !== state.runId || !state.running) return state;
      return {
        ...state,
        running: null,
        result: action.result,
        chosen: 0,
        loads: action.loads ?? [],
        runs: {},
      };
    case 'suggestFailed':
      if (action.runId !== state.runId || !state.running) return state;
      return { ...state, running: null, notice: { kind: 'failed', message: action.message } };
    case 'suggestCancel':
      // What was shown before the search (an earlier result or nothing) stays as it was.
      if (!state.running) return state;
      return { ...state, running: null, runId: state.runId + 1, notice: { kind: 'cancelled' } };
    case 'suggestRun': {
      // Runs of an older search (or of none) are dropped like its other reports.
      if (action.runId !== state.runId || state.running || !state.result) return state;
      const { candidate, load } = action.run;
      return { ...state, runs: { ...state.runs, [runKey(candidate, load)]: action.run } };
    }
    case 'suggestChoose': {
      const count = state.result?.candidates.length ?? 0;
      return Number.isInteger(action.index) && action.index >= 0 && action.index < count
        ? { ...state, chosen: action.index }
        : state;
    }
  }
}
