/**
 * The typed values of the CLI's flags (seconds with a unit, numbers >= 0, what-if requests), with
 * messages in the run's language that name the flag. The option tables call these on the words
 * commandLine.ts hands them, so `simulate` and `tune` read the same flags the same way.
 */
import { quantityMilliOrUndefined } from '../../../common/engine/quantity';
import { t } from '../localize';
import { UsageError } from '../usageError';

/** "900", "900s", "15m", "2h" -> seconds. */
export function parseSeconds(flag: string, v: string): number {
  const m = /^(\d+(?:\.\d+)?)(s|m|h)?$/.exec(v.trim());
  if (!m)
    throw new UsageError(t('{flag} expects seconds (e.g. 900, 15m, 2h), got "{value}"', { flag, value: v }));
  const n = Number(m[1]) * (m[2] === 'h' ? 3600 : m[2] === 'm' ? 60 : 1);
  return Math.round(n);
}

/** A number >= 0 (a whole one when `integer`). */
export function parseNumber(flag: string, v: string, integer: boolean): number {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
    throw new UsageError(
      integer
        ? t('{flag} expects a whole number >= 0, got "{value}"', { flag, value: v })
        : t('{flag} expects a number >= 0, got "{value}"', { flag, value: v }),
    );
  }
  return n;
}

/**
 * `--assume-request cpu=500m[,memory=1Gi]`: the what-if requests (milli per Pod, by resource), added
 * to `into` so the flag may be given more than once. The quantity must be above zero: a request of 0
 * is one the controller cannot divide by.
 */
export function parseAssumeRequest(flag: string, v: string, into: Record<string, number>): void {
  for (const part of v.split(',')) {
    const m = /^\s*([a-z0-9][a-z0-9.\-/]*)\s*=\s*(\S+)\s*$/i.exec(part);
    const milli = m ? quantityMilliOrUndefined(m[2]) : undefined;
    if (!m || milli === undefined || milli <= 0)
      throw new UsageError(
        t('{flag} expects resource=quantity (e.g. cpu=500m, memory=1Gi), got "{value}"', {
          flag,
          value: part,
        }),
      );
    into[m[1]!.toLowerCase()] = milli;
  }
}
