/**
 * The overlay checks in one call, for `hpa-lint`: every renderable overlay rendered (two at a
 * time: kustomize is a short-lived process and the machine's cores are shared), linted, and what
 * the files did not already show returned.
 */
import { t } from '../localize';
import type { HpaSettings } from '../settings';
import type { Finding } from '../rules/types';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { type KustomizationFile, type KustomizeLayout, overlayInputDirs } from '../kustomize/layout';
import {
  involvesAutoscaler,
  newRenderedFindings,
  overlayFindings,
  overlayLabel,
  renderableOverlays,
  unavailableFinding,
} from './overlayChecks';
import { DEFAULT_RENDER_TIMEOUT_MS, findKustomizeCommand, renderOverlay } from './render';

const PARALLEL_RENDERS = 2;

/**
 * `settingsFor` gives each overlay its own settings: those of the `.hpa-lint.yaml` nearest to its
 * kustomization (envs/staging may be for 1.37 while envs/prod is for 1.35).
 */
export async function overlayCheckFindings(
  layout: KustomizeLayout,
  workspace: WorkspaceIndex,
  settingsFor: (overlay: KustomizationFile) => HpaSettings,
  direct: readonly Finding[],
  options: { command: string | undefined; cwd: string; timeoutMs?: number },
): Promise<Finding[]> {
  const overlays = renderableOverlays(layout).filter((overlay) =>
    involvesAutoscaler(overlayInputDirs(layout, overlay), workspace, layout.cwd),
  );
  if (overlays.length === 0) return [];
  const command = await findKustomizeCommand(options.command);
  if (!command) {
    const how = t(
      'install kubectl (or kustomize) on PATH, or pass --kustomize-command; --no-kustomize silences this',
    );
    return overlays.flatMap((overlay) => unavailableFinding(overlay, settingsFor(overlay), how));
  }
  const perOverlay: Finding[][] = new Array<Finding[]>(overlays.length);
  let next = 0;
  const worker = async () => {
    while (next < overlays.length) {
      const i = next++;
      const overlay = overlays[i]!;
      const result = await renderOverlay(
        command,
        overlay.dir,
        options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS,
      );
      perOverlay[i] = overlayFindings(
        overlay,
        result,
        layout,
        workspace,
        settingsFor(overlay),
        overlayLabel(overlay, options.cwd),
      );
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_RENDERS, overlays.length) }, worker));
  return newRenderedFindings(direct, perOverlay);
}
