/**
 * One worker thread of `hpa-lint` (bundled as dist/lintWorker.js; started by parallelLint.ts).
 * Lints each set of files it is sent against an index of that set alone, reports the findings and,
 * for batches, the object keys each file's objects declare or scale (see fileGroups.ts), then drops
 * the set's parses: memory follows the largest set, not the repository.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FileModel } from '../yaml/documents';
import { locate } from '../lint/findingsOutput';
import { lintFile } from '../lint/lint';
import { setLocale } from '../localize';
import { scaleTargetOf } from '../workspace/scaleTarget';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import type { FromWorker, LintReply, LintRequest, WorkerSetup } from './lintWorkerProtocol';

const setup = workerData as WorkerSetup;
setLocale(setup.locale);

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

function lint(request: LintRequest): LintReply {
  const files: LintReply['files'] = [];
  for (const set of request.sets) {
    const index = new WorkspaceIndex();
    const models = set.map(({ id, uri, text }) => {
      const model = new FileModel(uri, text, undefined);
      index.setFile(model);
      return { id, model };
    });
    for (const { id, model } of models) {
      const own = lintFile(model, index, setup.settings).filter((f) => f.uri === model.uri);
      files.push({
        id,
        keys: request.withKeys ? relationKeys(index, model.uri) : [],
        diagnostics: locate(model, own),
      });
    }
  }
  return { type: 'linted', files };
}

function reply(message: FromWorker): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (message: LintRequest) => {
  try {
    reply(lint(message));
  } catch (error) {
    reply({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
