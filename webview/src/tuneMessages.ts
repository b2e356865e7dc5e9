/**
 * What the page and the worker say to each other about a "Suggest behavior…" search. The search
 * runs in its own worker (started from the same script as the simulation worker), so a search
 * never delays a simulation and stopping one never stops the other. Every message carries the
 * search's run id, so a reply to a search the user has left is dropped.
 */
import type { TuneInputProblem, TuneRequest, TuneResult } from '../../common/tune/search';
import type { CandidateRun } from './candidateRuns';

export interface TuneWorkerRequest {
  kind: 'tune';
  id: number;
  request: TuneRequest;
}

/**
 * One `progress` per evaluated block, then `done` or `failure` (bad goals or loads); after `done`,
 * one `run` per candidate and load (candidateRuns.ts, its arrays transferred).
 */
export type TuneWorkerReply =
  | { kind: 'tuneProgress'; id: number; evaluated: number; budget: number }
  | { kind: 'tuneDone'; id: number; result: TuneResult }
  | { kind: 'tuneRun'; id: number; run: CandidateRun }
  | {
      kind: 'tuneFailure';
      id: number;
      message: string;
      /** When the request itself was bad (TuneInputError): what to say, so the page says it in its language. */
      problem?: { key: TuneInputProblem; args: Record<string, string | number> };
    };

export function isTuneWorkerRequest(message: unknown): message is TuneWorkerRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === 'tune' &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}
