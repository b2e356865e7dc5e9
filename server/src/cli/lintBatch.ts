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
import { scaleTargetOf } from '../workspace/scaleTarget';
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
  }
  return [...keys];
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
        diagnostics: locate(model, own),
      });
    }
  }
  return { type: 'linted', files };
}
