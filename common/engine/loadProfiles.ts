/**
 * Synthetic loads for the preview and `hpa-lint simulate --profile`. Each profile is a level
 * relative to the target (1 = exactly at target) times `targetTotal`, with a fixed, seeded jitter
 * so the same inputs always give the same series. The first three are the book demo's loads.
 */
import type { LoadSeries } from './simulationTypes';

export type LoadProfileName = 'night' | 'normal' | 'burst' | 'ramp' | 'daily' | 'spike-train';

export interface LoadProfileInfo {
  name: LoadProfileName;
  /** One line for pickers and `--help`. */
  description: string;
  /** Peak multiplier used when the caller gives none (ignored by flat profiles). */
  defaultPeak: number;
}

export const LOAD_PROFILES: readonly LoadProfileInfo[] = Object.freeze([
  { name: 'night', description: 'low load (30 % of target) with a small fixed jitter', defaultPeak: 1 },
  {
    name: 'normal',
    description: 'steady at target with a fixed jitter inside the tolerance band',
    defaultPeak: 1,
  },
  {
    name: 'burst',
    description: 'at target, then a sudden burst to the peak, then night-time load',
    defaultPeak: 4,
  },
  { name: 'ramp', description: 'rises linearly from night-time load to the peak', defaultPeak: 3 },
  {
    name: 'daily',
    description: 'one day-shaped wave from night-time load to the peak and back',
    defaultPeak: 2.5,
  },
  {
    name: 'spike-train',
    description: 'at target with a one-minute spike to the peak every ten minutes',
    defaultPeak: 3,
  },
]);

/** Jitter amplitude when the caller gives none: inside the default 10 % tolerance band. */
export const DEFAULT_NOISE = 0.08;
/** The longest series a profile makes (28 days), so a bad duration cannot exhaust memory. */
export const MAX_PROFILE_SECONDS = 28 * 24 * 3600;
/** Night-time level relative to the target. */
const NIGHT_LEVEL = 0.3;

export interface ProfileLoadOptions {
  metric: string;
  /** The total demand that puts the initial replicas exactly at target (milli). */
  targetTotal: number;
  peak?: number;
  /** Jitter amplitude as a fraction (0.08 = ±8 %). */
  noise?: number;
  durationSeconds: number;
  seed?: number;
  /** Distance between points; defaults to 15 s, the sync period. */
  stepSeconds?: number;
}

/** mulberry32: a tiny deterministic PRNG, so series repeat exactly for a seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function isLoadProfileName(name: string): name is LoadProfileName {
  return LOAD_PROFILES.some((p) => p.name === name);
}

/** The burst's timing: it starts after 10 % of the run (at least 60 s) and lasts 20 % (at least 120 s). */
export function burstWindow(durationSeconds: number): { start: number; end: number } {
  const start = Math.max(60, Math.round((durationSeconds * 0.1) / 15) * 15);
  const end = start + Math.max(120, Math.round((durationSeconds * 0.2) / 15) * 15);
  return { start, end };
}

/** The noiseless level of a profile at time t, relative to the target. */
export function profileLevel(
  profile: LoadProfileName,
  t: number,
  durationSeconds: number,
  peak: number,
): number {
  switch (profile) {
    case 'night':
      return NIGHT_LEVEL;
    case 'normal':
      return 1;
    case 'burst': {
      const { start, end } = burstWindow(durationSeconds);
      if (t < start) return 1;
      return t < end ? peak : NIGHT_LEVEL;
    }
    case 'ramp':
      return durationSeconds <= 0
        ? peak
        : NIGHT_LEVEL + ((peak - NIGHT_LEVEL) * Math.min(t, durationSeconds)) / durationSeconds;
    case 'daily': {
      // One full day; a shorter run shows the whole day's shape compressed into it.
      const period = durationSeconds > 0 && durationSeconds < 86_400 ? durationSeconds : 86_400;
      return NIGHT_LEVEL + ((peak - NIGHT_LEVEL) * (1 - Math.cos((2 * Math.PI * t) / period))) / 2;
    }
    case 'spike-train': {
      const phase = t % 600;
      return t >= 300 && phase >= 300 && phase < 360 ? peak : 1;
    }
  }
}

/**
 * The load series of a profile for one metric: points every `stepSeconds` from 0 to the end,
 * values in milli-units rounded to whole milli-units, never negative.
 * @throws Error for an unknown profile name.
 */
export function makeProfileLoad(profile: string, opts: ProfileLoadOptions): LoadSeries {
  if (!isLoadProfileName(profile)) {
    throw new Error(
      `unknown load profile "${profile}" (known: ${LOAD_PROFILES.map((p) => p.name).join(', ')})`,
    );
  }
  const info = LOAD_PROFILES.find((p) => p.name === profile) as LoadProfileInfo;
  const peak = opts.peak ?? info.defaultPeak;
  const noise = opts.noise ?? DEFAULT_NOISE;
  const step = opts.stepSeconds !== undefined && opts.stepSeconds > 0 ? opts.stepSeconds : 15;
  const duration = Math.min(Math.max(0, opts.durationSeconds || 0), MAX_PROFILE_SECONDS);
  const random = prng(opts.seed ?? 1);
  const points: { t: number; value: number }[] = [];
  for (let t = 0; t <= duration; t += step) {
    const jitter = 1 + noise * (2 * random() - 1);
    const value = opts.targetTotal * profileLevel(profile, t, duration, peak) * jitter;
    points.push({ t, value: Math.max(0, Math.round(value)) });
  }
  return { metric: opts.metric, points };
}
