/**
 * Pod grouping (semantics §1.4.1): every listed Pod is ignored, unready, missing (no metric) or
 * ready. Used by the Resource, ContainerResource and Pods metric paths.
 */
import type { ControllerOptions } from './types';

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

/** The timestamps the cpu readiness rule reads, in seconds on the controller's clock. */
export interface CpuReadinessTiming {
  /** Pod `status.startTime`; null when not set yet. */
  startTime: number | null;
  /** The Ready condition; null when the Pod has none. */
  readyCondition: { status: boolean; lastTransitionTime: number } | null;
  /** Timestamp of the metric sample and the window it covers. */
  sampleTime: number;
  sampleWindowSeconds: number;
}

/** What the controller knows about one Pod matched by the selector. */
export interface PodState {
  name: string;
  phase: PodPhase;
  /** The Pod has a deletion timestamp. */
  deleting?: boolean;
  /** Ready condition True (used by Object/External Value to count ready Pods). */
  ready: boolean;
  /**
   * The outcome of the cpu readiness rule when known already; otherwise it is computed from
   * `cpuTiming`, and a Pod with neither counts as ready.
   */
  cpuSampleReady?: boolean;
  cpuTiming?: CpuReadinessTiming;
}

export interface PodGroups {
  readyPodCount: number;
  /** Pod names per class (each Pod appears once; arrays because a sync only iterates them). */
  unready: string[];
  missing: string[];
  ignored: string[];
}

/** The cpu sample rule of §1.4.1 step 4: true when the sample must be treated as unready. */
export function isCpuSampleUnready(
  timing: CpuReadinessTiming,
  now: number,
  options: ControllerOptions,
): boolean {
  const { startTime, readyCondition } = timing;
  if (readyCondition === null || startTime === null) return true;
  if (now < startTime + options.cpuInitializationPeriodSeconds) {
    // Still initializing: only a Ready pod with a sample taken wholly after it became ready counts.
    return (
      !readyCondition.status ||
      timing.sampleTime < readyCondition.lastTransitionTime + timing.sampleWindowSeconds
    );
  }
  // Past initialization: unready only if it is not Ready and never was.
  return (
    !readyCondition.status &&
    startTime + options.initialReadinessDelaySeconds > readyCondition.lastTransitionTime
  );
}

function cpuSampleUnready(pod: PodState, now: number, options: ControllerOptions): boolean {
  if (pod.cpuSampleReady !== undefined) return !pod.cpuSampleReady;
  if (pod.cpuTiming) return isCpuSampleUnready(pod.cpuTiming, now, options);
  return false;
}

/**
 * Sorts Pods into the four classes. `metrics` maps Pod name to value; the cpu readiness rule runs
 * only when `resource` is "cpu".
 */
export function groupPods(
  pods: readonly PodState[],
  metrics: ReadonlyMap<string, number>,
  resource: string | null,
  now: number,
  options: ControllerOptions,
): PodGroups {
  const groups: PodGroups = { readyPodCount: 0, unready: [], missing: [], ignored: [] };
  for (const pod of pods) {
    const terminal = pod.phase === 'Failed' || (options.ignoreSucceededPods && pod.phase === 'Succeeded');
    if (pod.deleting || terminal) {
      groups.ignored.push(pod.name);
      continue;
    }
    if (pod.phase === 'Pending') {
      groups.unready.push(pod.name);
      continue;
    }
    if (!metrics.has(pod.name)) {
      groups.missing.push(pod.name);
      continue;
    }
    if (resource === 'cpu' && cpuSampleUnready(pod, now, options)) {
      groups.unready.push(pod.name);
      continue;
    }
    groups.readyPodCount++;
  }
  return groups;
}

/** Pods the Object/External Value path counts: phase Running and Ready. */
export function countRunningReadyPods(pods: readonly PodState[]): number {
  let n = 0;
  for (const pod of pods) if (pod.phase === 'Running' && pod.ready) n++;
  return n;
}
