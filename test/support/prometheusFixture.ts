/**
 * A deterministic cluster history as OpenMetrics text, for `promtool tsdb create-blocks-from
 * openmetrics`: what cAdvisor and kube-state-metrics would have exported for a Deployment `web`
 * (3 Pods) and its HPA `web` in namespace `shop`, scraped every 15 s. Series the default queries
 * must leave out are there too (the Pod-level cgroup series `container=""`, the pause container
 * `container="POD"`, and the Pods of Deployment `web-api`), so counting them would show.
 * Timestamps are in seconds (OpenMetrics), the file ends with `# EOF`.
 */

export const NAMESPACE = 'shop';
/** 2026-01-01T00:00:00Z: in the past, so Prometheus serves it from the blocks as written. */
export const T0 = 1_767_225_600;
export const SCRAPE_SECONDS = 15;
export const WEB_PODS = ['web-7d9f8c6b5-x2k4q', 'web-7d9f8c6b5-b8z5n', 'web-7d9f8c6b5-m4p7r'];
/** Another Deployment whose name starts with `web-`: its Pods must not match `web`'s pattern. */
export const DECOY_POD = 'web-api-6c8d7f9b4-q2w5z';
export const MEMORY_PER_POD_BYTES = 300 * 1024 * 1024;

export interface FixtureShape {
  durationSeconds: number;
  /** Total cpu demand of `web` in cores at t seconds after T0. */
  cpuCores(t: number): number;
  /** kube-state-metrics' current replicas of HPA web at t. */
  currentReplicas(t: number): number;
  /** Spans [from, to) of t with no cpu samples (a scrape outage). */
  cpuGaps: { from: number; to: number }[];
  /** Whether to export the queue gauges (two series, one of them NaN for a while). */
  queues: boolean;
}

/** The history the integration tests use: 6 hours with a surge, a scale-up and a scrape outage. */
export const SIX_HOURS: FixtureShape = {
  durationSeconds: 6 * 3600,
  cpuCores: (t) => (t < 3600 ? 0.9 : t < 7200 ? 3.6 : 1.8),
  currentReplicas: (t) => (t < 3900 ? 3 : t < 7800 ? 6 : 5),
  cpuGaps: [{ from: 4 * 3600, to: 4 * 3600 + 20 * 60 }],
  queues: true,
};

/** A week with a daily cycle, for the 7-day measurement. */
export const SEVEN_DAYS: FixtureShape = {
  durationSeconds: 7 * 86400,
  cpuCores: (t) => Math.round((1.2 + Math.sin((t / 86400) * 2 * Math.PI) * 0.9) * 100) / 100,
  currentReplicas: (t) => 3 + Math.round(Math.sin((t / 86400) * 2 * Math.PI) * 2 + 1),
  cpuGaps: [],
  queues: false,
};

export function inGap(shape: FixtureShape, t: number): boolean {
  return shape.cpuGaps.some((g) => t >= g.from && t < g.to);
}

/** Scrape times, seconds after T0. */
export function scrapeTimes(shape: FixtureShape): number[] {
  const out: number[] = [];
  for (let t = 0; t < shape.durationSeconds; t += SCRAPE_SECONDS) out.push(t);
  return out;
}

/** One family's lines, series after series (promtool wants each series' samples in time order). */
function family(
  name: string,
  series: { labels: string; value: (t: number) => number | null }[],
  times: number[],
): string[] {
  const lines = [`# TYPE ${name} gauge`];
  for (const s of series) {
    for (const t of times) {
      const v = s.value(t);
      if (v === null) continue;
      lines.push(`${name}{${s.labels}} ${Number.isNaN(v) ? 'NaN' : v} ${T0 + t}`);
    }
  }
  return lines;
}

/** A counter that grows at `rate(t)` per second, integrated over the scrape interval. */
function counter(rate: (t: number) => number): (t: number) => number {
  const at = new Map<number, number>();
  let total = 0;
  let last = 0;
  return (t) => {
    const known = at.get(t);
    if (known !== undefined) return known;
    for (let u = last; u < t; u += SCRAPE_SECONDS) total += rate(u) * SCRAPE_SECONDS;
    last = Math.max(last, t);
    const v = Math.round(total * 1e6) / 1e6;
    at.set(t, v);
    return v;
  };
}

export function openMetrics(shape: FixtureShape): string {
  const times = scrapeTimes(shape);
  const perPod = (t: number) => shape.cpuCores(t) / WEB_PODS.length;
  const cpuSeries: { labels: string; value: (t: number) => number | null }[] = [];
  for (const pod of WEB_PODS) {
    const app = counter(perPod);
    const cgroup = counter((t) => perPod(t) + 0.002);
    const pause = counter(() => 0.002);
    const skipGap = (f: (t: number) => number) => (t: number) => {
      const v = f(t); // advance the counter through the outage: the container kept running
      return inGap(shape, t) ? null : v;
    };
    cpuSeries.push(
      { labels: `namespace="${NAMESPACE}",pod="${pod}",container="web"`, value: skipGap(app) },
      { labels: `namespace="${NAMESPACE}",pod="${pod}",container=""`, value: skipGap(cgroup) },
      { labels: `namespace="${NAMESPACE}",pod="${pod}",container="POD"`, value: skipGap(pause) },
    );
  }
  cpuSeries.push({
    labels: `namespace="${NAMESPACE}",pod="${DECOY_POD}",container="web"`,
    value: counter(() => 5),
  });
  const memory = [
    ...WEB_PODS.flatMap((pod) => [
      { labels: `namespace="${NAMESPACE}",pod="${pod}",container="web"`, value: () => MEMORY_PER_POD_BYTES },
      {
        labels: `namespace="${NAMESPACE}",pod="${pod}",container=""`,
        value: () => MEMORY_PER_POD_BYTES + 1048576,
      },
      { labels: `namespace="${NAMESPACE}",pod="${pod}",container="POD"`, value: () => 1048576 },
    ]),
    { labels: `namespace="${NAMESPACE}",pod="${DECOY_POD}",container="web"`, value: () => 4 * 1024 ** 3 },
  ];
  const hpa = `namespace="${NAMESPACE}",horizontalpodautoscaler="web"`;
  const lines = [
    ...family('container_cpu_usage_seconds_total', cpuSeries, times),
    ...family('container_memory_working_set_bytes', memory, times),
    ...family(
      'kube_horizontalpodautoscaler_status_current_replicas',
      [{ labels: hpa, value: shape.currentReplicas }],
      times,
    ),
    ...family(
      'kube_horizontalpodautoscaler_status_desired_replicas',
      [{ labels: hpa, value: shape.currentReplicas }],
      times,
    ),
  ];
  if (shape.queues) {
    lines.push(
      ...family(
        'web_queue_depth',
        [
          {
            labels: `namespace="${NAMESPACE}",queue="orders"`,
            value: (t) => (t >= 5 * 3600 && t < 5 * 3600 + 600 ? NaN : 40),
          },
          { labels: `namespace="${NAMESPACE}",queue="payments"`, value: () => 7 },
        ],
        times,
      ),
    );
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}
