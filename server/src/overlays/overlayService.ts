/**
 * Kustomize in the language server, on its own: it listens to the workspace index, keeps the
 * kustomize layout (and so the set of patch files, which are partial objects) current at once, and
 * renders the overlays in the background: after a pause in changes to their inputs, one at a time,
 * each render a child process with a timeout, and never in an untrusted workspace. A render sees
 * the editor's unsaved text (render.ts renders from a private copy then) and is cached by the
 * content of its inputs, so an edit elsewhere or an undo costs nothing. The service asks for the
 * findings of a file when it publishes and is told which files to publish again.
 *
 * Why rendering cannot slow typing: everything a render costs (copying unsaved inputs, starting
 * kustomize, reading its output, parsing and linting the rendered objects, mapping findings back)
 * happens in the overlay process, at low priority with all its threads (overlayJobs.ts,
 * overlayProcess.ts), and kustomize is its child, not this process's: a fork of this process
 * would stall its main thread (launch.ts). What runs here is a debounce timer, a pointer
 * comparison per file to find what the overlay process has not seen, and storing the findings and
 * republishing; a job is sent and its result taken in only on a turn of the event loop with no
 * edit waiting to be linted (`editPending`), so an edit's diagnostics go out first.
 */
import { t } from '../localize';
import type { HpaSettings } from '../settings';
import type { Finding } from '../rules/types';
import type { WorkspaceIndex } from '../workspace/workspaceIndex';
import { isKustomizationPath } from '../workspace/filePaths';
import {
  type KustomizeLayout,
  fsPathOf,
  indexLayout,
  isInsideAny,
  kustomizeLayout,
  overlayInputDirs,
} from '../kustomize/layout';
import { applyLayout } from '../kustomize/deploymentUnits';
import {
  involvesAutoscaler,
  newRenderedFindings,
  overlayLabel,
  renderableOverlays,
  unavailableFinding,
} from './overlayChecks';
import type { OverlayJobResult } from './overlayJob';
import type { OverlayJobsWhere } from './overlayJobs';
import type { OverlayRenderer } from './overlayRenderer';
import type { KustomizeCommand } from './render';

/** The pause after the last change to an overlay's inputs before it is rendered again. */
export const DEFAULT_RENDER_DELAY_MS = 1500;

export interface OverlayServiceOptions {
  workspace: WorkspaceIndex;
  settings: () => HpaSettings;
  /**
   * The settings an overlay's rendered objects are linted with: those of the `.hpa-lint.yaml`
   * nearest to its kustomization (the server's per-file settings); `settings()` when absent.
   */
  overlaySettings?: (overlayUri: string) => HpaSettings;
  /**
   * Workspace trust at start: without it nothing is rendered (a kustomization can point anywhere).
   * The client reports a later grant (setTrusted).
   */
  trusted: boolean;
  /**
   * A command line that replaces `kubectl kustomize` / `kustomize build` (the folder is appended),
   * when the `hpa.kustomize.command` setting is empty.
   */
  command?: string;
  /** The workspace folder, for naming overlays in messages. */
  root?: string;
  /** Publish these files again (their overlay findings changed). */
  republish: (uris: Iterable<string>) => void;
  delayMs?: number;
  timeoutMs?: number;
  /**
   * True while an edit waits to be linted: sending a job and taking in its findings wait until the
   * edit's diagnostics are out.
   */
  editPending?: () => boolean;
  /**
   * What renders the overlays (nodeOverlayRenderer.ts in the Node server). null where kustomize
   * cannot run at all, the browser server: each overlay with an autoscaler says so instead.
   */
  renderer: OverlayRenderer | null;
}

export class OverlayService {
  private layout: KustomizeLayout;
  /** Each overlay's input folders, worked out once per layout. */
  private inputDirsByOverlay = new Map<string, string[]>();
  private readonly dirty = new Set<string>();
  /** Overlays whose last check failed and was tried once more. */
  private readonly retried = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Renders, lints and maps back (in the overlay process, in the Node server). */
  private readonly renderer: OverlayRenderer | null;
  /** The latest successful render of each overlay, by overlay URI (for the preview). */
  private readonly lastRender = new Map<string, { yaml: string; baseDir: string }>();
  /** The current findings of each overlay, by overlay URI. */
  private readonly findingsByOverlay = new Map<string, Finding[]>();
  /** The command found for a configured command line (or for none: ''). */
  private command: { configured: string; found: Promise<KustomizeCommand | undefined> } | undefined;
  private trusted: boolean;
  /** Renders started, for tests and measurements. */
  renders = 0;
  private disposed = false;

  constructor(private readonly options: OverlayServiceOptions) {
    this.trusted = options.trusted;
    this.renderer = options.renderer;
    this.layout = kustomizeLayout(new Map());
    options.workspace.onFileChanged((uri) => this.fileChanged(uri));
    this.refreshLayout();
  }

  /** Where the renders run (tests and measurements); 'none' in the browser server. */
  get where(): OverlayJobsWhere | 'none' {
    return this.renderer?.where ?? 'none';
  }

  /** Findings the overlays add to a file, minus those the file's own findings already show. */
  findingsFor(uri: string, direct: readonly Finding[]): Finding[] {
    const forFile: Finding[][] = [];
    for (const findings of this.findingsByOverlay.values()) {
      const mine = findings.filter((f) => f.uri === uri);
      if (mine.length > 0) forFile.push(mine);
    }
    return forFile.length === 0 ? [] : newRenderedFindings(direct, forFile);
  }

  /**
   * The overlays whose inputs include this file (a base HPA is in every overlay that includes its
   * folder), each with how messages name it and its latest render, if any.
   */
  overlaysIncluding(
    uri: string,
  ): { uri: string; label: string; rendered: { yaml: string; baseDir: string } | undefined }[] {
    const path = fsPathOf(uri);
    return renderableOverlays(this.layout)
      .filter((o) => isInsideAny(path, this.inputDirsByOverlay.get(o.uri) ?? []))
      .map((o) => ({
        uri: o.uri,
        label: overlayLabel(o, this.options.root),
        rendered: this.lastRender.get(o.uri),
      }));
  }

  /** The user trusted the workspace: render what has waited for it. Trust is never taken back. */
  setTrusted(trusted: boolean): void {
    if (!trusted || this.trusted) return;
    this.trusted = true;
    for (const overlay of this.inputDirsByOverlay.keys()) this.dirty.add(overlay);
    if (this.dirty.size > 0) this.arm();
  }

  /**
   * Settings changed: every overlay is checked again (a rule turned off or up applies to rendered
   * findings too: a lint in the overlay process, the renders being cached), and a different kustomize
   * command renders them again.
   */
  settingsChanged(): void {
    if (this.command !== undefined && this.command.configured !== this.configuredCommand())
      this.command = undefined;
    for (const overlay of this.inputDirsByOverlay.keys()) this.dirty.add(overlay);
    if (this.dirty.size > 0) this.arm();
  }

  /** The command line to render with: the setting, else the client's initialization option, else ''. */
  private configuredCommand(): string {
    return this.options.settings().kustomize.command || (this.options.command ?? '');
  }

  /** Resolves on a turn of the event loop with no edit waiting to be linted. */
  private async quiet(): Promise<void> {
    do await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.options.editPending?.() === true && !this.disposed);
  }

  /** Resolves once no render is waiting or running (tests and measurements). */
  async idle(): Promise<void> {
    while (this.timer !== undefined || this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Stops rendering; resolves once the overlay process has ended and its folders are gone. */
  dispose(): Promise<void> {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    return this.renderer?.dispose() ?? Promise.resolve();
  }

  private fileChanged(uri: string): void {
    const path = fsPathOf(uri);
    // A patch file that arrives (or goes) after its kustomization changes status too.
    if (isKustomizationPath(uri) || this.layout.patchPaths.has(path)) this.refreshLayout();
    for (const [overlay, dirs] of this.inputDirsByOverlay) {
      if (isInsideAny(path, dirs)) this.dirty.add(overlay);
    }
    if (this.dirty.size > 0) this.arm();
  }

  /** Re-reads every kustomization; patch files change status at once (they are linted differently). */
  private refreshLayout(): void {
    this.layout = indexLayout(this.options.workspace);
    this.inputDirsByOverlay = new Map(
      renderableOverlays(this.layout).map((o) => [o.uri, overlayInputDirs(this.layout, o)]),
    );
    const changed = applyLayout(this.options.workspace, this.layout);
    const overlays = new Set(renderableOverlays(this.layout).map((o) => o.uri));
    for (const uri of [...this.lastRender.keys()]) if (!overlays.has(uri)) this.lastRender.delete(uri);
    for (const uri of [...this.findingsByOverlay.keys()]) {
      if (overlays.has(uri)) continue;
      changed.push(...(this.findingsByOverlay.get(uri) ?? []).map((f) => f.uri), uri);
      this.findingsByOverlay.delete(uri);
    }
    for (const uri of overlays) if (!this.findingsByOverlay.has(uri)) this.dirty.add(uri);
    if (changed.length > 0) this.options.republish(changed);
    if (this.dirty.size > 0) this.arm();
  }

  private arm(): void {
    if (this.disposed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.drain();
    }, this.options.delayMs ?? DEFAULT_RENDER_DELAY_MS);
  }

  /**
   * Renders the dirty overlays one after another; a change meanwhile re-arms the timer. In an
   * untrusted workspace nothing runs: each overlay with an autoscaler gets one information finding
   * saying that trusting the workspace renders it; without a renderer (the browser server), one
   * saying that kustomize cannot run there.
   */
  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const trusted = this.trusted;
      const renderer = this.renderer;
      let command: KustomizeCommand | undefined;
      if (trusted && renderer) {
        const configured = this.configuredCommand();
        if (this.command?.configured !== configured) {
          this.command = { configured, found: renderer.findCommand(configured) };
        }
        command = await this.command.found;
      }
      while (this.dirty.size > 0 && !this.disposed) {
        const overlayUri = this.dirty.values().next().value as string;
        this.dirty.delete(overlayUri);
        const overlay = renderableOverlays(this.layout).find((o) => o.uri === overlayUri);
        if (!overlay) continue;
        const before = this.findingsByOverlay.get(overlayUri) ?? [];
        const settings = this.options.overlaySettings?.(overlayUri) ?? this.options.settings();
        let findings: Finding[];
        const dirs = this.inputDirsByOverlay.get(overlayUri) ?? [overlay.dir];
        if (!involvesAutoscaler(dirs, this.options.workspace)) {
          findings = []; // nothing an HPA rule could find in it
        } else if (!renderer) {
          findings = unavailableFinding(
            overlay,
            settings,
            t('kustomize cannot run in a browser: open the folder in VS Code on the desktop to render it'),
          );
        } else if (!trusted) {
          findings = unavailableFinding(
            overlay,
            settings,
            t('trust this workspace to render it with kustomize (nothing is run in Restricted Mode)'),
          );
        } else if (!command) {
          findings = unavailableFinding(
            overlay,
            settings,
            t('install kubectl (or kustomize) on PATH and restart the language server'),
          );
        } else {
          await this.quiet();
          if (this.disposed) return;
          let result: OverlayJobResult;
          try {
            result = await renderer.run({
              overlayUri,
              label: overlayLabel(overlay, this.options.root),
              inputDirs: dirs,
              command,
              settings,
              ...(this.options.timeoutMs === undefined ? {} : { timeoutMs: this.options.timeoutMs }),
            });
          } catch (error) {
            if (this.disposed) return;
            console.error(`hpa: checking overlay ${overlayUri} failed: ${String(error)}`);
            // The overlay process ended under it (it is started again) or a rule failed on the
            // rendered objects: one more try now, then the overlay waits for its next change.
            if (!this.retried.has(overlayUri)) {
              this.retried.add(overlayUri);
              this.dirty.add(overlayUri);
            }
            continue;
          }
          this.retried.delete(overlayUri);
          if (result.spawned) this.renders++;
          await this.quiet();
          if (this.disposed) return;
          // Its inputs changed meanwhile (an edit, files still arriving from the start-up scan):
          // these findings were mapped onto texts that are gone. The next check is already due.
          if (this.dirty.has(overlayUri)) continue;
          if (result.rendered === undefined) this.lastRender.delete(overlayUri);
          else if (result.rendered !== 'same') this.lastRender.set(overlayUri, result.rendered);
          findings = result.findings;
        }
        this.findingsByOverlay.set(overlayUri, findings);
        this.options.republish(new Set([...before, ...findings].map((f) => f.uri)));
      }
    } finally {
      this.running = false;
    }
  }
}

/**
 * What the client says in `initializationOptions`: `workspaceTrusted` (VS Code's workspace trust;
 * absent means untrusted, so nothing renders), `kustomizeCommand`, and for tests
 * `kustomizeDelayMs`.
 */
export function overlayOptions(params: {
  initializationOptions?: unknown;
}): Pick<OverlayServiceOptions, 'trusted' | 'command' | 'delayMs'> {
  const raw = (
    typeof params.initializationOptions === 'object' && params.initializationOptions !== null
      ? params.initializationOptions
      : {}
  ) as Record<string, unknown>;
  return {
    trusted: raw.workspaceTrusted === true,
    ...(typeof raw.kustomizeCommand === 'string' ? { command: raw.kustomizeCommand } : {}),
    ...(typeof raw.kustomizeDelayMs === 'number' && raw.kustomizeDelayMs >= 0
      ? { delayMs: raw.kustomizeDelayMs }
      : {}),
  };
}
