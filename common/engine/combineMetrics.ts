/**
 * Combining the per-metric proposals (semantics §1.5): the largest proposal wins; if every metric
 * failed, or some failed and the rest point below the current spec replicas, nothing changes.
 */
import type { MetricEvaluation } from './metricEvaluation';

export type CombinedProposal =
  | {
      ok: true;
      replicas: number;
      /** index of the metric that gave it */ decidingIndex: number;
      invalidCount: number;
    }
  | {
      ok: false;
      /** 'allInvalid' or 'invalidBlocksScaleDown' */
      why: 'allInvalid' | 'invalidBlocksScaleDown';
      /** The first failure, which sets ScalingActive. */
      firstFailure: MetricEvaluation;
      /** The largest valid proposal when some metric worked. */
      replicas: number | null;
      invalidCount: number;
    };

export function combineMetrics(
  evaluations: readonly MetricEvaluation[],
  specReplicas: number,
): CombinedProposal {
  let replicas = 0;
  let decidingIndex = -1;
  let invalidCount = 0;
  let firstFailure: MetricEvaluation | null = null;
  evaluations.forEach((e, i) => {
    if (e.proposal === null) {
      invalidCount++;
      firstFailure ??= e;
      return;
    }
    // The first valid proposal counts even when it is 0; a later one only when larger.
    if (decidingIndex < 0 || e.proposal > replicas) {
      decidingIndex = i;
      replicas = e.proposal;
    }
  });
  if (firstFailure !== null && invalidCount >= evaluations.length) {
    return { ok: false, why: 'allInvalid', firstFailure, replicas: null, invalidCount };
  }
  if (firstFailure !== null && replicas < specReplicas) {
    return { ok: false, why: 'invalidBlocksScaleDown', firstFailure, replicas, invalidCount };
  }
  return { ok: true, replicas, decidingIndex, invalidCount };
}
