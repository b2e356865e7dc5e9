/**
 * The simulator: the controller model run sync by sync against a load, with Pods that take time
 * to become ready. Per-Pod metrics spread the total demand evenly over the Ready Pods (Pods still
 * starting report 0 and follow the cpu readiness rules); Object and External metrics report the
 * load value itself. mode 'formula' shows the bare formula for comparison (see `formulaStep`).
 */
import { metricTargetOf } from './metricTarget';
import type { ClusterSnapshot, PodSnapshot } from './clusterSnapshot';
import { podsMetricKey } from './clusterSnapshot';
import { newControllerState, prepareHpa, syncPrepared, type PreparedHpa } from './controller';
import { metricDisplayName, type MetricEvaluation } from './metricEvaluation';
import { parseQuantity } from './quantity';
import type {
  LoadSeries,
  MetricSample,
  SimulationInput,
  SimulationResult,
  SimulationStep,
} from './simulationTypes';
import type { MetricSpec } from './types';

/**
 * Bounds that keep a bad input (a huge replica count or duration) from hanging the caller: at most
 * this many simulated Pods, and this many syncs (four weeks at 15 s).
 */
export const SIMULATION_POD_CAP = 10_000;
export const SIMULATION_SYNC_CAP = 161_280;

/** Window a metric sample covers; metrics-server's default resolution. */
export const SAMPLE_WINDOW_SECONDS = 15;
/** Formula mode has no max: this bound keeps a runaway formula from exhausting memory. */
export const FORMULA_REPLICA_CAP = 10_000;
/** Pods that exist before the run started long enough ago to be past every readiness rule. */
const LONG_AGO = -1e6;

interface SimPod {
  name: string;
  createdAt: number;
  readyAt: number;
  /** This Pod's snapshot, reused from sync to sync (the engine only reads snapshots). */
  snap?: PodSnapshot & { cpuTiming: NonNullable<PodSnapshot['cpuTiming']> };
}

/** Reads a step-function series at increasing times without searching from the start each time. */
class SeriesReader {
  private index = 0;
  private gapIndex = 0;
  private readonly points: { t: number; value: number }[];
  private readonly gaps: { from: number; to: number }[];
  constructor(series: LoadSeries | undefined) {
    this.points = series ? [...series.points].sort((a, b) => a.t - b.t) : [];
    this.gaps = series?.gaps ? [...series.gaps].sort((a, b) => a.from - b.from) : [];
  }
  /** Whether t falls in a gap of recorded data (times must not decrease between calls). */
  missingAt(t: number): boolean {
    const g = this.gaps;
    while (this.gapIndex < g.length && (g[this.gapIndex] as { to: number }).to <= t) this.gapIndex++;
    const gap = g[this.gapIndex];
    return gap !== undefined && gap.from <= t;
  }
  /** The value at t: the last point at or before t; the first point's value before it; 0 without points. */
  at(t: number): number {
    const p = this.points;
    if (p.length === 0) return 0;
    while (this.index + 1 < p.length && (p[this.index + 1] as { t: number }).t <= t) this.index++;
    return (p[this.index] as { value: number }).value;
  }
}

function seriesByName(loads: readonly LoadSeries[]): Map<string, LoadSeries> {
  const map = new Map<string, LoadSeries>();
  for (const l of loads) map.set(l.metric, l);
  return map;
}

interface MetricPlan {
  spec: MetricSpec;
  name: string;
  reader: SeriesReader;
  /** Where the per-Pod share goes, or null for Object/External. */
  perPod:
    | { kind: 'resource'; resource: string }
    | { kind: 'container'; container: string; resource: string }
    | { kind: 'pods'; key: string }
    | null;
}

function planMetrics(hpa: PreparedHpa, loads: readonly LoadSeries[]): MetricPlan[] {
  const byName = seriesByName(loads);
  return hpa.metrics.map((spec) => {
    const name = metricDisplayName(spec);
    let perPod: MetricPlan['perPod'] = null;
    if (spec.type === 'Resource') perPod = { kind: 'resource', resource: name };
    else if (spec.type === 'ContainerResource') {
      perPod = {
        kind: 'container',
        container: spec.containerResource?.container ?? '',
        resource: name,
      };
    } else if (spec.type === 'Pods') perPod = { kind: 'pods', key: podsMetricKey(name) };
    return { spec, name, reader: new SeriesReader(byName.get(name)), perPod };
  });
}

function isReady(pod: SimPod, t: number): boolean {
  return t >= pod.readyAt;
}

function buildSnapshot(
  pods: readonly SimPod[],
  t: number,
  plans: readonly MetricPlan[],
  loadNow: Record<string, number>,
  input: SimulationInput,
): ClusterSnapshot {
  let ready = 0;
  for (const p of pods) if (isReady(p, t)) ready++;
  const snapshotPods: PodSnapshot[] = pods.map((p) => {
    const podReady = isReady(p, t);
    const snap = (p.snap ??= {
      name: p.name,
      phase: 'Running',
      ready: false,
      cpuTiming: {
        startTime: p.createdAt,
        readyCondition: null,
        sampleTime: t,
        sampleWindowSeconds: SAMPLE_WINDOW_SECONDS,
      },
      requests: input.podRequests,
      containerRequests: input.containerRequests,
      usage: {},
      containerUsage: {},
    });
    snap.ready = podReady;
    snap.cpuTiming.sampleTime = t;
    const condition = snap.cpuTiming.readyCondition;
    if (condition === null || condition.status !== podReady) {
      snap.cpuTiming.readyCondition = podReady
        ? { status: true, lastTransitionTime: p.readyAt }
        : { status: false, lastTransitionTime: p.createdAt };
    }
    const usage = snap.usage as Record<string, number>;
    const containerUsage = snap.containerUsage as Record<string, Record<string, number>>;
    for (const plan of plans) {
      if (!plan.perPod) continue;
      const total = loadNow[plan.name];
      // A gap in recorded data: no Pod reports the metric at this sync.
      if (total === undefined) {
        if (plan.perPod.kind === 'resource') delete usage[plan.perPod.resource];
        else if (plan.perPod.kind === 'pods') delete usage[plan.perPod.key];
        else delete containerUsage[plan.perPod.container]?.[plan.perPod.resource];
        continue;
      }
      // The metrics client reads each Pod's value as a milli-quantity rounded up (MilliValue), so
      // 11001m over 10 Pods reads 1101m each, not 1100m: ceil, not round (issue 12, item 6).
      const share = podReady && ready > 0 ? Math.ceil(total / ready) : 0;
      if (plan.perPod.kind === 'resource') usage[plan.perPod.resource] = share;
      // An app still starting reports no custom metric yet: the controller sees it as missing.
      else if (plan.perPod.kind === 'pods') {
        if (podReady) usage[plan.perPod.key] = share;
        else delete usage[plan.perPod.key];
      } else (containerUsage[plan.perPod.container] ??= {})[plan.perPod.resource] = share;
    }
    return snap;
  });
  const objectMetrics: Record<string, number> = {};
  const externalMetrics: Record<string, number[]> = {};
  for (const plan of plans) {
    const value = loadNow[plan.name];
    if (value === undefined) continue; // a gap: nothing reported
    if (plan.spec.type === 'Object') objectMetrics[plan.name] = value;
    if (plan.spec.type === 'External') externalMetrics[plan.name] = [value];
  }
  return {
    specReplicas: pods.length,
    statusReplicas: pods.length,
    pods: snapshotPods,
    objectMetrics,
    externalMetrics,
  };
}

function toSample(m: MetricEvaluation): MetricSample {
  const sample: MetricSample = {
    name: m.name,
    value: m.value ?? Number.NaN,
    target: m.target,
    proposal: m.proposal,
  };
  if (m.utilization !== undefined) sample.utilization = m.utilization;
  if (m.ratio !== undefined && m.value !== null) sample.ratio = m.ratio;
  return sample;
}

function targetOf(spec: MetricSpec): { type: string; milliOrPercent: number } | null {
  const target = metricTargetOf(spec);
  if (!target) return null;
  try {
    if (
      target.averageValue !== undefined &&
      target.averageValue !== null &&
      (spec.type !== 'Object' || target.type === 'AverageValue')
    ) {
      return { type: 'AverageValue', milliOrPercent: parseQuantity(target.averageValue) };
    }
    if (target.type === 'Utilization' || target.averageUtilization !== undefined) {
      return target.averageUtilization
        ? { type: 'Utilization', milliOrPercent: target.averageUtilization }
        : null;
    }
    if (target.value !== undefined && target.value !== null)
      return { type: 'Value', milliOrPercent: parseQuantity(target.value) };
  } catch {
    return null;
  }
  return null;
}

/**
 * Formula mode: ceil(current x value / target) per metric, the largest wins. No tolerance,
 * windows, policies, or min/max clamp: it shows what the bare formula does, so a count can fall
 * to 0 and stay there. Per-Pod values are averaged over Ready Pods; none ready means no reading.
 */
function formulaStep(
  plans: readonly MetricPlan[],
  snapshot: ClusterSnapshot,
  input: SimulationInput,
  loads: Record<string, number>,
): { desired: number; samples: MetricSample[] } {
  const current = snapshot.specReplicas;
  let desired: number | null = null;
  const readyPods = snapshot.pods.filter((p) => p.ready);
  const samples: MetricSample[] = plans.map((plan) => {
    const target = targetOf(plan.spec);
    const sample: MetricSample = {
      name: plan.name,
      value: Number.NaN,
      target: target?.milliOrPercent ?? 0,
      proposal: null,
    };
    if (!target || target.milliOrPercent <= 0) return sample;
    let ratio: number;
    if (plan.perPod) {
      if (readyPods.length === 0 || !(plan.name in loads)) return sample;
      let total = 0;
      let requests = 0;
      for (const pod of readyPods) {
        if (plan.perPod.kind === 'container') {
          total += pod.containerUsage?.[plan.perPod.container]?.[plan.perPod.resource] ?? 0;
          requests += input.containerRequests?.[plan.perPod.container]?.[plan.perPod.resource] ?? 0;
        } else {
          const key = plan.perPod.kind === 'pods' ? plan.perPod.key : plan.perPod.resource;
          total += pod.usage[key] ?? 0;
          if (plan.perPod.kind === 'resource') requests += input.podRequests[plan.perPod.resource] ?? 0;
        }
      }
      sample.value = Math.floor(total / readyPods.length);
      if (target.type === 'Utilization') {
        if (requests <= 0) return sample;
        sample.utilization = Math.floor((total * 100) / requests);
        ratio = sample.utilization / target.milliOrPercent;
      } else {
        ratio = sample.value / target.milliOrPercent;
      }
    } else {
      if (!(plan.name in loads)) return sample;
      const value =
        (plan.spec.type === 'Object'
          ? snapshot.objectMetrics?.[plan.name]
          : snapshot.externalMetrics?.[plan.name]?.[0]) ?? 0;
      sample.value = value;
      ratio =
        target.type === 'AverageValue'
          ? value / (target.milliOrPercent * Math.max(current, 1))
          : value / target.milliOrPercent;
    }
    sample.ratio = ratio;
    sample.proposal = Math.min(Math.ceil(current * ratio), FORMULA_REPLICA_CAP);
    desired = Math.max(desired ?? 0, sample.proposal);
    return sample;
  });
  return { desired: desired ?? current, samples };
}

/** Removes `count` Pods: ones still starting first, then the newest, as a ReplicaSet does. */
function removePods(pods: SimPod[], count: number, t: number): SimPod[] {
  const order = [...pods].sort(
    (a, b) => Number(isReady(a, t)) - Number(isReady(b, t)) || b.createdAt - a.createdAt,
  );
  const doomed = new Set(order.slice(0, count));
  return pods.filter((p) => !doomed.has(p));
}

/** Runs the simulation. Deterministic: the same input always gives the same result. */
export function simulate(input: SimulationInput): SimulationResult {
  const hpa = prepareHpa(input.spec, input.options);
  const sync = hpa.options.syncPeriodSeconds > 0 ? hpa.options.syncPeriodSeconds : 15;
  const plans = planMetrics(hpa, input.loads);
  const startup = Math.max(0, input.podStartupSeconds);
  let nextPod = 0;
  let pods: SimPod[] = [];
  const initial = Math.max(0, Math.min(Math.floor(input.initialReplicas) || 0, SIMULATION_POD_CAP));
  for (let i = 0; i < initial; i++)
    pods.push({ name: `pod-${nextPod++}`, createdAt: LONG_AGO, readyAt: LONG_AGO });
  const state = newControllerState();
  const steps: SimulationStep[] = [];
  const syncCount = Math.min(
    SIMULATION_SYNC_CAP,
    Math.max(1, Math.floor(Math.max(0, input.durationSeconds || 0) / sync)),
  );
  for (let n = 0; n < syncCount; n++) {
    const t = n * sync;
    const load: Record<string, number> = {};
    for (const plan of plans) if (!plan.reader.missingAt(t)) load[plan.name] = plan.reader.at(t);
    const snapshot = buildSnapshot(pods, t, plans, load, input);
    const current = pods.length;
    let readyReplicas = 0;
    for (const p of pods) if (isReady(p, t)) readyReplicas++;
    let step: SimulationStep;
    if (input.mode === 'formula') {
      const f = formulaStep(plans, snapshot, input, load);
      const anyReading = f.samples.some((s) => s.proposal !== null);
      step = {
        t,
        load,
        replicas: current,
        readyReplicas,
        proposedReplicas: anyReading ? f.desired : null,
        stabilizedReplicas: null,
        desiredReplicas: f.desired,
        metrics: f.samples,
        limitedBy: null,
        reason: !anyReading
          ? 'noMetrics'
          : f.desired > current
            ? 'scaledUp'
            : f.desired < current
              ? 'scaledDown'
              : 'steady',
        reasonArgs: { current, desired: f.desired },
      };
    } else {
      const r = syncPrepared(hpa, state, snapshot, t);
      step = {
        t,
        load,
        replicas: current,
        readyReplicas,
        proposedReplicas: r.proposal,
        stabilizedReplicas: r.stabilized,
        desiredReplicas: r.desiredReplicas,
        metrics: r.metrics.map(toSample),
        limitedBy: r.limitedBy,
        reason: r.decision,
        reasonArgs: r.decisionArgs,
      };
    }
    steps.push(step);
    const desired = step.desiredReplicas;
    if (desired > current) {
      for (let i = current; i < Math.min(desired, SIMULATION_POD_CAP); i++)
        pods.push({ name: `pod-${nextPod++}`, createdAt: t, readyAt: t + startup });
    } else if (desired < current) {
      pods = removePods(pods, current - desired, t);
    }
  }
  return { hpa: input.name ?? input.spec.scaleTargetRef?.name ?? 'hpa', syncPeriodSeconds: sync, steps };
}
