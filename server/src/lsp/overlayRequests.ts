/**
 * What the client tells the server about kustomize overlays: that the user trusted the workspace
 * (hpa/workspaceTrust), after which overlays render. Kept apart from service.ts, which only
 * registers these handlers.
 */
import type { Connection } from 'vscode-languageserver';
import { WorkspaceTrustNotification } from '../../../common/protocol';
import { onCustomNotification } from './customRequests';

/** `trustChanged` gets the user's grant (anything but `true` counts as no trust). */
export function registerOverlayHandlers(
  connection: Connection,
  trustChanged: (trusted: boolean) => void,
): void {
  onCustomNotification(connection, WorkspaceTrustNotification, ({ trusted }) => {
    trustChanged(trusted === true);
  });
}
