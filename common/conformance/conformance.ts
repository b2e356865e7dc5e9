/**
 * The conformance vector adapter (semantics §4): one vector in, the engine layer it names run on
 * its inputs, the outputs compared with what upstream expects. Used by `hpa-lint conformance` and
 * by the unit test. Every value in a vector is data; nothing here knows individual cases.
 */
import type { ClusterSnapshot, PodSnapshot } from '../engine/clusterSnapshot';
import { podsMetricKey } from '../engine/clusterSnapshot';
import { newControllerState, syncHpa, type ControllerState } from '../engine/controller';
import { legacyClamp, legacyStabilize } from '../engine/legacy';
import type { PodPhase, PodState } from '../engine/podGrouping';
import { applyBehaviorRate, scaleDownLimit, scaleUpLimit } from '../engine/rateLimit';
import {
  averageValueOfTotalReplicas,
  averageValueReplicas,
  MetricError,
  resourceUtilizationReplicas,
  valueReplicas,
} from '../engine/replicaCalculator';
import { replicasChangedWithin, recordScaleEvent, type ScaleEvent } from '../engine/scaleEvents';
import { stabilizeWithBehavior, type Recommendation } from '../engine/stabilization';
import { resolveOptions } from '../engine/defaults';
import type { Tolerances } from '../engine/tolerance';
import type { ControllerOptions, HPASpec, ResolvedScalingRules } from '../engine/types';

export interface ConformanceVector {
  name: string;
  source?: string;
  layer: string;
  inputs: Record<string, unknown>;
  expected: Record<string, unknown>;
  note?: string;
  productionVariant?: Record<string, unknown>;
}

export interface ConformanceOutcome {
  name: string;
  layer: string;
  pass: boolean;
  expected: unknown;
  actual: unknown;
}

/** Vectors count time back from "now"; the adapter's clock puts now at 0. */
const NOW = 0;

type Json = Record<string, unknown>;

function num(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new Error(`field ${field} must be a number`);
  return v;
}

function obj(v: unknown, field: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`field ${field} must be an object`);
  return v as Json;
}

function arr(v: unknown, field: string): Json[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new Error(`field ${field} must be a list`);
  return v as Json[];
}

function tolerancesOf(v: unknown): Tolerances {
  if (v === undefined || v === null) return { scaleDown: 0.1, scaleUp: 0.1 };
  const t = obj(v, 'tolerances');
  return {
    scaleDown: num(t.scaleDown ?? 0.1, 'tolerances.scaleDown'),
    scaleUp: num(t.scaleUp ?? 0.1, 'tolerances.scaleUp'),
  };
}

function rulesOf(v: unknown, field: string): ResolvedScalingRules {
  const r = obj(v, field);
  return {
    stabilizationWindowSeconds:
      r.stabilizationWindowSeconds === undefined || r.stabilizationWindowSeconds === null
        ? null
        : num(r.stabilizationWindowSeconds, `${field}.stabilizationWindowSeconds`),
    selectPolicy: (r.selectPolicy as ResolvedScalingRules['selectPolicy'] | undefined) ?? 'Max',
    policies: arr(r.policies, `${field}.policies`).map((p) => ({
      type: p.type as 'Pods' | 'Percent',
      value: num(p.value, `${field}.policies[].value`),
      periodSeconds: num(p.periodSeconds, `${field}.policies[].periodSeconds`),
    })),
    tolerance: typeof r.tolerance === 'number' ? r.tolerance : null,
  };
}

function eventsOf(v: unknown, field: string): ScaleEvent[] {
  return arr(v, field).map((e) => ({
    replicaChange: num(e.replicaChange, `${field}[].replicaChange`),
    timestamp: NOW - num(e.secondsAgo ?? 0, `${field}[].secondsAgo`),
    outdated: e.outdated === true,
  }));
}

function historyOf(v: unknown, field: string): Recommendation[] {
  return arr(v, field).map((r) => ({
    replicas: num(r.replicas, `${field}[].replicas`),
    timestamp: NOW - num(r.secondsAgo ?? 0, `${field}[].secondsAgo`),
  }));
}

function podName(p: Json, i: number): string {
  return typeof p.name === 'string' ? p.name : `test-pod-${i}`;
}

function podStateOf(p: Json, i: number, readyDefault: boolean): PodState {
  const state: PodState = {
    name: podName(p, i),
    phase: ((p.phase as string | undefined) ?? 'Running') as PodPhase,
    deleting: p.deleting === true,
    ready:
      typeof p.ready === 'boolean'
        ? p.ready
        : typeof p.cpuSampleReady === 'boolean'
          ? p.cpuSampleReady
          : readyDefault,
  };
  if (typeof p.cpuSampleReady === 'boolean') state.cpuSampleReady = p.cpuSampleReady;
  return state;
}

/** `metricsForUnknownPods` as a map: accepts {name: value} or [{name, usageMilli}]. */
function unknownPodMetrics(v: unknown): Map<string, number> {
  const out = new Map<string, number>();
  if (Array.isArray(v)) {
    v.forEach((e: Json, i) => {
      const value = e.usageMilli ?? e.value ?? e.valueMilli;
      if (typeof value === 'number') out.set(typeof e.name === 'string' ? e.name : `unknown-pod-${i}`, value);
    });
  } else if (v && typeof v === 'object') {
    for (const [k, value] of Object.entries(v as Json)) if (typeof value === 'number') out.set(k, value);
  }
  return out;
}

function podMetricsOf(pods: Json[], field: string, extra: unknown): Map<string, number> {
  const map = new Map<string, number>();
  pods.forEach((p, i) => {
    const v = p[field];
    if (typeof v === 'number') map.set(podName(p, i), v);
  });
  for (const [k, v] of unknownPodMetrics(extra)) if (!map.has(k)) map.set(k, v);
  return map;
}

function errorResult(err: unknown): Json {
  if (err instanceof MetricError) return { error: err.message };
  throw err;
}

// ---- layers -------------------------------------------------------------------------------

function behaviorRateLimit(i: Json): Json {
  const r = applyBehaviorRate({
    current: num(i.currentReplicas, 'currentReplicas'),
    desired: num(i.stabilizedDesiredReplicas, 'stabilizedDesiredReplicas'),
    minReplicas: num(i.minReplicas, 'minReplicas'),
    maxReplicas: num(i.maxReplicas, 'maxReplicas'),
    scaleUp: rulesOf(i.scaleUp, 'scaleUp'),
    scaleDown: rulesOf(i.scaleDown, 'scaleDown'),
    upEvents: eventsOf(i.scaleUpEvents, 'scaleUpEvents'),
    downEvents: eventsOf(i.scaleDownEvents, 'scaleDownEvents'),
    now: NOW,
  });
  return { replicas: r.replicas, reason: r.reason };
}

function limitOnly(i: Json, direction: 'up' | 'down'): Json {
  const fn = direction === 'up' ? scaleUpLimit : scaleDownLimit;
  const limit = fn(
    num(i.currentReplicas, 'currentReplicas'),
    rulesOf(i.rules, 'rules'),
    eventsOf(i.scaleUpEvents, 'scaleUpEvents'),
    eventsOf(i.scaleDownEvents, 'scaleDownEvents'),
    NOW,
  );
  return { limit };
}

function behaviorStabilization(i: Json): Json {
  const history = historyOf(i.recommendations, 'recommendations');
  const r = stabilizeWithBehavior(
    history,
    num(i.currentReplicas, 'currentReplicas'),
    num(i.desiredReplicas, 'desiredReplicas'),
    num(i.scaleUpStabilizationWindowSeconds ?? 0, 'scaleUpStabilizationWindowSeconds'),
    num(i.scaleDownStabilizationWindowSeconds ?? 300, 'scaleDownStabilizationWindowSeconds'),
    NOW,
  );
  return { replicas: r.replicas, historyAfter: history.map((h) => h.replicas), reason: r.reason };
}

function legacyStabilization(i: Json): Json {
  const history = historyOf(i.recommendations, 'recommendations');
  const r = legacyStabilize(
    history,
    num(i.desiredReplicas, 'desiredReplicas'),
    num(i.downscaleStabilizationWindowSeconds ?? 300, 'downscaleStabilizationWindowSeconds'),
    NOW,
  );
  return {
    replicas: r.replicas,
    historyLength: history.length,
    historyAfter: history.map((h) => h.replicas),
  };
}

function legacyClampLayer(i: Json, factorOverride?: number): Json {
  const r = legacyClamp(
    num(i.currentReplicas, 'currentReplicas'),
    num(i.desiredReplicas, 'desiredReplicas'),
    num(i.minReplicas, 'minReplicas'),
    num(i.maxReplicas, 'maxReplicas'),
    factorOverride ?? num(i.scaleUpLimitFactor ?? 2, 'scaleUpLimitFactor'),
    num(i.scaleUpLimitMinimum ?? 4, 'scaleUpLimitMinimum'),
  );
  return { replicas: r.replicas, reason: r.reason };
}

function scaleEventStore(i: Json): Json {
  const rules = rulesOf(i.rules, 'rules');
  const events = eventsOf(i.previousEvents, 'previousEvents');
  const query =
    i.queryPeriodSeconds === undefined
      ? Math.max(...rules.policies.map((p) => p.periodSeconds))
      : num(i.queryPeriodSeconds, 'queryPeriodSeconds');
  const sum = replicasChangedWithin(events, query, NOW);
  recordScaleEvent(events, num(i.newChange, 'newChange'), rules.policies, NOW);
  return {
    sumWithinQueryPeriodBeforeStore: sum,
    eventsAfterStore: events.map((e) => ({ replicaChange: e.replicaChange, outdated: e.outdated })),
  };
}

function conformanceOptions(i: Json): ControllerOptions {
  // The upstream unit tests' flags unless the vector gives its own.
  const config = (i.controllerConfig ?? {}) as Partial<ControllerOptions>;
  const gates = (i.featureGates ?? {}) as Record<string, unknown>;
  return resolveOptions({
    cpuInitializationPeriodSeconds: 120,
    initialReadinessDelaySeconds: 10,
    ...config,
    configurableTolerance: gates.HPAConfigurableTolerance === true,
    // The vectors are the ~1.34 controller's unit tests: they build objects with minReplicas 0
    // without API validation, and that controller reads metrics at 0 without a ScaledToZero condition.
    scaleToZero: true,
    scaledToZeroCondition: gates.HPAScaleToZero === true && config.scaledToZeroCondition === true,
  });
}

/**
 * A ContainerResource vector names `container`; each Pod then gives that container's numbers as a
 * `containers` list ({name, requestMilli, usageMilli}), as `containerRequestMilli` /
 * `containerUsageMilli`, or (when it gives nothing more) its own fields stand for the container.
 */
function containerView(p: Json, container: string): Json {
  if (Array.isArray(p.containers)) {
    const c = (p.containers as Json[]).find((x) => x.name === container);
    return {
      ...p,
      requestMilli: c?.requestMilli ?? null,
      usageMilli: c?.usageMilli ?? null,
      containerMissing: !c,
    };
  }
  const out: Json = { ...p };
  if ('containerRequestMilli' in p) out.requestMilli = p.containerRequestMilli;
  if ('containerUsageMilli' in p) out.usageMilli = p.containerUsageMilli;
  return out;
}

function resourceUtilization(i: Json): Json {
  const container = typeof i.container === 'string' && i.container !== '' ? i.container : null;
  const pods = arr(i.pods, 'pods').map((p) => (container === null ? p : containerView(p, container)));
  const resource = typeof i.resource === 'string' ? i.resource : 'cpu';
  const options = conformanceOptions(i);
  const common = {
    currentReplicas: num(i.currentReplicas, 'currentReplicas'),
    tolerances: tolerancesOf(i.tolerances),
    pods: pods.map((p, n) => podStateOf(p, n, true)),
    metrics: podMetricsOf(pods, 'usageMilli', i.metricsForUnknownPods),
    now: NOW,
    options,
  };
  try {
    if (typeof i.targetAverageValueMilli === 'number') {
      const r = averageValueReplicas({ ...common, resource, targetAverageValue: i.targetAverageValueMilli });
      return { replicas: r.replicas, rawAverageMilli: r.usage, averageUsageMilli: r.usage };
    }
    const requests = () => {
      const map = new Map<string, number>();
      pods.forEach((p, n) => {
        if (p.containerMissing === true) {
          throw new MetricError(`container ${container} not found in Pod ${podName(p, n)}`);
        }
        if (typeof p.requestMilli !== 'number') {
          throw new MetricError(
            `missing request for ${resource} in container ${container ?? ''} of Pod ${podName(p, n)}`,
          );
        }
        map.set(podName(p, n), p.requestMilli);
      });
      return map;
    };
    const r = resourceUtilizationReplicas({
      ...common,
      resource,
      targetUtilization: num(i.targetAverageUtilizationPercent, 'targetAverageUtilizationPercent'),
      requests,
    });
    return { replicas: r.replicas, utilizationPercent: r.utilization, rawAverageMilli: r.rawAverage };
  } catch (err) {
    return errorResult(err);
  }
}

function podsAverageValue(i: Json): Json {
  const pods = arr(i.pods, 'pods');
  try {
    const r = averageValueReplicas({
      currentReplicas: num(i.currentReplicas, 'currentReplicas'),
      tolerances: tolerancesOf(i.tolerances),
      pods: pods.map((p, n) => podStateOf(p, n, true)),
      metrics: podMetricsOf(pods, 'usageMilli', i.metricsForUnknownPods),
      now: NOW,
      options: conformanceOptions(i),
      resource: null,
      targetAverageValue: num(i.targetAverageValueMilli, 'targetAverageValueMilli'),
    });
    return { replicas: r.replicas, averageUsageMilli: r.usage };
  } catch (err) {
    return errorResult(err);
  }
}

function valueLayer(i: Json): Json {
  try {
    const usage = num(i.usageMilli, 'usageMilli');
    const replicas = valueReplicas({
      currentReplicas: num(i.currentReplicas, 'currentReplicas'),
      usage,
      targetValue: num(i.targetValueMilli, 'targetValueMilli'),
      tolerances: tolerancesOf(i.tolerances),
      readyPodCount: typeof i.readyPodCount === 'number' && i.podCount !== 0 ? i.readyPodCount : null,
    });
    return { replicas, usageMilli: usage };
  } catch (err) {
    return errorResult(err);
  }
}

function averageOfTotalLayer(i: Json): Json {
  const r = averageValueOfTotalReplicas({
    statusReplicas: num(i.statusReplicas, 'statusReplicas'),
    usage: num(i.totalUsageMilli, 'totalUsageMilli'),
    targetAverageValue: num(i.targetAverageValueMilli, 'targetAverageValueMilli'),
    tolerances: tolerancesOf(i.tolerances),
  });
  return { replicas: r.replicas, perPodUsageMilli: r.perPodUsage };
}

/** Per-Pod fields for a Pods (custom) metric value, by the names a vector may use. */
const POD_CUSTOM_METRIC_FIELDS = [
  'podsMetricMilli',
  'metricUsageMilli',
  'customMetricMilli',
  'metricValueMilli',
  'usageMilli',
];
const TOP_LEVEL_POD_METRIC_FIELDS = [
  'podsMetricValuesMilli',
  'podMetricValuesMilli',
  'customMetricValuesMilli',
];

function fullSyncSnapshot(i: Json, spec: HPASpec): ClusterSnapshot {
  const scale = obj(i.scale, 'scale');
  const pods = arr(i.pods, 'pods');
  const containerMetrics = (spec.metrics ?? []).flatMap((m) =>
    m.type === 'ContainerResource' ? [m.containerResource] : [],
  );
  const podsMetricNames = (spec.metrics ?? []).flatMap((m) =>
    m.type === 'Pods' ? [m.pods.metric.name] : [],
  );
  const topLevelPodValues = TOP_LEVEL_POD_METRIC_FIELDS.map((f) => i[f]).find(Array.isArray) as
    unknown[] | undefined;
  const snapshotPods: PodSnapshot[] = pods.map((p, n) => {
    const requests: Record<string, number | null> = {};
    const usage: Record<string, number | null> = {};
    for (const [key, value] of Object.entries(p)) {
      const req = /^(.+)RequestMilli$/.exec(key);
      const use = /^(.+)UsageMilli$/.exec(key);
      if (req) requests[req[1] as string] = typeof value === 'number' ? value : null;
      if (use) usage[use[1] as string] = typeof value === 'number' ? value : null;
    }
    // Pods (custom) metrics: a dedicated field if the vector has one, else the reported level.
    for (const name of podsMetricNames) {
      const field = POD_CUSTOM_METRIC_FIELDS.find((f) => f in p);
      const fromTop = topLevelPodValues?.[n];
      const value = typeof fromTop === 'number' ? fromTop : field ? p[field] : p.cpuUsageMilli;
      usage[podsMetricKey(name)] = typeof value === 'number' ? value : null;
    }
    // Upstream pods carry two containers that split the pod totals evenly.
    const containerRequests: Record<string, Record<string, number | null>> = {};
    const containerUsage: Record<string, Record<string, number | null>> = {};
    for (const cm of containerMetrics) {
      const req = requests[cm.name];
      const use = usage[cm.name];
      containerRequests[cm.container] = { [cm.name]: typeof req === 'number' ? Math.floor(req / 2) : null };
      containerUsage[cm.container] = { [cm.name]: typeof use === 'number' ? Math.floor(use / 2) : null };
    }
    return { ...podStateOf(p, n, true), requests, usage, containerRequests, containerUsage };
  });
  const objectMetrics: Record<string, number> = {};
  const externalMetrics: Record<string, number[]> = {};
  for (const m of spec.metrics ?? []) {
    if (m.type === 'Object' && typeof i.objectMetricValueMilli === 'number')
      objectMetrics[m.object.metric.name] = i.objectMetricValueMilli;
    if (m.type === 'External' && Array.isArray(i.externalMetricValuesMilli)) {
      externalMetrics[m.external.metric.name] = (i.externalMetricValuesMilli as unknown[]).filter(
        (v): v is number => typeof v === 'number',
      );
    }
  }
  return {
    specReplicas: num(scale.specReplicas, 'scale.specReplicas'),
    statusReplicas: num(scale.statusReplicas ?? scale.specReplicas, 'scale.statusReplicas'),
    pods: snapshotPods,
    objectMetrics,
    externalMetrics,
  };
}

function fullSync(i: Json, factorOverride?: number): Json {
  const hpa = obj(i.hpa, 'hpa');
  const spec: HPASpec = {
    scaleTargetRef: { kind: 'Deployment', name: 'test' },
    ...(hpa as Partial<HPASpec>),
    maxReplicas: num(hpa.maxReplicas, 'hpa.maxReplicas'),
  } as HPASpec;
  const stateIn = (i.controllerState ?? {}) as Json;
  const state: ControllerState = newControllerState();
  state.recommendations =
    stateIn.recommendationHistory === 'unset' || stateIn.recommendationHistory === undefined
      ? null
      : historyOf(stateIn.recommendationHistory, 'controllerState.recommendationHistory');
  state.scaleUpEvents = eventsOf(stateIn.scaleUpEvents, 'controllerState.scaleUpEvents');
  state.scaleDownEvents = eventsOf(stateIn.scaleDownEvents, 'controllerState.scaleDownEvents');
  const options = conformanceOptions(i);
  if (factorOverride !== undefined) options.scaleUpLimitFactor = factorOverride;
  const result = syncHpa(spec, state, fullSyncSnapshot(i, spec), NOW, options);
  const conditions: Record<string, string> = {};
  for (const c of Object.values(result.conditions)) if (c) conditions[c.type] = c.reason;
  return { desiredReplicas: result.desiredReplicas, conditions };
}

const LAYERS: Record<string, (inputs: Json) => Json> = {
  behaviorRateLimit,
  scaleUpLimitOnly: (i) => limitOnly(i, 'up'),
  scaleDownLimitOnly: (i) => limitOnly(i, 'down'),
  behaviorStabilization,
  legacyStabilization,
  legacyClamp: (i) => legacyClampLayer(i),
  scaleEventStore,
  resourceUtilization,
  podsAverageValue,
  objectValue: valueLayer,
  externalValue: valueLayer,
  objectAverageValue: averageOfTotalLayer,
  externalAverageValue: averageOfTotalLayer,
  fullSync: (i) => fullSync(i),
};

export const CONFORMANCE_LAYERS: readonly string[] = Object.keys(LAYERS);

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as Json);
  const kb = Object.keys(b as Json);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => deepEqual((a as Json)[k], (b as Json)[k]));
}

/** Expected keys with a null value were not asserted upstream; the rest must match exactly. */
function matches(expected: Json, actual: Json): boolean {
  if (typeof expected.error === 'string') {
    const got = actual.error;
    return typeof got === 'string' && (got.includes(expected.error) || expected.error.includes(got));
  }
  if ('error' in actual) return false;
  return Object.entries(expected).every(([k, v]) => v === null || deepEqual(v, actual[k]));
}

/** Only the expected keys, so a report shows like with like. */
function pick(actual: Json, expected: Json): Json {
  if ('error' in actual) return { error: actual.error };
  const out: Json = {};
  for (const k of Object.keys(expected)) if (k in actual) out[k] = actual[k];
  return out;
}

/** Runs one vector. Malformed vectors fail with the reason as `actual.error`; never throws. */
export function runConformanceVector(vector: ConformanceVector): ConformanceOutcome {
  const base = { name: String(vector?.name ?? '(unnamed)'), layer: String(vector?.layer ?? '(none)') };
  const expected = (vector?.expected ?? {}) as Json;
  const layer = LAYERS[base.layer];
  if (!layer) return { ...base, pass: false, expected, actual: { error: `unknown layer "${base.layer}"` } };
  try {
    const inputs = obj(vector.inputs, 'inputs');
    const actual = layer(inputs);
    let pass = matches(expected, actual);
    const shown: Json = pick(actual, expected);
    // Some vectors also give the result under the production legacy factor 2.
    const variant = vector.productionVariant;
    if (variant && typeof variant.scaleUpLimitFactor === 'number' && variant.expected) {
      const factor = variant.scaleUpLimitFactor;
      const variantActual =
        base.layer === 'legacyClamp'
          ? legacyClampLayer(inputs, factor)
          : base.layer === 'fullSync'
            ? fullSync(inputs, factor)
            : null;
      if (variantActual) {
        const variantExpected = variant.expected as Json;
        pass = pass && matches(variantExpected, variantActual);
        shown.productionVariant = pick(variantActual, variantExpected);
      }
    }
    return { ...base, pass, expected, actual: shown };
  } catch (err) {
    return {
      ...base,
      pass: false,
      expected,
      actual: { error: err instanceof Error ? err.message : String(err) },
    };
  }
}

/** Runs a whole vector file's content (an array, or an object with a `vectors` array). */
export function runConformance(vectors: unknown): ConformanceOutcome[] {
  const list = Array.isArray(vectors) ? vectors : (vectors as { vectors?: unknown })?.vectors;
  if (!Array.isArray(list))
    throw new Error('expected a JSON array of vectors (or an object with a "vectors" array)');
  return list.map((v) => runConformanceVector(v as ConformanceVector));
}
