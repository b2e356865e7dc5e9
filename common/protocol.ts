/**
 * Messages that cross a process or frame boundary: custom LSP requests between the extension host
 * and the language server, and messages between the extension host and the preview webview.
 * Typed unions, validated on receipt by the side that reads them.
 */
import type { HPASpec, ControllerOptions } from './engine/types';
import type { LoadSeries } from './engine/simulationTypes';

/** Custom LSP request: the HPA at (or nearest before) a position, ready for the simulator. */
export const PreviewModelRequest = 'hpa/previewModel';

export interface PreviewModelParams {
  uri: string;
  /** 0-based line of the cursor; the HPA document containing it (or the first HPA) is returned. */
  line: number;
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
}

export type PreviewModelResult = PreviewModel | null;

/** Custom LSP request: names of all HPAs in a document, for CodeLens and the editor-title button. */
export const DocumentHpasRequest = 'hpa/documentHpas';
export interface DocumentHpa {
  name: string;
  documentIndex: number;
  /** 0-based line of the `kind: HorizontalPodAutoscaler` document start. */
  line: number;
}

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
  | { type: 'csvLoad'; name: string; text: string }
  /** The lock was toggled from the editor title or the palette. */
  | { type: 'lockChanged'; locked: boolean }
  /**
   * Fixed loads that replace the generated profiles, e.g. the load `hpa-lint simulate` used for the
   * standalone report, with the settings it ran under. Sent after a `model` message.
   */
  | { type: 'fixedLoads'; name: string; loads: LoadSeries[]; settings?: Partial<PreviewSettings> };

/** Webview -> extension host. */
export type WebviewToHost =
  | { type: 'ready' }
  | { type: 'toggleLock' }
  | { type: 'pickCsv' }
  | { type: 'exportCsv'; text: string }
  | { type: 'exportSvg'; text: string }
  | { type: 'settingsChanged'; settings: PreviewSettings };
