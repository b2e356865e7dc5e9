/**
 * "Apply" of a suggested behavior: the server computes the one minimal edit (hpa/behaviorEdit) and
 * the host applies it as one WorkspaceEdit, so it is one undo step in the editor and the preview
 * follows the changed text as after any other edit.
 */
import * as vscode from 'vscode';
import type { HPABehavior } from '../../../common/engine/types';
import { BehaviorEditRequest } from '../../../common/protocol';
import { t } from '../localize';
import type { ServerLink } from '../serverLink';

/** Writes the block; says why in a message when it cannot. Resolves to whether the file changed. */
export async function applyBehavior(
  server: ServerLink,
  uri: string,
  documentIndex: number,
  behavior: HPABehavior,
): Promise<boolean> {
  const target = vscode.Uri.parse(uri);
  try {
    // The server answers from the text it holds: make sure it holds the file.
    await vscode.workspace.openTextDocument(target);
    const edit = await server.request(BehaviorEditRequest, { uri, documentIndex, behavior });
    if (!edit) {
      void vscode.window.showErrorMessage(t('apply.noBlockSpec'));
      return false;
    }
    const workspaceEdit = new vscode.WorkspaceEdit();
    const { start, end } = edit.range;
    workspaceEdit.replace(
      target,
      new vscode.Range(start.line, start.character, end.line, end.character),
      edit.newText,
    );
    return await vscode.workspace.applyEdit(workspaceEdit);
  } catch (err) {
    void vscode.window.showErrorMessage(
      t('apply.failed', { error: err instanceof Error ? err.message : String(err) }),
    );
    return false;
  }
}
