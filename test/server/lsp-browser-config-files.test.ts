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
/** What min-replicas says on the newest release when no file or setting names one. */
const NEWEST_UNCONFIGURED = [
  [
    3,
    'minReplicas 0 needs Kubernetes 1.37+, or HPAScaleToZero on 1.16–1.36; older clusters reject it (assumed Kubernetes 1.37, the newest release: set kubernetesVersion in .hpa-lint.yaml)',
  ],
];

interface Session {
  client: LspClient;
  /** Every URI the server asked the client to read. */
  read: string[];
  /** Opens a manifest of the tree (its text from the tree) and resolves with its first diagnostics. */
  open(path: string): Promise<Published>;
  /** Tells the server of changes on disk and resolves with the next diagnostics of `uri`. */
  changedOnDisk(uri: string, changes: { path: string; type: 1 | 2 | 3 }[]): Promise<Published>;
}

/**
 * The server with the browser host. With `scan`, ROOT is the workspace folder and this resolves once
 * the workspace scan has read every manifest (what the scan lists and reads is then known); without,
 * there is no workspace folder, and every config file and folder the lookup needs is asked for.
 */
async function start(scan: boolean, settings: Record<string, unknown> = {}): Promise<Session> {
  const read: string[] = [];
  const manifests = [...files.keys()].filter(
    (uri) => uri.startsWith(`${ROOT}/`) && uri.endsWith('.yaml') && !uri.includes('/.git/'),
  );
  let scanned: () => void = () => undefined;
  const whenScanned = new Promise<void>((resolve) => (scanned = resolve));
  const client = await startInProcess(
    {
      rootUri: scan ? ROOT : null,
      capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
      initializationOptions: { settings },
      handlers(connection) {
        connection.onRequest(WorkspaceReadDirectoryRequest.method, ({ uri }: WorkspaceReadDirectoryParams) =>
          listFolder(uri),
        );
        connection.onRequest(
          WorkspaceReadFileRequest.method,
          ({ uri, maxBytes }: WorkspaceReadFileParams) => {
            read.push(uri);
            if (manifests.every((m) => read.includes(m))) scanned();
            const text = files.get(uri);
            return text === undefined || text.length > maxBytes ? null : text;
          },
        );
      },
    },
    BROWSER_HOST,
  );
  if (scan) await whenScanned;
  return {
    client,
    read,
    open: (path) => {
      const uri = `${TOP}/${path}`;
      return client.notifyThenDiagnostics(
        'textDocument/didOpen',
        { textDocument: { uri, languageId: 'yaml', version: 1, text: files.get(uri) } },
        uri,
        // Not the clearing publish of an earlier close of the same file.
        (p) => p.version === 1,
      );
    },
    changedOnDisk: (uri, changes) =>
      client.notifyThenDiagnostics(
        'workspace/didChangeWatchedFiles',
        { changes: changes.map((c) => ({ uri: `${TOP}/${c.path}`, type: c.type })) },
        uri,
      ),
  };
}

const CREATED = 1;
const CHANGED = 2;
const DELETED = 3;

// The workspace folder is a repository (it holds .git); a stray file above it must not apply there.
put('acme/deploy/.git/HEAD', 'ref: refs/heads/main\n');
put('acme/.hpa-lint.yaml', 'kubernetesVersion: "1.30"\n');
put('acme/deploy/disk/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
put('acme/deploy/disk/worker.yaml', WORKER);
put('acme/deploy/none/worker.yaml', WORKER);
put('acme/deploy/envs/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
put('acme/deploy/envs/prod/worker.yaml', WORKER);
put('acme/deploy/envs/staging/.hpa-lint.yaml', 'kubernetesVersion: "1.37"\n');
put('acme/deploy/envs/staging/worker.yaml', WORKER);
put('acme/deploy/changing/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
put('acme/deploy/changing/worker.yaml', WORKER);
put('acme/deploy/late/worker.yaml', WORKER);
put('acme/deploy/held/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
put('acme/deploy/held/worker.yaml', WORKER);
// Outside the workspace folder and any repository: the walk up reaches acme/.hpa-lint.yaml.
put('acme/loose/worker.yaml', WORKER);

describe('.hpa-lint.yaml in the browser server, each asked of the client when a lookup needs it', () => {
  let session: Session;
  before(async () => {
    session = await start(false);
  });
  after(() => session.client.stop());

  test('a file on disk, never opened, sets the release; without one the newest is assumed', async () => {
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/disk/worker.yaml')), [
      [1, REJECTED_ON('1.36')],
    ]);
    assert.ok(session.read.includes(`${ROOT}/disk/.hpa-lint.yaml`), 'read through hpa/workspace/readFile');
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/none/worker.yaml')), NEWEST_UNCONFIGURED);
  });

  test('the repository root stops the lookup; outside a repository a file above the workspace applies', async () => {
    // none/ is below the workspace folder's .git: acme/.hpa-lint.yaml (1.30) is never in force there.
    const info = await session.client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', {
      uri: `${ROOT}/none/worker.yaml`,
    });
    assert.deepEqual([info.release, info.origin, info.configFile], ['1.37', 'default', undefined]);
    assert.deepEqual(zeroFindings(await session.open('acme/loose/worker.yaml')), [[1, REJECTED_ON('1.30')]]);
  });

  test('nested files: the nearest one wins', async () => {
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/envs/prod/worker.yaml')), [
      [1, REJECTED_ON('1.36')],
    ]);
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/envs/staging/worker.yaml')), []);
  });

  test('a change event re-lints: changed, deleted, created again', async () => {
    const worker = `${ROOT}/changing/worker.yaml`;
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/changing/worker.yaml')), [
      [1, REJECTED_ON('1.36')],
    ]);
    put('acme/deploy/changing/.hpa-lint.yaml', 'kubernetesVersion: "1.37"\n');
    const changed = await session.changedOnDisk(worker, [
      { path: 'acme/deploy/changing/.hpa-lint.yaml', type: CHANGED },
    ]);
    assert.deepEqual(zeroFindings(changed), []);
    files.delete(`${ROOT}/changing/.hpa-lint.yaml`);
    const deleted = await session.changedOnDisk(worker, [
      { path: 'acme/deploy/changing/.hpa-lint.yaml', type: DELETED },
    ]);
    assert.deepEqual(zeroFindings(deleted), NEWEST_UNCONFIGURED);
    put('acme/deploy/changing/.hpa-lint.yaml', 'kubernetesVersion: "1.35"\n');
    const created = await session.changedOnDisk(worker, [
      { path: 'acme/deploy/changing/.hpa-lint.yaml', type: CREATED },
    ]);
    assert.deepEqual(zeroFindings(created), [[1, REJECTED_ON('1.35')]]);
  });

  test('a file created while nothing below it is open applies when a manifest opens', async () => {
    const worker = `${ROOT}/late/worker.yaml`;
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/late/worker.yaml')), NEWEST_UNCONFIGURED);
    await session.client.close(worker);
    put('acme/deploy/late/.hpa-lint.yaml', 'kubernetesVersion: "1.36"\n');
    await session.client.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: `${ROOT}/late/.hpa-lint.yaml`, type: CREATED }],
    });
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/late/worker.yaml')), [
      [1, REJECTED_ON('1.36')],
    ]);
  });

  test("the editor's text of a config file wins over the disk's until it is closed", async () => {
    const config = `${ROOT}/held/.hpa-lint.yaml`;
    const worker = `${ROOT}/held/worker.yaml`;
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/held/worker.yaml')), [
      [1, REJECTED_ON('1.36')],
    ]);
    const typed = session.client.nextDiagnostics(worker);
    await session.client.open(config, 'kubernetesVersion: "1.35"\n');
    await session.client.change(config, 2, [{ text: 'kubernetesVersion: "1.35"\n' }]);
    assert.deepEqual(zeroFindings(await typed), [[1, REJECTED_ON('1.35')]]);
    const closed = session.client.nextDiagnostics(worker, (p) =>
      p.diagnostics.some((d) => d.message.includes('Kubernetes 1.36')),
    );
    await session.client.close(config);
    assert.deepEqual(zeroFindings(await closed), [[1, REJECTED_ON('1.36')]]);
  });
});

describe('.hpa-lint.yaml in the browser server, known from the workspace scan, over the settings', () => {
  let session: Session;
  before(async () => {
    session = await start(true, { kubernetesVersion: '1.35' });
  });
  after(() => session.client.stop());

  test('the file wins over the setting, and says where they differ; the setting applies elsewhere', async () => {
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/disk/worker.yaml')), [
      [1, REJECTED_ON('1.36')],
    ]);
    const info = await session.client.request<KubernetesVersionInfo>('hpa/kubernetesVersion', {
      uri: `${ROOT}/disk/worker.yaml`,
    });
    assert.deepEqual(
      [info.release, info.origin, info.configFile, info.conflicts],
      [
        '1.36',
        'file',
        `${ROOT}/disk/.hpa-lint.yaml`,
        ['the setting hpa.kubernetesVersion says 1.35, .hpa-lint.yaml says 1.36: the file applies, as in CI'],
      ],
    );
    const own = await session.client.open(
      `${ROOT}/disk/.hpa-lint.yaml`,
      files.get(`${ROOT}/disk/.hpa-lint.yaml`)!,
    );
    assert.deepEqual(
      own.map((d) => [
        d.code,
        d.severity,
        d.range.start.line,
        d.range.start.character,
        d.range.end.character,
      ]),
      [['config-file', 2, 0, 0, 17]],
    );
    assert.deepEqual(zeroFindings(await session.open('acme/deploy/none/worker.yaml')), [
      [1, REJECTED_ON('1.35')],
    ]);
  });
});
