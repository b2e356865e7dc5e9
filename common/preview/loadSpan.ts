/**
 * A recorded load (a CSV, a saved Prometheus range) is simulated over the time it covers. When the
 * run is longer, the engine holds each metric's last recorded value (a step function): the panel
 * says so, as `hpa-lint simulate` does, rather than drawing made-up data as if it were recorded.
 */
import type { PreviewLocale } from './locale';
import type { FixedLoad } from './settings';
import { t } from './strings';

/** "2 h", "90 min", "45 s": the span in the panel's units. */
function spanText(locale: PreviewLocale, seconds: number): string {
  if (seconds >= 3600 && seconds % 3600 === 0) return t(locale, 'hours', { value: seconds / 3600 });
  if (seconds >= 60 && seconds % 60 === 0) return t(locale, 'minutes', { value: seconds / 60 });
  return `${seconds} s`;
}

/** The note for a run longer than its recorded load, or null. */
export function loadPastEndNote(
  locale: PreviewLocale,
  fixed: FixedLoad | null,
  durationSeconds: number | undefined,
): string | null {
  const span = fixed?.spanSeconds;
  if (span === undefined || durationSeconds === undefined || durationSeconds <= span) return null;
  return t(locale, 'loadPastEnd', { span: spanText(locale, span) });
}
