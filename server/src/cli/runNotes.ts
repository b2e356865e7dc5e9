/**
 * The notes `hpa-lint simulate` and `hpa-lint tune` print before their results, in the run's
 * language: one text per fact, so the two subcommands say the same thing the same way.
 */
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

/**
 * Why requests are assumed: the target is elsewhere, or (as the controller would say) a counted
 * container has no request, so the controller cannot compute that utilization at all.
 */
export function assumedRequestNotes(manifest: ManifestHpa, assumed: string[]): string[] {
  const target = manifest.target;
  if (!target) {
    return [
      t(
        'the scale target is not in this file, so requests are assumed for {resources} (1 CPU / 1Gi per Pod)',
        {
          resources: listOf(assumed),
        },
      ),
    ];
  }
  return assumed.map((what) => {
    const [container, resource = what] = what.includes('/') ? what.split('/') : [undefined, what];
    const lacking = manifest.pod ? containersLacking(manifest.pod, resource, container) : [];
    const names = listOf(lacking.map((c) => `"${c.name}"`));
    const args = { kind: target.kind, name: target.name, resource, containers: names };
    if (container !== undefined)
      return t(
        '{kind} {name} has no {resource} request in container {containers}: the controller cannot compute {resource} utilization; the simulation assumes 1 CPU / 1Gi for this container',
        args,
      );
    return names === ''
      ? t(
          '{kind} {name} sets no {resource} request: the controller cannot compute {resource} utilization; the simulation assumes 1 CPU / 1Gi per Pod',
          args,
        )
      : t(
          '{kind} {name} has no {resource} request in container {containers}: the controller cannot compute {resource} utilization; the simulation assumes 1 CPU / 1Gi per Pod',
          args,
        );
  });
}

/** A note as printed on standard error. */
export function noteLine(note: string): string {
  return `hpa-lint: ${t('note: {note}', { note })}\n`;
}
