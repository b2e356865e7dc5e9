/**
 * `hpa.prometheus.*` as the extension host reads them. An empty URL means the feature is off, and
 * nothing in client/src/prometheus/ makes a request then (test/server/no-network.test.ts holds the
 * extension to zero requests by default).
 */
import * as vscode from 'vscode';
import { DEFAULT_TIMEOUT_MS } from '../../../common/prometheus';

export interface PrometheusSettings {
  url: string;
  timeoutMs: number;
}

/** null when `hpa.prometheus.url` is empty. */
export function readPrometheusSettings(): PrometheusSettings | null {
  const config = vscode.workspace.getConfiguration('hpa.prometheus');
  const url = (config.get<string>('url') ?? '').trim();
  if (url === '') return null;
  const seconds = config.get<number>('timeoutSeconds');
  const timeoutMs =
    typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
      ? Math.min(seconds, 600) * 1000
      : DEFAULT_TIMEOUT_MS;
  return { url, timeoutMs };
}
