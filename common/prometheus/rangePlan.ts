/**
 * Splits a range query so no request asks Prometheus for more than 11,000 points per series (its
 * query_range limit: "exceeded maximum resolution of 11,000 points per timeseries"), and coarsens
 * the step when even the split would feed the simulator more syncs than it runs.
 */
import { SIMULATION_SYNC_CAP } from '../engine/simulator';
import { PrometheusError } from './errors';
import type { BacktestNote } from './notes';

/** Prometheus refuses a range query with more points than this per series. */
export const MAX_POINTS_PER_REQUEST = 11_000;

export interface RangeChunk {
  /** Unix seconds, inclusive; both on the plan's step grid. */
  start: number;
  end: number;
}

export interface RangePlan {
  start: number;
  end: number;
  step: number;
  /** The step asked for, when it was coarsened. */
  requestedStep: number;
  chunks: RangeChunk[];
  /** Points per series over the whole range. */
  points: number;
  /** What was changed, for the CLI's notes and the chart. */
  notes: BacktestNote[];
}

/**
 * @param maxPoints how many points the caller can use in all (the simulator's sync cap by default):
 *   a longer range at this step gets a coarser one.
 */
export function planRange(
  start: number,
  end: number,
  step: number,
  maxPoints: number = SIMULATION_SYNC_CAP,
): RangePlan {
  if (!Number.isFinite(start) || !Number.isFinite(end))
    throw new PrometheusError('badRange', 'the range needs a start and an end');
  if (end <= start) throw new PrometheusError('badRange', 'the end of the range must come after its start');
  if (!Number.isFinite(step) || step <= 0)
    throw new PrometheusError('badRange', 'the step must be more than 0 seconds');
  const notes: BacktestNote[] = [];
  let effective = step;
  const pointsAt = (s: number) => Math.floor((end - start) / s) + 1;
  if (pointsAt(effective) > maxPoints) {
    effective = Math.ceil((end - start) / (maxPoints - 1));
    notes.push({ kind: 'coarsened', from: step, to: effective, points: pointsAt(step), max: maxPoints });
  }
  const points = pointsAt(effective);
  const chunks: RangeChunk[] = [];
  for (let first = 0; first < points; first += MAX_POINTS_PER_REQUEST) {
    const last = Math.min(points, first + MAX_POINTS_PER_REQUEST) - 1;
    chunks.push({ start: start + first * effective, end: start + last * effective });
  }
  if (chunks.length > 1) {
    notes.push({ kind: 'split', points, limit: MAX_POINTS_PER_REQUEST, requests: chunks.length });
  }
  return {
    start,
    end: start + (points - 1) * effective,
    step: effective,
    requestedStep: step,
    chunks,
    points,
    notes,
  };
}
