/**
 * One worker thread of `hpa-lint` (bundled as dist/lintWorker.js; started by parallelLint.ts).
 *
 * Scan: parses its share of the files and reports, per file, the object keys the rules can look up
 * (see fileGroups.ts). It keeps those parses, up to a budget of source text, for the lint.
 * Lint: for each group of related files, builds an index of just that group, lints its files, and
 * drops the group's parses, so memory follows the largest group rather than the repository.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FileModel } from '../yaml/documents';
import { locate } from '../lint/findingsOutput';
import { lintFile } from '../lint/lint';
import { setLocale } from '../localize';
import { objectsOfFile } from '../workspace/objects';
import { scaleTargetOf } from '../workspace/scaleTarget';
import { WorkspaceIndex } from '../workspace/workspaceIndex';
import type {
  FromWorker,
  LintReply,
  LintRequest,
  ScanReply,
  ScanRequest,
  ToWorker,
  WorkerSetup,
} from './lintWorkerProtocol';

const setup = workerData as WorkerSetup;
setLocale(setup.locale);

/** Texts of the files this worker scanned, and the parses it kept within the budget. */
const texts = new Map<number, string>();
const kept = new Map<number, FileModel>();
let keptText = 0;

function key(kind: string, namespace: string, name: string): string {
  return `${kind}\u0000${namespace}\u0000${name}`;
}

/** The keys by which a rule may look up this file's objects, or be looked up from them (fileGroups.ts). */
function relationKeys(file: FileModel): string[] {
  const keys = new Set<string>();
  for (const object of objectsOfFile(file)) {
    if (object.name !== undefined) keys.add(key(object.kind, object.namespace, object.name));
    if (object.scales) keys.add(key(object.scales.kind, object.namespace, object.scales.name));
    const ref = scaleTargetOf(object);
    if (ref) keys.add(key(ref.kind, ref.namespace, ref.name));
  }
  return [...keys];
}

function scan(request: ScanRequest): ScanReply {
  const files: ScanReply['files'] = [];
  for (const { id, uri, text } of request.files) {
    texts.set(id, text);
    const model = new FileModel(uri, text, undefined);
    files.push({ id, keys: relationKeys(model) });
    if (keptText + text.length <= setup.keptTextBudget) {
      kept.set(id, model);
      keptText += text.length;
    }
  }
  return { type: 'scanned', files };
}

function lint(request: LintRequest): LintReply {
  const files: LintReply['files'] = [];
  for (const group of request.groups) {
    const index = new WorkspaceIndex();
    const models = group.map(({ id, uri, text }) => {
      const model = kept.get(id) ?? new FileModel(uri, text ?? texts.get(id) ?? '', undefined);
      index.setFile(model);
      return { id, model };
    });
    for (const { id, model } of models) {
      const own = lintFile(model, index, setup.settings).filter((f) => f.uri === model.uri);
      files.push({ id, diagnostics: locate(model, own) });
      kept.delete(id);
      texts.delete(id);
    }
  }
  return { type: 'linted', files };
}

function reply(message: FromWorker): void {
  parentPort?.postMessage(message);
}

parentPort?.on('message', (message: ToWorker) => {
  try {
    reply(message.type === 'scan' ? scan(message) : lint(message));
  } catch (error) {
    reply({
      type: 'failed',
      message: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
