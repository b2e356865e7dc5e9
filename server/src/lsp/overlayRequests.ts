/**
 * What the client tells the server about kustomize overlays: that the user trusted the workspace
 * (hpa/workspaceTrust), after which overlays render. Kept apart from service.ts, which only
 * registers these handlers.
 */
import type { Connection } from 'vscode-languageserver';
import { WorkspaceTrustNotification } from '../../../common/protocol';
import type { OverlayService } from '../overlays/overlayService';
import { onCustomNotification } from './customRequests';

/** `overlays` is created at `initialize`, so it is looked up when a message arrives. */
export function registerOverlayHandlers(
  connection: Connection,
  overlays: () => OverlayService | undefined,
): void {
  onCustomNotification(connection, WorkspaceTrustNotification, ({ trusted }) => {
    overlays()?.setTrusted(trusted === true);
  });
}
