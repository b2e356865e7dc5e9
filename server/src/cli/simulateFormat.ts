/**
 * The output formats of `hpa-lint simulate`: json (the documented shape), csv and a terminal
 * table with the decision in words (the table in the run's language; json and csv are data and stay
 * in their documented English field names).
 */
import { formatMilli, type SimulationResult } from '../../../common/engine';
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
import { currentLocale, t } from '../localize';
import { padColumns } from './terminalTable';
import { timelineToCsv } from '../../../common/preview/csv';
import { describeDecision } from '../../../common/preview/reasons';

/**
 * The documented JSON shape: only these fields, in this order. A backtest adds `actual` per step
 * (the HPA's real replica count, null where unknown) and the `comparison`.
 */
export function toJson(
  result: SimulationResult,
  pod: PodJson,
  reality?: { actual: (number | null)[]; comparison: unknown },
): string {
  const steps = result.steps.map((s, i) => ({
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
    ...(reality ? { actual: reality.actual[i] ?? null } : {}),
  }));
  const head = { hpa: result.hpa, syncPeriodSeconds: result.syncPeriodSeconds, pod };
  const body = reality ? { ...head, comparison: reality.comparison, steps } : { ...head, steps };
  return `${JSON.stringify(body, null, 2)}\n`;
}

/**
 * The run as the preview exports a timeline (common/preview/csv.ts), so `--load` and the panel read
 * it back and replay the same run; with `actual`, a last column of what the HPA really did.
 */
export function toCsv(result: SimulationResult, actual?: (number | null)[]): string {
  const names = result.steps[0]?.metrics.map((m) => m.name) ?? [];
  return timelineToCsv([{ key: 'hpa', result }], names, actual);
}

function clock(t: number): string {
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const sec = t % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(sec).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/** A table readable in a terminal: one row per sync. */
export function toTable(
  result: SimulationResult,
  resourceOf: (metric: string) => string | undefined,
  bounds: { min: number; max: number },
): string {
  // The decision column says what the preview's decision log says (common/preview/reasons.ts).
  const locale = currentLocale();
  const rows: string[][] = [
    [t('t'), t('load'), t('utilization'), t('proposal'), t('replicas'), t('ready'), t('decision')],
  ];
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
      describeDecision(s, locale, bounds),
    ]);
  }
  const heading = t('HPA {name}, one sync every {seconds} s', {
    name: result.hpa,
    seconds: result.syncPeriodSeconds,
  });
  return `${heading}\n${padColumns(rows)}\n`;
}
