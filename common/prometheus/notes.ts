/**
 * What a backtest fetch tells the user, as data: the CLI words it in English, the preview in the
 * user's language (messages.ts), from the same fields.
 */
export type BacktestNote =
  /** The step was made coarser so the range fits the simulation. */
  | { kind: 'coarsened'; from: number; to: number; points: number; max: number }
  /** The range was fetched in several requests per query (Prometheus' 11,000-point limit). */
  | { kind: 'split'; points: number; limit: number; requests: number }
  /** Steps without a value: a missing metric there. */
  | { kind: 'gaps'; metric: string; missing: number; total: number; minutes: number }
  /** Samples that were NaN or infinite. */
  | { kind: 'nonFinite'; metric: string; count: number }
  /** kube-state-metrics had no replica series: no comparison. */
  | { kind: 'noActual' };

export function noteInEnglish(note: BacktestNote): string {
  switch (note.kind) {
    case 'coarsened':
      return `the step was coarsened from ${note.from} s to ${note.to} s: ${note.points} points would exceed the ${note.max} the simulation runs`;
    case 'split':
      return `${note.points} points per series exceed Prometheus' ${note.limit} per request: fetched in ${note.requests} requests per query`;
    case 'gaps':
      return `${note.metric}: no value at ${note.missing} of ${note.total} steps (${note.minutes} min); the simulation treats the metric as missing there, as the controller would`;
    case 'nonFinite':
      return `${note.metric}: ${note.count} values were NaN or infinite and count as missing`;
    case 'noActual':
      return 'kube-state-metrics has no replica series for this HPA in this range: no comparison with reality';
  }
}
