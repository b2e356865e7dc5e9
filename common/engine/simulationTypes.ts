/**
 * The simulator's input and output: the contract between the engine, the CLI (`hpa-lint simulate`),
 * the preview webview and the hovers. Plain data only, so it crosses postMessage and JSON unchanged.
 */
import type { ControllerOptions, HPASpec } from './types';

/** One metric's load over time. Values hold until the next point (step function). */
export interface LoadSeries {
  /** Metric name as the user sees it: `cpu`, `memory`, or the Pods/Object/External metric's name. */
  metric: string;
  /**
   * For per-Pod metrics (Resource, ContainerResource, Pods): the total demand over all Pods, in
   * milli-units (1 CPU = 1000). For Object and External: the metric's value itself, in milli-units.
   */
  points: { t: number; value: number }[];
  /**
   * Spans [from, to) in seconds in which the metric reported nothing (a gap in recorded data): the
   * controller finds the metric missing there, whatever the points say.
   */
  gaps?: { from: number; to: number }[];
}

export interface SimulationInput {
  /** The HPA's name for the result; defaults to the scale target's name. */
  name?: string;
  spec: HPASpec;
  /** Per-Pod requests of the target's template, in milli-units, by resource name (cpu, memory...). */
  podRequests: Record<string, number>;
  /** Per-container requests, for ContainerResource metrics: container -> resource -> milli. */
  containerRequests?: Record<string, Record<string, number>>;
  initialReplicas: number;
  durationSeconds: number;
  loads: LoadSeries[];
  /** Seconds from a Pod's creation until it is Ready and reports metrics. */
  podStartupSeconds: number;
  /** 'controller' runs the full model; 'formula' is ceil(current × value / target) each sync, nothing else. */
  mode: 'controller' | 'formula';
  options?: Partial<ControllerOptions>;
}

export interface MetricSample {
  name: string;
  /** The metric's current value in milli-units (per-Pod average for per-Pod metrics). */
  value: number;
  /** The target in milli-units, or in percent for Utilization. */
  target: number;
  /** Integer percent of request, for Utilization targets only. */
  utilization?: number;
  /**
   * The usage ratio the controller compared with the tolerance band (1 = at target): utilization /
   * target, value / target, or for Object and External AverageValue the total / (target x replicas).
   * Absent when the metric failed. Charts and summaries read this instead of re-deriving it.
   */
  ratio?: number;
  /** What this metric alone proposes (null when it failed, e.g. no ready Pod). */
  proposal: number | null;
}

export interface SimulationStep {
  t: number;
  /** The load at this sync, per metric name (milli-units). */
  load: Record<string, number>;
  replicas: number;
  readyReplicas: number;
  /** The combined proposal before stabilization. */
  proposedReplicas: number | null;
  /** After stabilization, before policies and clamps. */
  stabilizedReplicas: number | null;
  desiredReplicas: number;
  metrics: MetricSample[];
  /** null or the controller's ScalingLimited / AbleToScale reason that decided (ScaleUpLimit, TooManyReplicas, ScaleDownStabilized...). */
  limitedBy: string | null;
  /** Machine-readable reason for the decision log; the UI localizes it with `reasonArgs`. */
  reason: DecisionReason;
  /** Parameters for the localized reason text. */
  reasonArgs?: Record<string, string | number>;
}

/**
 * Why a sync ended where it did. One code per step, the first that applies in controller order.
 */
export type DecisionReason =
  | 'scalingDisabled' // current replicas 0 with minReplicas > 0: the HPA stands aside
  | 'aboveMax' // current above maxReplicas: corrected without reading metrics
  | 'belowMin' // current below minReplicas: corrected without reading metrics
  | 'noMetrics' // every metric failed (e.g. no ready Pod yet): replicas kept
  | 'invalidMetricsBlockScaleDown' // some metric failed and the rest point down: no scale-down
  | 'withinTolerance' // every metric's ratio inside the tolerance band: no change proposed
  | 'heldByScaleUpWindow' // scale-up stabilization window kept a lower value
  | 'heldByScaleDownWindow' // scale-down stabilization window kept a higher value
  | 'limitedByScaleUpPolicy' // ScaleUpLimit: scale-up policies over their periods
  | 'limitedByScaleDownPolicy' // ScaleDownLimit
  | 'scaleUpDisabled' // selectPolicy Disabled for scale-up
  | 'scaleDownDisabled' // selectPolicy Disabled for scale-down
  | 'clampedToMax' // TooManyReplicas
  | 'clampedToMin' // TooFewReplicas
  | 'legacyScaleUpLimit' // no behavior: at most max(2 x current, 4)
  | 'scaledUp'
  | 'scaledDown'
  | 'steady'; // desired equals current for another reason

export interface SimulationResult {
  hpa: string;
  syncPeriodSeconds: number;
  steps: SimulationStep[];
}
