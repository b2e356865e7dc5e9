/**
 * What the CLI's commands share when they read a command line: the walk over `--flag value` and
 * `--flag=value`, and the typed values (seconds with a unit, numbers >= 0), with messages in the
 * run's language. `simulate` and `tune` read the same flags the same way through these.
 */
import { quantityMilliOrUndefined } from '../../../common/engine/quantity';
import { t } from '../localize';
import { UsageError } from '../usageError';

export interface CommandLineWord {
  /** The flag (`--duration`) or, for a positional word, the word itself. */
  flag: string;
  /** The flag's value: the part after `=`, else the next word (consumed). */
  value(): string;
}

/** Each word of a command line; calling `value()` consumes the next word when the flag had no `=`. */
export function* commandLineWords(args: readonly string[]): Generator<CommandLineWord> {
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as string;
    const eq = word.startsWith('--') ? word.indexOf('=') : -1;
    const flag = eq === -1 ? word : word.slice(0, eq);
    const inline = eq === -1 ? undefined : word.slice(eq + 1);
    yield {
      flag,
      value: () => {
        if (inline !== undefined) return inline;
        const next = args[++i];
        if (next === undefined) throw new UsageError(t('{flag} needs a value', { flag }));
        return next;
      },
    };
  }
}

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
