/**
 * The two language servers the benchmarks drive (ours and yaml-language-server as the peer), the
 * settings yaml-language-server is measured with, and the timing around the one test client
 * (test/support/lspClient.ts).
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { LspClient } from '../test/support/lspClient';

const ROOT = resolve(__dirname, '..');
export const OUR_SERVER = resolve(ROOT, 'dist', 'server.js');
export const YLS = resolve(ROOT, 'node_modules', 'yaml-language-server', 'bin', 'yaml-language-server');
const HPA_SCHEMA = pathToFileURL(
  resolve(ROOT, 'schemas', 'horizontalpodautoscaler-autoscaling-v2.json'),
).toString();

/** yaml-language-server's settings: our HPA schema on every YAML file, hover and completion as asked. */
export function ylsConfig(features: { hover: boolean; completion: boolean }): Record<string, unknown> {
  return {
    yaml: {
      validate: true,
      ...features,
      format: { enable: false },
      schemas: { [HPA_SCHEMA]: '*.yaml' },
    },
    http: {},
    '[yaml]': {},
    editor: {},
    files: {},
  };
}

/**
 * Starts a server (`node ...args`) as both are measured: `config` answers each configuration section
 * and is sent as a didChangeConfiguration, the client declares hover and snippet completion, and
 * keeps no history of what was published.
 */
export function startMeasured(args: string[], config: Record<string, unknown>): Promise<LspClient> {
  return LspClient.start({
    serverArgs: args,
    configuration: (section) => config[section ?? ''] ?? null,
    changedConfiguration: config,
    recordPublished: false,
    capabilities: {
      workspace: { configuration: true },
      textDocument: {
        publishDiagnostics: { versionSupport: true },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        completion: { completionItem: { snippetSupport: true } },
      },
    },
  });
}

/** Sends a notification and resolves with the ms until the next diagnostics for `uri` that `accept` takes. */
export async function timed(
  server: LspClient,
  method: string,
  params: unknown,
  uri: string,
  accept: (p: PublishDiagnosticsParams) => boolean = () => true,
): Promise<number> {
  const start = performance.now();
  await server.notifyThenDiagnostics(method, params, uri, accept);
  return performance.now() - start;
}

/** Sends a request and resolves with its answer and the ms it took. */
export async function timedRequest<R>(
  server: LspClient,
  method: string,
  params: unknown,
): Promise<{ ms: number; result: R }> {
  const start = performance.now();
  const result = await server.request<R>(method, params);
  return { ms: performance.now() - start, result };
}
