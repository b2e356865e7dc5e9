/**
 * What the extension host asks the server about the preview: the model of the HPA at a line
 * (hpa/previewModel), the HPAs of a document (hpa/documentHpas, behind the editor-title button) and
 * the "Preview scaling" CodeLens above each of them. All three read the FileModel the server keeps
 * current, so the client needs no YAML parser of its own.
 */
import type { CodeLens, Connection, ServerCapabilities } from 'vscode-languageserver';
import {
  DocumentHpasRequest,
  type DocumentHpa,
  OPEN_PREVIEW_TO_SIDE_COMMAND,
  type PreviewModel,
  type PreviewModelParams,
  PreviewModelRequest,
} from '../../../common/protocol';
import { t } from '../localize';
import type { HpaSettings } from '../settings';
import type { FileModel } from '../yaml/documents';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { onCustomRequest } from './customRequests';
import { documentHpas, previewModelAt } from '../preview/previewModel';

/** The capability the CodeLens needs in the `initialize` answer. */
export const PREVIEW_CAPABILITIES: Pick<ServerCapabilities, 'codeLensProvider'> = {
  codeLensProvider: { resolveProvider: false },
};

/** One lens per HPA, on the line its document starts, running the open-to-the-side command. */
export function previewCodeLenses(uri: string, hpas: readonly DocumentHpa[]): CodeLens[] {
  return hpas.map((hpa) => ({
    range: { start: { line: hpa.line, character: 0 }, end: { line: hpa.line, character: 0 } },
    command: {
      title: t('Preview scaling'),
      tooltip: hpa.name
        ? t('Open the scaling preview of {name} to the side', { name: hpa.name })
        : t('Open the scaling preview to the side'),
      command: OPEN_PREVIEW_TO_SIDE_COMMAND,
      arguments: [uri, hpa.line],
    },
  }));
}

/**
 * Registers the three handlers. `indexedFile` gives the file as the index holds it, brought up to
 * date first when an edit is still pending; `settings` are the user's rule settings, so the model's
 * problems are the errors Problems shows.
 */
export function registerPreviewRequests(
  connection: Connection,
  workspace: WorkspaceIndex,
  indexedFile: (uri: string) => FileModel | undefined,
  /** The settings a file is linted with (its .hpa-lint.yaml and release included). */
  settings?: (uri: string) => HpaSettings,
  /** Adds what the file alone cannot say (the kustomize overlays that include it). */
  extendModel: (model: PreviewModel, params: PreviewModelParams) => PreviewModel = (model) => model,
): void {
  const hpasOf = (uri: string): DocumentHpa[] => {
    const file = indexedFile(uri);
    return file ? documentHpas(file, workspace) : [];
  };
  onCustomRequest(connection, PreviewModelRequest, (params) => {
    const file = indexedFile(params.uri);
    const model = file ? previewModelAt(file, workspace, params.line, settings?.(params.uri)) : null;
    return model && extendModel(model, params);
  });
  onCustomRequest(connection, DocumentHpasRequest, ({ uri }) => hpasOf(uri));
  connection.onCodeLens(({ textDocument }) => previewCodeLenses(textDocument.uri, hpasOf(textDocument.uri)));
}
