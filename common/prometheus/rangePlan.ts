/**
 * Splits a range query so no request asks Prometheus for more than 11,000 points per series (its
 * query_range limit: "exceeded maximum resolution of 11,000 points per timeseries"), and coarsens
 * the step when even the split would feed the simulator more syncs than it runs.
 */
import { SIMULATION_SYNC_CAP } from '../engine/simulator';
import { PrometheusError } from './errors';

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
  /** What was changed, in words, for the CLI's notes and the chart. */
  notes: string[];
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
  const notes: string[] = [];
  let effective = step;
  const pointsAt = (s: number) => Math.floor((end - start) / s) + 1;
  if (pointsAt(effective) > maxPoints) {
    effective = Math.ceil((end - start) / (maxPoints - 1));
    notes.push(
      `the step was coarsened from ${step} s to ${effective} s: ${pointsAt(step)} points would exceed the ${maxPoints} the simulation runs`,
    );
  }
  const points = pointsAt(effective);
  const chunks: RangeChunk[] = [];
  for (let first = 0; first < points; first += MAX_POINTS_PER_REQUEST) {
    const last = Math.min(points, first + MAX_POINTS_PER_REQUEST) - 1;
    chunks.push({ start: start + first * effective, end: start + last * effective });
  }
  if (chunks.length > 1) {
    notes.push(
      `${points} points per series exceed Prometheus' ${MAX_POINTS_PER_REQUEST} per request: fetched in ${chunks.length} requests per query`,
    );
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
