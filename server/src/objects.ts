/**
 * Kubernetes objects found in the workspace's YAML: what the rules and the preview look up.
 */
import { isMap } from 'yaml';
import type { FileDocument, FileModel } from './documents';
import { YamlView } from './yamlView';

export const DEFAULT_NAMESPACE = 'default';

export interface K8sObject {
  uri: string;
  /** Index of the document in its file. */
  documentIndex: number;
  /** Offset of the document in its file. */
  offset: number;
  apiVersion: string | undefined;
  kind: string;
  name: string | undefined;
  /** metadata.namespace, or "default" when it is not set. */
  namespace: string;
  /** The whole object, for reading fields with their positions. */
  root: YamlView;
  fileDocument: FileDocument;
}

/** The objects a file declares, in document order. Parses only the documents rules read. */
export function objectsOfFile(file: FileModel): K8sObject[] {
  const out: K8sObject[] = [];
  for (const doc of file.documents) {
    const object = objectOfDocument(file.uri, doc);
    if (object) out.push(object);
  }
  return out;
}

export function objectOfDocument(uri: string, doc: FileDocument): K8sObject | undefined {
  if (!doc.model.relevant) return undefined;
  const contents = doc.model.parsed.contents;
  if (!isMap(contents)) return undefined;
  const root = YamlView.root(contents, doc.offset);
  const kind = root.get('kind').string;
  if (kind === undefined) return undefined;
  const metadata = root.get('metadata');
  const namespace = metadata.get('namespace').string;
  return {
    uri,
    documentIndex: doc.index,
    offset: doc.offset,
    apiVersion: root.get('apiVersion').string,
    kind,
    name: stringish(metadata.get('name').value),
    namespace: namespace && namespace.length > 0 ? namespace : DEFAULT_NAMESPACE,
    root,
    fileDocument: doc,
  };
}

function stringish(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** The group part of an apiVersion (`apps/v1` -> `apps`, `v1` -> ''). */
export function apiGroup(apiVersion: string | undefined): string | undefined {
  if (apiVersion === undefined) return undefined;
  const slash = apiVersion.indexOf('/');
  return slash === -1 ? '' : apiVersion.slice(0, slash);
}
