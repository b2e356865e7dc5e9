/**
 * The overlay checks both front ends run: render each overlay no other kustomization includes,
 * lint what it renders (renderedFindings.ts), and keep only what the files themselves did not
 * already show. A render failure is one finding on the kustomization with kustomize's message;
 * without a kustomize binary, one information finding per overlay says how to enable the checks.
 */
import { posix } from 'node:path';
import { t } from '../localize';
import type { HpaSettings } from '../settings';
import { KUSTOMIZE_RENDER_RULE, KUSTOMIZE_UNAVAILABLE_RULE } from '../rules/index';
import type { Finding } from '../rules/types';
import type { Severity } from '../settings';
import { isReplicaAutoscaler } from '../workspace/scaleTarget';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { type KustomizationFile, type KustomizeLayout, fsPathOf, isInsideAny } from '../kustomize/layout';
import type { RenderResult } from './render';
import { renderedFindings } from './renderedFindings';

const MISSING_FILE =
  /no such file or directory|evalsymlink failure|must build at directory: not a valid directory/;

/**
 * Whether any file under these folders holds an HPA or a ScaledObject (a patch counts): an overlay
 * without one gives the HPA rules nothing to check, so it is not rendered, and cannot fail.
 */
export function involvesAutoscaler(
  dirs: readonly string[],
  workspace: WorkspaceIndex,
  cwd?: string,
): boolean {
  return workspace.uris().some((uri) => {
    const path = fsPathOf(uri, cwd);
    return isInsideAny(path, dirs) && workspace.objectsIn(uri).some((o) => isReplicaAutoscaler(o));
  });
}

/** Overlays worth rendering: top-level kustomizations that are not components. */
export function renderableOverlays(layout: KustomizeLayout): KustomizationFile[] {
  return layout.overlays.filter((k) => k.kustomization.root.get('kind').string !== 'Component');
}

/** The findings of one overlay: kustomize's error, or the rules on its rendered objects. */
export function overlayFindings(
  overlay: KustomizationFile,
  result: RenderResult,
  layout: KustomizeLayout,
  workspace: WorkspaceIndex,
  settings: HpaSettings,
  label: string,
): Finding[] {
  if (!result.ok) {
    // A listed file or folder that is not there is what partial checkouts and files generated at
    // deploy time look like: information. Anything else kustomize refuses is the rule's warning.
    const reported: Severity = MISSING_FILE.test(result.message)
      ? 'info'
      : KUSTOMIZE_RENDER_RULE.defaultSeverity;
    const severity = severityOf(settings, KUSTOMIZE_RENDER_RULE.id, reported);
    if (!severity) return [];
    return [
      {
        rule: KUSTOMIZE_RENDER_RULE.id,
        severity,
        message: t('kustomize could not render this overlay: {reason}', { reason: result.message }),
        span: firstLine(overlay),
        uri: overlay.uri,
      },
    ];
  }
  return renderedFindings(
    { overlay, label, yaml: result.yaml, baseDir: result.baseDir },
    layout,
    workspace,
    settings,
  );
}

/** The information finding for an overlay when no kustomize binary is available. */
export function unavailableFinding(
  overlay: KustomizationFile,
  settings: HpaSettings,
  howToEnable: string,
): Finding[] {
  const severity = severityOf(
    settings,
    KUSTOMIZE_UNAVAILABLE_RULE.id,
    KUSTOMIZE_UNAVAILABLE_RULE.defaultSeverity,
  );
  if (!severity) return [];
  return [
    {
      rule: KUSTOMIZE_UNAVAILABLE_RULE.id,
      severity,
      message: t('This overlay is not rendered, so its patches are checked only one by one: {howToEnable}', {
        howToEnable,
      }),
      span: firstLine(overlay),
      uri: overlay.uri,
    },
  ];
}

/**
 * Rendered findings that add something: not one the files already show at the same place, and
 * one finding per place for all overlays that agree (their labels joined).
 */
export function newRenderedFindings(direct: readonly Finding[], rendered: readonly Finding[][]): Finding[] {
  const key = (f: Finding) => `${f.uri}\u0000${f.rule}\u0000${f.span.start}\u0000${f.span.end}`;
  const shown = new Set(direct.map(key));
  const merged = new Map<string, Finding>();
  for (const findings of rendered) {
    for (const finding of findings) {
      const k = key(finding);
      if (shown.has(k) || merged.has(k)) continue;
      merged.set(k, finding);
    }
  }
  return [...merged.values()];
}

/** How a message names an overlay: its folder relative to `root` (the workspace or the current folder). */
export function overlayLabel(overlay: KustomizationFile, root: string | undefined): string {
  if (!root) return overlay.dir;
  const relative = posix.relative(fsPathOf(root, root.startsWith('file:') ? undefined : '/'), overlay.dir);
  return relative === '' ? '.' : relative.startsWith('..') ? overlay.dir : relative;
}

function severityOf(settings: HpaSettings, id: string, reported: Severity): Severity | undefined {
  const override = settings.rules[id];
  if (override === 'off') return undefined;
  return override ?? reported;
}

/** The kustomization's first line with content: where a finding about the whole file goes. */
function firstLine(overlay: KustomizationFile): { start: number; end: number } {
  const first = overlay.kustomization.root.keys()[0];
  return first === undefined ? { start: 0, end: 0 } : overlay.kustomization.root.get(first).keySpan();
}
