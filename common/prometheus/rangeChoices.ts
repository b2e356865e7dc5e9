/**
 * The ranges "Load from Prometheus…" offers (the last 1 h, 6 h, 24 h, 7 d, or a custom start and
 * end) and the step it suggests: the sync period when one request per query covers the range,
 * else the finest of a few round steps that does (7 days: 60 s). The user may pick another step;
 * planRange then splits or coarsens it and says so.
 */
import { MAX_POINTS_PER_REQUEST } from './rangePlan';

export const RANGE_PRESETS = ['1h', '6h', '24h', '7d'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const PRESET_SECONDS: Record<RangePreset, number> = {
  '1h': 3600,
  '6h': 21_600,
  '24h': 86_400,
  '7d': 604_800,
};

export type RangeChoice = { preset: RangePreset } | { start: number; end: number };

/** Start and end in Unix seconds; presets end now (rounded down to the whole second). */
export function resolveRange(choice: RangeChoice, nowSeconds: number): { start: number; end: number } {
  if ('preset' in choice) {
    const end = Math.floor(nowSeconds);
    return { start: end - PRESET_SECONDS[choice.preset], end };
  }
  return { start: choice.start, end: choice.end };
}

const ROUND_STEPS = [15, 30, 60, 120, 300, 600, 900, 1800, 3600];

export function suggestedStep(rangeSeconds: number, syncPeriodSeconds: number): number {
  const fits = (step: number) => Math.floor(rangeSeconds / step) + 1 <= MAX_POINTS_PER_REQUEST;
  if (fits(syncPeriodSeconds)) return syncPeriodSeconds;
  return (
    ROUND_STEPS.find((s) => s > syncPeriodSeconds && fits(s)) ??
    Math.ceil(rangeSeconds / (MAX_POINTS_PER_REQUEST - 1))
  );
}
