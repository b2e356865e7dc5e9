/**
 * The Prometheus commands: `hpa.loadFromPrometheus` (the preview's "Load from Prometheus…" button
 * runs it too) and the token commands. The preview is reached through `ReplayTarget`, so this file
 * does not depend on how the panel is built.
 */
import * as vscode from 'vscode';
import type { PreviewModel } from '../../../common/protocol';
import { displayLocale } from '../localize';
import { prometheusText, type PrometheusReplay, type RangeChoice } from './commonImports';
import { loadFromPrometheus, type LoadRequest } from './loadFromPrometheus';
import { readPrometheusSettings } from './prometheusSettings';
import { clearToken, promptAndStoreToken } from './prometheusToken';

export const LOAD_FROM_PROMETHEUS_COMMAND = 'hpa.loadFromPrometheus';

/** What the commands need from the preview. */
export interface ReplayTarget {
  /** The HPA the preview shows, or null when it shows none. */
  currentModel(): PreviewModel | null;
  /** Hands the replay to the panel (which simulates it and compares with the actual replicas). */
  showReplay(replay: PrometheusReplay): void;
}

/** Programmatic arguments: `{ start, end }` (Unix seconds) or `{ preset: '6h' }`, `step`, `queries`. */
function requestFromArgs(arg: unknown): LoadRequest {
  if (typeof arg !== 'object' || arg === null) return {};
  const a = arg as Record<string, unknown>;
  const request: LoadRequest = {};
  if (typeof a.start === 'number' && typeof a.end === 'number')
    request.range = { start: a.start, end: a.end };
  else if (a.preset === '1h' || a.preset === '6h' || a.preset === '24h' || a.preset === '7d')
    request.range = { preset: a.preset } as RangeChoice;
  if (typeof a.step === 'number' && a.step > 0) request.step = a.step;
  if (typeof a.queries === 'object' && a.queries !== null) {
    request.queries = Object.fromEntries(
      Object.entries(a.queries).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  }
  return request;
}

function notConfigured(): void {
  void vscode.window.showInformationMessage(prometheusText(displayLocale(), 'notConfigured'));
}

export function registerPrometheusCommands(
  context: vscode.ExtensionContext,
  target: ReplayTarget,
  syncPeriodSeconds = 15,
): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand(LOAD_FROM_PROMETHEUS_COMMAND, async (arg?: unknown) => {
      const model = target.currentModel();
      if (!model) return null;
      const replay = await loadFromPrometheus(context, model, syncPeriodSeconds, requestFromArgs(arg));
      if (replay) target.showReplay(replay);
      return replay;
    }),
    vscode.commands.registerCommand('hpa.setPrometheusToken', async () => {
      const settings = readPrometheusSettings();
      if (settings) await promptAndStoreToken(context.secrets, settings.url);
      else notConfigured();
    }),
    vscode.commands.registerCommand('hpa.clearPrometheusToken', async () => {
      const settings = readPrometheusSettings();
      if (settings) await clearToken(context.secrets, settings.url);
      else notConfigured();
    }),
  );
}
