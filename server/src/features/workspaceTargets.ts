/**
 * Resolves an HPA's scaleTargetRef through the server's workspace index (open documents and disk),
 * into the plain shape the hovers read. Same namespace only, as the controller does; a target in
 * the HPA's own file is preferred when the workspace declares it twice.
 */
import type { Document } from 'yaml';
import { DEFAULT_NAMESPACE } from '../workspace/objects';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import type { ResolvedTarget } from './context';
import { workloadContainers } from './context';
import { nodeAtPath, scalarNumber, scalarString } from './yamlFile';

export function workspaceTargetResolver(
  workspace: WorkspaceIndex,
): (uri: string, hpaDoc: Document.Parsed) => ResolvedTarget | undefined {
  return (uri, hpaDoc) => {
    const kind = scalarString(nodeAtPath(hpaDoc.value, ['spec', 'scaleTargetRef', 'kind']));
    const name = scalarString(nodeAtPath(hpaDoc.value, ['spec', 'scaleTargetRef', 'name']));
    if (!kind || !name) return undefined;
    const namespace = scalarString(nodeAtPath(hpaDoc.value, ['metadata', 'namespace'])) ?? DEFAULT_NAMESPACE;
    const found = workspace.find(kind, namespace, name);
    const object = found.find((o) => o.uri === uri) ?? found[0];
    if (!object) return undefined;
    const doc = object.fileDocument.model.parsed;
    const replicas = scalarNumber(nodeAtPath(doc.value, ['spec', 'replicas']));
    return {
      uri: object.uri,
      kind,
      name,
      ...(replicas !== undefined ? { replicas } : {}),
      containers: workloadContainers(doc),
    };
  };
}
