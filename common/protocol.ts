/**
 * Messages that cross a process or frame boundary: custom LSP requests between the extension host
 * and the language server, and messages between the extension host and the preview webview.
 * Typed unions, validated on receipt by the side that reads them.
 *
 * Requests (client -> server, custom LSP methods): PreviewModelRequest, DocumentHpasRequest,
 * BehaviorEditRequest.
 * Notifications (client -> server): WorkspaceTrustNotification.
 * Notifications (server -> client): DocumentHpasChangedNotification, KubernetesVersionChangedNotification.
 * Requests (server -> client, only from the browser server, which has no disk of its own):
 * WorkspaceReadDirectoryRequest, WorkspaceReadFileRequest.
 */
import type { HPABehavior, HPASpec, ControllerOptions } from './engine/types';
import type { LoadSeries } from './engine/simulationTypes';
import type { PrometheusReplay } from './prometheus/replay';

/**
 * A custom LSP request, declared once and read by both ends: the client sends it with
 * `sendCustomRequest`, the server answers it with `onCustomRequest` (each side's small helper), and
 * the params and result types travel with the method name so neither side can drift.
 */
export interface CustomRequest<Params, Result> {
  readonly method: string;
  /** Never set at run time: carries the params and result types to the helpers. */
  readonly types?: { params: Params; result: Result };
}

/** A custom LSP notification, declared once like a request (no answer, so no result type). */
export interface CustomNotification<Params> {
  readonly method: string;
  /** Never set at run time: carries the params type to the helpers. */
  readonly types?: { params: Params };
}

export type ParamsOf<R> = R extends CustomRequest<infer P, unknown> ? P : never;
export type ResultOf<R> = R extends CustomRequest<unknown, infer T> ? T : never;

export interface PreviewModelParams {
  uri: string;
  /** 0-based line of the cursor; the HPA document containing it (or the first HPA) is returned. */
  line: number;
  /**
   * A kustomize overlay (the URI of its kustomization file, from `PreviewModel.overlays`): the model
   * is then built from that overlay's rendered objects. Absent: the file's own values.
   */
  overlay?: string;
}

/** A kustomize overlay that includes the previewed HPA's file. */
export interface PreviewOverlay {
  /** Its kustomization file. */
  uri: string;
  /** Its folder, relative to the workspace. */
  label: string;
}

export interface PreviewModel {
  uri: string;
  /** Index of the YAML document within the file. */
  documentIndex: number;
  name: string;
  namespace?: string;
  /** The HPA spec as written (not defaulted); the engine defaults it. */
  spec: HPASpec;
  /** Per-Pod requests of the resolved target in milli-units, by resource name. Empty when unresolved. */
  podRequests: Record<string, number>;
  /** Per-container requests (milli) for ContainerResource metrics. */
  containerRequests: Record<string, Record<string, number>>;
  /** Where the target was found, or null when it is not in the workspace. */
  target: { uri: string; kind: string; name: string; replicas?: number } | null;
  /** Problems that make the simulation less faithful (e.g. target not found: requests assumed). */
  notes: string[];
  /** The overlays that include the HPA's file (absent when none does). */
  overlays?: PreviewOverlay[];
  /** The overlay whose rendered values this model holds (absent: the file's own values). */
  overlay?: string;
  /**
   * Errors in the HPA's own document (YAML syntax, schema and API findings of the linter): what is
   * simulated differs from what the user meant. `line` is 1-based. Absent from older servers.
   */
  problems?: PreviewProblem[];
  /**
   * The Kubernetes release the HPA's file is judged against and the controller options it gives
   * (common/engine/clusterOptions.ts): per-direction tolerance only where honoured, scale to zero.
   * Absent from older servers: the engine's defaults (the newest release) apply.
   */
  cluster?: PreviewCluster;
}

export interface PreviewCluster {
  /** "1.35" or "1.36 (HPAScaleToZero=true)". */
  release: string;
  /** False: nothing configured, the newest release assumed. */
  configured: boolean;
  options: Partial<ControllerOptions>;
  /**
   * Where the release came from, for the panel's "Kubernetes 1.35 (from envs/prod/.hpa-lint.yaml)":
   * the `.hpa-lint.yaml` in force (its path relative to the workspace folder), or the settings.
   */
  source?: { origin: 'file'; file: string } | { origin: 'settings' };
}

export interface PreviewProblem {
  line: number;
  message: string;
  /** The linter's rule id (`yaml-syntax`, `schema`, ...). */
  rule: string;
}

export type PreviewModelResult = PreviewModel | null;

/** The HPA at (or nearest before) a position, ready for the simulator; null when the file has none. */
export const PreviewModelRequest: CustomRequest<PreviewModelParams, PreviewModelResult> = {
  method: 'hpa/previewModel',
};

export interface DocumentHpasParams {
  uri: string;
}

export interface DocumentHpa {
  name: string;
  documentIndex: number;
  /** 0-based line of the `kind: HorizontalPodAutoscaler` document start. */
  line: number;
}

/**
 * The previewable HPAs of a document, for the editor-title button's context key (the CodeLens comes
 * from the server's own textDocument/codeLens).
 */
export const DocumentHpasRequest: CustomRequest<DocumentHpasParams, DocumentHpa[]> = {
  method: 'hpa/documentHpas',
};

export interface DocumentHpasChangedParams {
  uri: string;
  /** The version of the open document the list was read from. */
  version: number;
  hpas: DocumentHpa[];
}

/**
 * Server -> client: the previewable HPAs of an open document, sent after its first lint and whenever
 * the list changes. The editor-title button follows this rather than a one-off hpa/documentHpas: a
 * question asked while the server starts reaches it before the document does (vscode-languageclient
 * reports "running" before it sends the open documents), so its answer is an empty list.
 */
export const DocumentHpasChangedNotification: CustomNotification<DocumentHpasChangedParams> = {
  method: 'hpa/documentHpasChanged',
};

export interface WorkspaceTrustParams {
  /** VS Code's `workspace.isTrusted` now. */
  trusted: boolean;
}

/**
 * The user trusted the workspace after the server started (its `initializationOptions` said
 * untrusted): overlays may now be rendered with kustomize. VS Code has no way back to untrusted
 * without a window reload, which restarts the server.
 */
export const WorkspaceTrustNotification: CustomNotification<WorkspaceTrustParams> = {
  method: 'hpa/workspaceTrust',
};

export interface WorkspaceReadDirectoryParams {
  /** URI of a folder of the workspace, as the client names it. */
  uri: string;
}

export interface WorkspaceDirectoryEntry {
  name: string;
  /** The entry's URI as the client spells it (the spelling its documents' URIs have too). */
  uri: string;
  type: 'file' | 'directory';
}

/**
 * The browser language server (a Web Worker) has no disk: it walks the workspace by asking the
 * extension host for each folder's entries, which the host reads through `vscode.workspace.fs`, and
 * so also serves virtual workspaces (github.dev, Remote Repositories). Which folders to skip and
 * which files to index stays the server's decision. A folder that cannot be read answers `[]`.
 */
export const WorkspaceReadDirectoryRequest: CustomRequest<
  WorkspaceReadDirectoryParams,
  WorkspaceDirectoryEntry[]
> = { method: 'hpa/workspace/readDirectory' };

export interface WorkspaceReadFileParams {
  uri: string;
  /** A file larger than this is not read: the answer is null, as for a file that cannot be read. */
  maxBytes: number;
}

/** The text of one workspace file (UTF-8), read by the extension host for the browser server. */
export const WorkspaceReadFileRequest: CustomRequest<WorkspaceReadFileParams, string | null> = {
  method: 'hpa/workspace/readFile',
};

export interface BehaviorEditParams {
  uri: string;
  /** Index of the HPA's YAML document within the file (PreviewModel.documentIndex). */
  documentIndex: number;
  /** The block to write, e.g. a suggestion of the tuner. */
  behavior: HPABehavior;
}

/** One text edit in LSP terms (0-based lines and UTF-16 characters). */
export interface BehaviorTextEdit {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  newText: string;
}

/**
 * The one minimal edit that writes `behavior` into the HPA: its `behavior:` lines replaced, or the
 * block inserted at the end of `spec:`, in the file's indentation. Null when the document is not an
 * HPA with a block-style spec the server can edit.
 */
export const BehaviorEditRequest: CustomRequest<BehaviorEditParams, BehaviorTextEdit | null> = {
  method: 'hpa/behaviorEdit',
};

/** The command a CodeLens runs, with its arguments `[uri, line]` (uri as a string, line 0-based). */
export const OPEN_PREVIEW_TO_SIDE_COMMAND = 'hpa.openPreviewToSide';

/** Settings the user can change in the preview panel. */
export interface PreviewSettings {
  profile: string;
  /** Per-metric peak multiplier relative to the target (1 = at target). */
  peak: number;
  /** Noise amplitude as a fraction (0.1 = ±10 %). */
  noise: number;
  durationSeconds: number;
  initialReplicas: number;
  syncPeriodSeconds: number;
  podStartupSeconds: number;
  options?: Partial<ControllerOptions>;
}

/** Extension host -> webview. */
export type HostToWebview =
  | { type: 'model'; model: PreviewModel; locale: string; locked: boolean }
  | { type: 'noModel'; reason: string; locale: string }
  /**
   * No model yet, and why (the language server is starting, or stopped): said in the host's words
   * and language. A `model` or `noModel` follows when the server answers.
   */
  | { type: 'waiting'; reason: string; locale: string }
  | { type: 'csvLoad'; name: string; text: string }
  /** The lock was toggled from the editor title or the palette. */
  | { type: 'lockChanged'; locked: boolean }
  /**
   * Fixed loads that replace the generated profiles, e.g. the load `hpa-lint simulate` used for the
   * standalone report, with the settings it ran under. Sent after a `model` message.
   */
  | { type: 'fixedLoads'; name: string; loads: LoadSeries[]; settings?: Partial<PreviewSettings> }
  /**
   * Recorded traffic from Prometheus (docs/prometheus.md): its loads replace the profiles over the
   * whole range, and the HPA's actual replicas are compared with every run.
   */
  | { type: 'prometheusLoad'; replay: PrometheusReplay };

/** Webview -> extension host. */
export type WebviewToHost =
  | { type: 'ready' }
  | { type: 'toggleLock' }
  | { type: 'pickCsv' }
  /** "Load from Prometheus…": the host asks for the range and queries and answers with `prometheusLoad`. */
  | { type: 'loadFromPrometheus' }
  /** Simulate the HPA as this overlay renders it (a `PreviewModel.overlays` URI), or as written (null). */
  | { type: 'pickOverlay'; overlay: string | null }
  | { type: 'exportCsv'; text: string }
  | { type: 'exportSvg'; text: string }
  /**
   * The lines of the problems the page's warning banner lists (empty: no banner), sent when they
   * change: what the page shows, for the host's inspection in tests.
   */
  | { type: 'problemsShown'; lines: number[] }
  /** Write a suggested block into the HPA the panel shows (the host asks the server for the edit). */
  | { type: 'applyBehavior'; uri: string; documentIndex: number; behavior: HPABehavior };

export interface KubernetesVersionParams {
  /** The file the answer is for (the active editor's). */
  uri: string;
}

/** Which Kubernetes release the server judges a file against, and where that came from. */
export interface KubernetesVersionInfo {
  /** "1.35". */
  release: string;
  /** False: nothing configured, the newest release is assumed. */
  configured: boolean;
  /** Where the release came from: the nearest `.hpa-lint.yaml`, the editor settings, or the default. */
  origin: 'file' | 'settings' | 'default';
  /** The `.hpa-lint.yaml` in force for the file (a URI), if any. */
  configFile?: string;
  /** Feature gates set differently from the release's defaults ("HPAScaleToZero=true"), or ''. */
  gates: string;
  /** Where the editor settings differ from the file (the file wins), already in the user's language. */
  conflicts: string[];
  /** A bad version or gate, in the user's language (the default release is then used). */
  error?: string;
}

/** The status item on YAML files asks which release is in force (LSP custom request). */
export const KubernetesVersionRequest: CustomRequest<KubernetesVersionParams, KubernetesVersionInfo> = {
  method: 'hpa/kubernetesVersion',
};

/** Server -> client: a `.hpa-lint.yaml` or the settings changed; ask again. */
export const KubernetesVersionChangedNotification: CustomNotification<Record<string, never>> = {
  method: 'hpa/kubernetesVersionChanged',
};
