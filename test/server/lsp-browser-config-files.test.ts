/**
 * `.hpa-lint.yaml` in the browser server (server/src/lsp/browserHost.ts), the service running here
 * with the browser host: the workspace is a virtual one (github.dev's `vscode-vfs` scheme) that only
 * the client can read, answering hpa/workspace/readDirectory and hpa/workspace/readFile from an
 * in-memory tree as the extension host answers them from vscode.workspace.fs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import {
  type KubernetesVersionInfo,
  type WorkspaceDirectoryEntry,
  WorkspaceReadDirectoryRequest,
  type WorkspaceReadDirectoryParams,
  WorkspaceReadFileRequest,
  type WorkspaceReadFileParams,
} from '../../common/protocol';
import { BROWSER_HOST } from '../../server/src/lsp/browserHost';
import { startInProcess } from '../support/inProcessLsp';
import type { LspClient } from '../support/lspClient';

const TOP = 'vscode-vfs://github';
const ROOT = `${TOP}/acme/deploy`;

/** An HPA that scales to zero on an External metric: an error before 1.37 (HPAScaleToZero off). */
const WORKER = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata: { name: worker }
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: worker }
  minReplicas: 0
  maxReplicas: 10
  metrics:
    - type: External
      external:
        metric: { name: queue_depth }
        target: { type: AverageValue, averageValue: "30" }
`;
const REJECTED_ON = (release: string) =>
  `spec.minReplicas: Invalid value: 0: must be greater than or equal to 1: Kubernetes ${release} accepts minReplicas 0 only with the HPAScaleToZero feature gate (on by default from 1.37) (Kubernetes ${release})`;

/** The virtual file system: URIs under TOP to their text; a folder exists when a file is below it. */
const files = new Map<string, string>();
const put = (path: string, text: string) => files.set(`${TOP}/${path}`, text);

function listFolder(uri: string): WorkspaceDirectoryEntry[] {
  const prefix = `${uri.replace(/\/$/, '')}/`;
  const entries = new Map<string, WorkspaceDirectoryEntry>();
  for (const file of files.keys()) {
    if (!file.startsWith(prefix)) continue;
    const [name, ...rest] = file.slice(prefix.length).split('/');
    entries.set(name!, {
      name: name!,
      uri: `${prefix}${name}`,
      type: rest.length > 0 ? 'directory' : 'file',
    });
  }
  return [...entries.values()];
}

type Published = PublishDiagnosticsParams;
const zeroFindings = (p: Published) =>
  p.diagnostics.filter((d) => d.code === 'min-replicas').map((d) => [d.severity, d.message]);

describe('.hpa-lint.yaml in the browser server', () => {
  let client: LspClient;
  const read: string[] = [];

  before(async () => {
    put('acme/deploy/open-config/.keep.yaml', '');
    client = await startInProcess(
      {
        rootUri: ROOT,
        capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
        handlers(connection) {
          connection.onRequest(
            WorkspaceReadDirectoryRequest.method,
            ({ uri }: WorkspaceReadDirectoryParams) => listFolder(uri),
          );
          connection.onRequest(
            WorkspaceReadFileRequest.method,
            ({ uri, maxBytes }: WorkspaceReadFileParams) => {
              read.push(uri);
              const text = files.get(uri);
              return text === undefined || text.length > maxBytes ? null : text;
            },
          );
        },
      },
      BROWSER_HOST,
    );
  });
  after(() => client.stop());

  test('a .hpa-lint.yaml the editor holds sets the release of the manifests below it', async () => {
    const config = `${ROOT}/open-config/.hpa-lint.yaml`;
    const worker = `${ROOT}/open-config/worker.yaml`;
    assert.deepEqual(await client.open(config, 'kubernetesVersion: "1.36"\n'), []);
    const published = await client.notifyThenDiagnostics(
      'textDocument/didOpen',
      { textDocument: { uri: worker, languageId: 'yaml', version: 1, text: WORKER } },
      worker,
    );
    assert.deepEqual(zeroFindings(published), [[1, REJECTED_ON('1.36')]]);
    const info = await client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', { uri: worker });
    assert.deepEqual([info.release, info.origin, info.configFile], ['1.36', 'file', config]);
  });
});
