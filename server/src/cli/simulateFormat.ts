/**
 * The output formats of `hpa-lint simulate`: json (the documented shape), csv and a terminal
 * table with the decision in words.
 */
import { formatMilli, type SimulationResult, type SimulationStep } from '../../../common/engine';
import { containersLacking, type PodRequests, type RequestSource } from '../../../common/k8s/podRequests';

/** The resources whose utilization needs a request on every counted container. */
const REQUEST_RESOURCES = ['cpu', 'memory'] as const;

/** What the JSON says about the target's Pod: the same facts the rules and the preview read. */
export interface PodJson {
  target: { kind: string; name: string } | null;
  /** Per-Pod requests in milli, only for resources the controller can compute. */
  requests: Record<string, number>;
  containers: {
    name: string;
    sidecar: boolean;
    requests: Record<string, { milli: number | null; source: RequestSource }>;
  }[];
  /** Counted containers without a request, for cpu and memory. */
  lacking: Record<string, string[]>;
  /** The notes printed on stderr. */
  notes: string[];
}

export function podJson(
  target: { kind: string; name: string } | null,
  pod: PodRequests | undefined,
  notes: string[],
): PodJson {
  const lacking: Record<string, string[]> = {};
  for (const resource of REQUEST_RESOURCES)
    lacking[resource] = pod ? containersLacking(pod, resource).map((c) => c.name) : [];
  return {
    target,
    requests: pod ? { ...pod.podRequests } : {},
    containers: (pod?.containers ?? []).map((c) => ({
      name: c.name,
      sidecar: c.sidecar,
      requests: Object.fromEntries(
        Object.entries(c.requests).map(([resource, r]) => [
          resource,
          { milli: r.milli ?? null, source: r.source },
        ]),
      ),
    })),
    lacking,
    notes,
  };
}

/** The documented JSON shape: only these fields, in this order. */
export function toJson(result: SimulationResult, pod: PodJson): string {
  const steps = result.steps.map((s) => ({
    t: s.t,
    replicas: s.replicas,
    readyReplicas: s.readyReplicas,
    desiredReplicas: s.desiredReplicas,
    metrics: s.metrics.map((m) => {
      const out: { name: string; value: number | null; target: number; utilization?: number } = {
        name: m.name,
        value: Number.isFinite(m.value) ? m.value : null,
        target: m.target,
      };
      if (m.utilization !== undefined) out.utilization = m.utilization;
      return out;
    }),
    limitedBy: s.limitedBy,
    reason: s.reason,
  }));
  return `${JSON.stringify({ hpa: result.hpa, syncPeriodSeconds: result.syncPeriodSeconds, pod, steps }, null, 2)}\n`;
}

function csvCell(v: string | number | null | undefined): string {
  if (v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v))) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(result: SimulationResult): string {
  const names = result.steps[0]?.metrics.map((m) => m.name) ?? [];
  const header = ['t', 'replicas', 'readyReplicas', 'desiredReplicas'];
  for (const n of names)
    header.push(`${n}_load`, `${n}_value`, `${n}_target`, `${n}_utilization`, `${n}_proposal`);
  header.push('limitedBy', 'reason');
  const rows = result.steps.map((s) => {
    const row: (string | number | null | undefined)[] = [s.t, s.replicas, s.readyReplicas, s.desiredReplicas];
    for (const n of names) {
      const m = s.metrics.find((x) => x.name === n);
      row.push(s.load[n], m?.value, m?.target, m?.utilization, m?.proposal);
    }
    row.push(s.limitedBy, s.reason);
    return row.map(csvCell).join(',');
  });
  return `${[header.join(','), ...rows].join('\n')}\n`;
}

function arg(s: SimulationStep, key: string): string {
  const v = s.reasonArgs?.[key];
  return v === undefined ? '?' : String(v);
}

/** The decision of one sync as an English sentence for the terminal. */
export function reasonInWords(s: SimulationStep): string {
  switch (s.reason) {
    case 'scalingDisabled':
      return 'target at 0 replicas: autoscaling is disabled';
    case 'aboveMax':
      return `above maxReplicas: set to ${s.desiredReplicas} without reading metrics`;
    case 'belowMin':
      return `below minReplicas: set to ${s.desiredReplicas} without reading metrics`;
    case 'noMetrics':
      return `no usable metric (${arg(s, 'failedMetric')}): replicas kept`;
    case 'invalidMetricsBlockScaleDown':
      return `metric ${arg(s, 'failedMetric')} failed: no scale-down while a metric is missing`;
    case 'withinTolerance':
      return 'within tolerance: no change';
    case 'heldByScaleUpWindow':
      return `scale-up stabilization window (${arg(s, 'window')} s) holds ${s.stabilizedReplicas}`;
    case 'heldByScaleDownWindow':
      return `scale-down stabilization window (${arg(s, 'window')} s) holds ${s.stabilizedReplicas}`;
    case 'limitedByScaleUpPolicy':
      return `scale-up policy limits the step to ${s.desiredReplicas}`;
    case 'limitedByScaleDownPolicy':
      return `scale-down policy limits the step to ${s.desiredReplicas}`;
    case 'scaleUpDisabled':
      return 'scale-up is disabled (selectPolicy: Disabled)';
    case 'scaleDownDisabled':
      return 'scale-down is disabled (selectPolicy: Disabled)';
    case 'clampedToMax':
      return `clamped to maxReplicas ${arg(s, 'max')}`;
    case 'clampedToMin':
      return `clamped to minReplicas ${arg(s, 'min')}`;
    case 'legacyScaleUpLimit':
      return `no behavior: at most max(2 x current, 4) = ${s.desiredReplicas}`;
    case 'scaledUp':
      return `scale up to ${s.desiredReplicas}`;
    case 'scaledDown':
      return `scale down to ${s.desiredReplicas}`;
    case 'steady':
      return 'no change';
  }
}

function clock(t: number): string {
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

function pad(rows: string[][]): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** A table readable in a terminal: one row per sync. */
export function toTable(
  result: SimulationResult,
  resourceOf: (metric: string) => string | undefined,
): string {
  const rows: string[][] = [['t', 'load', 'utilization', 'proposal', 'replicas', 'ready', 'decision']];
  for (const s of result.steps) {
    const load = Object.entries(s.load)
      .map(([name, v]) => `${name}=${formatMilli(v, resourceOf(name))}`)
      .join(' ');
    const util = s.metrics
      .map((m) => {
        if (m.utilization !== undefined) return `${m.utilization}%/${m.target}%`;
        if (!Number.isFinite(m.value)) return `${m.name}: n/a`;
        return `${formatMilli(m.value, resourceOf(m.name))}/${formatMilli(m.target, resourceOf(m.name))}`;
      })
      .join(' ');
    const replicas =
      s.desiredReplicas === s.replicas ? String(s.replicas) : `${s.replicas}->${s.desiredReplicas}`;
    rows.push([
      clock(s.t),
      load,
      util,
      s.proposedReplicas === null ? '-' : String(s.proposedReplicas),
      replicas,
      String(s.readyReplicas),
      reasonInWords(s),
    ]);
  }
  return `HPA ${result.hpa}, one sync every ${result.syncPeriodSeconds} s\n${pad(rows)}\n`;
}
