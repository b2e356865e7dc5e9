/**
 * What the features need from their surroundings, passed in so they stay pure and testable:
 * the user's locale, the client's abilities, and how to find the workload an HPA scales.
 */
import type { Document } from 'yaml';
import { isMap, isSeq } from '../yaml/yamlNodes';
import type { YamlFile } from './yamlFile';
import {
  docKind,
  docName,
  isHpaDoc,
  isWorkloadDoc,
  nodeAtPath,
  scalarNumber,
  scalarString,
} from './yamlFile';

export interface ResolvedContainer {
  name: string;
  /** Requests exactly as written (`250m`, `0.5`, `128Mi`), by resource name. */
  requests: Record<string, string>;
}

export interface ResolvedTarget {
  uri: string;
  kind: string;
  name: string;
  replicas?: number;
  containers: ResolvedContainer[];
}

export type ResolveTarget = (hpaDoc: Document.Parsed) => ResolvedTarget | undefined;

export interface FeatureContext {
  /** VS Code display language, e.g. `en`, `ja`, `zh-tw`. */
  locale: string;
  /** URI of the file being edited; used in edits and as the fallback target's location. */
  uri: string;
  /** Finds the HPA's target across the workspace; the same file is searched when it is absent or fails. */
  resolveTarget?: ResolveTarget;
  /** The client applies LSP 3.18 snippet edits in workspace edits (tab stops in quick fixes). */
  snippetEdits?: boolean;
  /** kube-controller-manager's --horizontal-pod-autoscaler-downscale-stabilization, default 300. */
  downscaleStabilizationSeconds?: number;
}

/** Reads containers and their requests from a workload document's Pod template. */
export function workloadContainers(doc: Document.Parsed): ResolvedContainer[] {
  const list = nodeAtPath(doc.value, ['spec', 'template', 'spec', 'containers']);
  if (!isSeq(list)) return [];
  return Array.from(list, (item) => {
    const requests: Record<string, string> = {};
    const req = nodeAtPath(item, ['resources', 'requests']);
    if (isMap(req)) {
      for (const pair of req.pairs()) {
        const key = scalarString(pair.key);
        const value = scalarString(pair.value);
        if (key !== undefined && value !== undefined) requests[key] = value;
      }
    }
    return { name: scalarString(nodeAtPath(item, ['name'])) ?? '', requests };
  });
}

/** The document of the workload an HPA names, when it is in the same file. */
export function targetDocumentInFile(file: YamlFile, hpaDoc: Document.Parsed): Document.Parsed | undefined {
  const kind = scalarString(nodeAtPath(hpaDoc.value, ['spec', 'scaleTargetRef', 'kind']));
  const name = scalarString(nodeAtPath(hpaDoc.value, ['spec', 'scaleTargetRef', 'name']));
  if (!kind || !name) return undefined;
  return file.docs.find((d) => isWorkloadDoc(d) && docKind(d) === kind && docName(d) === name);
}

/** HPAs of the same file whose scaleTargetRef names this workload. */
export function hpasTargetingInFile(file: YamlFile, workload: Document.Parsed): Document.Parsed[] {
  const kind = docKind(workload);
  const name = docName(workload);
  if (!kind || !name) return [];
  return file.docs.filter(
    (d) =>
      isHpaDoc(d) &&
      scalarString(nodeAtPath(d.value, ['spec', 'scaleTargetRef', 'kind'])) === kind &&
      scalarString(nodeAtPath(d.value, ['spec', 'scaleTargetRef', 'name'])) === name,
  );
}

/** The workload the HPA names, when it is in the same file. */
export function findTargetInFile(
  file: YamlFile,
  uri: string,
  hpaDoc: Document.Parsed,
): ResolvedTarget | undefined {
  const doc = targetDocumentInFile(file, hpaDoc);
  if (!doc) return undefined;
  const replicas = scalarNumber(nodeAtPath(doc.value, ['spec', 'replicas']));
  return {
    uri,
    kind: docKind(doc) ?? '',
    name: docName(doc) ?? '',
    ...(replicas !== undefined ? { replicas } : {}),
    containers: workloadContainers(doc),
  };
}

export function resolveTargetFor(
  file: YamlFile,
  hpaDoc: Document.Parsed,
  ctx: FeatureContext,
): ResolvedTarget | undefined {
  let resolved: ResolvedTarget | undefined;
  try {
    resolved = ctx.resolveTarget?.(hpaDoc);
  } catch {
    resolved = undefined; // a failing workspace index must not take the hover down with it
  }
  return resolved ?? findTargetInFile(file, ctx.uri, hpaDoc);
}
