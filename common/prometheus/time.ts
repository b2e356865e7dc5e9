/**
 * Times and durations as the user types them for a range query: an instant is RFC 3339
 * (`2026-01-05T00:00:00Z`) or Unix seconds (`1767571200`, decimals allowed), as Prometheus' own API
 * accepts; a step is seconds or a Prometheus-style duration (`15s`, `1m`, `1h30m`).
 */

/** Unix seconds, or null when the text is neither RFC 3339 nor a number of seconds. */
export function parseInstant(text: string): number | null {
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  // Date.parse also accepts looser forms; insist on a full date, a time and an offset.
  if (!/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})$/.test(s)) return null;
  const ms = Date.parse(s.replace(' ', 'T'));
  return Number.isFinite(ms) ? ms / 1000 : null;
}

const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** Seconds, or null. `90`, `90s`, `1m30s`, `2h`, `7d`. */
export function parseDuration(text: string): number | null {
  const s = text.trim();
  if (/^\d+(\.\d+)?$/.test(s)) return Number(s);
  if (!/^(\d+(ms|s|m|h|d|w))+$/.test(s)) return null;
  let total = 0;
  for (const m of s.matchAll(/(\d+)(ms|s|m|h|d|w)/g)) total += Number(m[1]) * UNIT_SECONDS[m[2]!]!;
  return total;
}

/** A whole number of seconds as a PromQL duration (`90` -> `90s`, `3600` -> `1h`). */
export function promDuration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s % 3600 === 0) return `${s / 3600}h`;
  if (s % 60 === 0) return `${s / 60}m`;
  return `${s}s`;
}

/** Unix seconds as RFC 3339 in UTC, for messages. */
export function formatInstant(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}
