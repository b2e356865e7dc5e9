/**
 * What a preview run says about the requests its Utilization metrics need, in the user's language:
 * a metric the controller cannot compute (the target lacks the request), a what-if the user asked
 * for, and stand-ins for a target that is not in the workspace. The footer lists them all; the
 * summary repeats the first kind, since it changes every figure in the table.
 */
import { formatMilli } from '../engine/quantity';
import type { PreviewLocale } from './locale';
import type { PreviewRun } from './run';
import { t } from './strings';

/** The controller's ScalingActive reason when a metric of this kind has no request to divide by. */
export function failureReason(what: string): string {
  return what.includes('/') ? 'FailedGetContainerResourceMetric' : 'FailedGetResourceMetric';
}

/** One sentence per metric the controller cannot compute; empty when every one can. */
export function uncomputableNotes(
  locale: PreviewLocale,
  run: Pick<PreviewRun, 'uncomputable' | 'metricNames'>,
): string[] {
  const alone = run.uncomputable.length >= run.metricNames.length;
  return run.uncomputable.map((what) =>
    t(locale, alone ? 'requestUncomputableAlone' : 'requestUncomputableOthers', {
      names: what,
      reason: failureReason(what),
    }),
  );
}

/** Every note on requests: what cannot be computed, then each assumption with its value. */
export function requestNotes(
  locale: PreviewLocale,
  run: Pick<PreviewRun, 'uncomputable' | 'metricNames' | 'assumedRequests'>,
): string[] {
  const notes = uncomputableNotes(locale, run);
  const standIns = run.assumedRequests.filter((a) => a.because === 'unknownTarget');
  if (standIns.length > 0) {
    const values = standIns.map((a) => `${a.resource} ${formatMilli(a.milli, a.resource)}`);
    notes.push(
      t(locale, 'requestsAssumed', {
        names: standIns.map((a) => a.what).join(', '),
        assumed: [...new Set(values)].join(', '),
      }),
    );
  }
  for (const a of run.assumedRequests)
    if (a.because === 'whatIf')
      notes.push(
        t(locale, 'requestWhatIf', {
          names: a.what,
          resource: a.resource,
          value: formatMilli(a.milli, a.resource),
        }),
      );
  return notes;
}
