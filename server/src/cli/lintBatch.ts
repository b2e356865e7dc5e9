/**
 * What a thread of a parallel `hpa-lint` run does with one request (lintWorkerProtocol.ts): lints
 * each set of files against an index of that set alone, reports the findings and, for batches, the
 * object keys each file's objects declare or scale (see fileGroups.ts), then drops the set's parses,
 * so memory follows the largest set, not the repository. The worker threads (lintWorker.ts) and the
 * main thread (parallelLint.ts) both run it.
 */
import { FileModel } from '../yaml/documents';
import { locate } from '../lint/findingsOutput';
import { lintFile } from '../lint/lint';
import type { HpaSettings } from '../settings';
import type { K8sObject } from '../workspace/objects';
import { podLabelsOf, scaleSelectorOf } from '../workspace/podLabels';
import { isWorkload } from '../workspace/podTemplate';
import { scaleTargetOf } from '../workspace/scaleTarget';
import { PASSIVE } from './fileGroups';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import type { LintReply, LintRequest } from './lintWorkerProtocol';

/**
 * The index keeps objects in buckets by kind and name and compares namespace and API group on
 * lookup (either may be a wildcard), so the key is the bucket's: files are grouped whenever a
 * lookup could reach across them, even where namespaces would then not match.
 */
function key(kind: string, name: string): string {
  return `${kind}\u0000${name}`;
}

/** The keys by which a rule may look up this file's objects, or be looked up from them (fileGroups.ts). */
function relationKeys(index: WorkspaceIndex, uri: string): string[] {
  const keys = new Set<string>();
  for (const object of index.objectsIn(uri)) {
    if (object.name !== undefined) keys.add(key(object.kind, object.name));
    if (object.scales) keys.add(key(object.scales.kind, object.scales.name));
    const ref = scaleTargetOf(object);
    if (ref) keys.add(key(ref.kind, ref.name));
    for (const k of selectorKeys(object)) keys.add(k);
  }
  return [...keys];
}

/**
 * The keys that join a scale target's file to the files of its folder whose Pods its selector may
 * match (selector-overlap): the selector holds one that any matching Pod's labels give passively.
 */
function selectorKeys(object: K8sObject): string[] {
  const folder = object.uri.slice(0, object.uri.lastIndexOf('/') + 1);
  const out: string[] = [];
  const labels = podLabelsOf(object);
  if (labels !== undefined) {
    out.push(`${PASSIVE}${folder}\u0000*`);
    for (const [name, value] of Object.entries(labels))
      out.push(`${PASSIVE}${folder}\u0000${name}`, `${PASSIVE}${folder}\u0000${name}=${value}`);
  }
  const selector = isWorkload(object) ? scaleSelectorOf(object) : undefined;
  if (selector) {
    // One requirement a matching Pod meets by holding a label: a value of an `In`, else an `Exists`.
    const held =
      selector.requirements.find((r) => r.operator === 'In') ??
      selector.requirements.find((r) => r.operator === 'Exists');
    if (held?.operator === 'In') for (const v of held.values) out.push(`${folder}\u0000${held.key}=${v}`);
    else if (held) out.push(`${folder}\u0000${held.key}`);
    else out.push(`${folder}\u0000*`);
  }
  return out;
}

export function lintBatch(request: LintRequest, settings: HpaSettings): LintReply {
  const files: LintReply['files'] = [];
  for (const set of request.sets) {
    const index = new WorkspaceIndex();
    const models = set.map(({ id, uri, text }) => {
      const model = new FileModel(uri, text, undefined);
      index.setFile(model);
      return { id, model };
    });
    for (const { id, model } of models) {
      const own = lintFile(model, index, settings).filter((f) => f.uri === model.uri);
      files.push({
        id,
        keys: request.withKeys ? relationKeys(index, model.uri) : [],
        diagnostics: locate(model, own, (uri) => index.getFile(uri)),
      });
    }
  }
  return { type: 'linted', files };
}
