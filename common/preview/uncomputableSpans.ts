/**
 * Where a run could not compute a metric because the target lacks its request (the controller's
 * FailedGetResourceMetric): the time spans the chart shades, so a flat replica line reads as "the
 * HPA had nothing to scale on" rather than "the load never needed more Pods".
 */

/** An entry of `PreviewRun.uncomputable` (`cpu`, or `app/cpu` for ContainerResource) split up. */
export function uncomputableParts(what: string): { metric: string; resource: string } {
  // The chart keys a ContainerResource metric by its resource name, as metricDisplayName does.
  const resource = what.slice(what.lastIndexOf('/') + 1);
  return { metric: resource, resource };
}

/**
 * The spans [from, to) in seconds, over the syncs `indices` (ascending, as the chart draws them),
 * in which the metric had no value. Each sync holds until the next one, the last for `syncSeconds`.
 */
export function uncomputableSpans(
  t: Float64Array,
  percent: Float64Array | undefined,
  indices: readonly number[],
  syncSeconds: number,
): { from: number; to: number }[] {
  const spans: { from: number; to: number }[] = [];
  let open: { from: number; to: number } | null = null;
  for (const i of indices) {
    const v = percent?.[i];
    const missing = v === undefined || Number.isNaN(v);
    if (!missing) {
      open = null;
      continue;
    }
    const end = i + 1 < t.length ? t[i + 1]! : t[i]! + syncSeconds;
    if (open) open.to = end;
    else spans.push((open = { from: t[i]!, to: end }));
  }
  return spans;
}
