/** The hpa/behaviorEdit request: the preview's "Apply", answered with edits/behaviorEdit.ts. */
import { type Connection, LSPErrorCodes, ResponseError } from 'vscode-languageserver';
import { BehaviorEditRequest } from '../../../common/protocol';
import { behaviorEdit, BehaviorEditRefused } from '../edits/behaviorEdit';
import type { FileModel } from '../yaml/documents';
import { onCustomRequest } from './customRequests';

/** Registers hpa/behaviorEdit; `indexedFile` gives the file as the index holds it, up to date. */
export function registerBehaviorEdit(
  connection: Connection,
  indexedFile: (uri: string) => FileModel | undefined,
): void {
  onCustomRequest(connection, BehaviorEditRequest, ({ uri, documentIndex, behavior }) => {
    const file = indexedFile(uri);
    try {
      return file ? behaviorEdit(file, documentIndex, behavior) : null;
    } catch (error) {
      // The client shows the message after "The behavior could not be written: ".
      if (error instanceof BehaviorEditRefused)
        throw new ResponseError(LSPErrorCodes.RequestFailed, error.message);
      throw error;
    }
  });
}
