/**
 * The notes `hpa-lint simulate` and `hpa-lint tune` print before their results, in the run's
 * language: one text per fact, so the two subcommands say the same thing the same way.
 */
import { formatMilli, type AssumedRequest, type RequestAssumption } from '../../../common/engine';
import type { LoadCsv } from '../../../common/preview/csv';
import { containersLacking } from '../../../common/k8s/podRequests';
import { listOf, t } from '../localize';
import type { ManifestHpa } from './simulateManifest';

/** What a load file leaves out or adds: columns of no metric, and metrics with no column (`fallback` loads them). */
export function loadFileNotes(
  file: string,
  csv: LoadCsv,
  metricNames: readonly string[],
  fallback: string,
): string[] {
  const notes: string[] = [];
  if (csv.ignoredColumns.length > 0)
    notes.push(
      t('{file}: columns ignored (no metric of this HPA is named so): {columns}', {
        file,
        columns: listOf(csv.ignoredColumns),
      }),
    );
  const missing = metricNames.filter((n) => !csv.loads.some((l) => l.metric === n));
  if (missing.length > 0)
    notes.push(
      t('{file} has no column for {metrics}; the "{profile}" profile is used there', {
        file,
        metrics: listOf(missing),
        profile: fallback,
      }),
    );
  return notes;
}

/** "cpu 500m, memory 1Gi": the assumed requests in the quantities a manifest would write. */
function requestValues(assumed: readonly AssumedRequest[]): string {
  const seen = new Map<string, number>();
  for (const a of assumed) seen.set(a.resource, a.milli);
  return listOf([...seen].map(([resource, milli]) => `${resource} ${formatMilli(milli, resource)}`));
}

/**
 * What a run does about the requests its Utilization metrics need. A target known to lack one is
 * simulated as the controller handles it (that metric fails: FailedGetResourceMetric); the notes say
 * what follows for this HPA (no scaling at all, or no scale-down while it fails) and how to ask the
 * what-if. An assumption (the user's --assume-request, or a target not in the file) is stated with
 * its values.
 */
export function requestNotes(
  manifest: ManifestHpa,
  assumption: RequestAssumption,
  metricCount: number,
): string[] {
  const notes: string[] = [];
  const target = manifest.target;
  if (!target) {
    if (assumption.assumed.length > 0)
      notes.push(
        t(
          'the scale target is not in this file, so its requests are unknown: the simulation assumes {values} per Pod (--assume-request sets others)',
          { values: requestValues(assumption.assumed) },
        ),
      );
    return notes;
  }
  const subject = (what: string): { resource: string; text: string } => {
    const [container, resource = what] = what.includes('/') ? what.split('/') : [undefined, what];
    const lacking = manifest.pod ? containersLacking(manifest.pod, resource, container) : [];
    const names = listOf(lacking.map((c) => `"${c.name}"`));
    const args = { kind: target.kind, name: target.name, resource, containers: names };
    const text =
      names === ''
        ? t('{kind} {name} sets no {resource} request', args)
        : t('{kind} {name} has no {resource} request in container {containers}', args);
    return { resource, text };
  };
  const alone = assumption.uncomputable.length >= metricCount;
  for (const what of assumption.uncomputable) {
    const { resource, text } = subject(what);
    const reason = what.includes('/') ? 'FailedGetContainerResourceMetric' : 'FailedGetResourceMetric';
    notes.push(
      alone
        ? t(
            '{subject}: the controller cannot compute {resource} utilization ({reason}), so this HPA does not scale at all; --assume-request {resource}=QUANTITY simulates a request',
            { subject: text, resource, reason },
          )
        : t(
            '{subject}: the controller cannot compute {resource} utilization ({reason}), so this HPA scales on its other metrics only and never scales down while this one fails; --assume-request {resource}=QUANTITY simulates a request',
            { subject: text, resource, reason },
          ),
    );
  }
  for (const a of assumption.assumed) {
    const { text } = subject(a.what);
    notes.push(
      t(
        '{subject}: what-if asked with --assume-request, the simulation assumes a {resource} request of {value} that the cluster would not have',
        { subject: text, resource: a.resource, value: formatMilli(a.milli, a.resource) },
      ),
    );
  }
  return notes;
}

/** A note as printed on standard error. */
export function noteLine(note: string): string {
  return `hpa-lint: ${t('note: {note}', { note })}\n`;
}

/** Seconds as --duration takes them: `2h`, `90m`, `7210s` (the same in every language). */
export function durationWord(seconds: number): string {
  if (seconds > 0 && seconds % 3600 === 0) return `${seconds / 3600}h`;
  if (seconds > 0 && seconds % 60 === 0) return `${seconds / 60}m`;
  return `${seconds}s`;
}

/**
 * How long a run over a recorded load lasts: the recording's own span unless --duration says
 * otherwise; a longer run states what it assumes past the end, a shorter one what it leaves out.
 */
export function recordedSpan(
  file: string,
  spanSeconds: number | null,
  asked: number | undefined,
  fallback: number,
): { durationSeconds: number; notes: string[] } {
  if (spanSeconds === null || spanSeconds <= 0) return { durationSeconds: asked ?? fallback, notes: [] };
  if (asked === undefined) return { durationSeconds: spanSeconds, notes: [] };
  const args = { file, span: durationWord(spanSeconds), duration: durationWord(asked) };
  if (asked > spanSeconds)
    return {
      durationSeconds: asked,
      notes: [
        t(
          '{file} covers {span}; the run lasts {duration}, and past the end of the file each metric keeps its last recorded value',
          args,
        ),
      ],
    };
  if (asked < spanSeconds)
    return {
      durationSeconds: asked,
      notes: [t('{file} covers {span}; --duration {duration} runs only its first {duration}', args)],
    };
  return { durationSeconds: asked, notes: [] };
}
