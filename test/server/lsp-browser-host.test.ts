/**
 * The language service as the browser server runs it (server/src/lsp/browserHost.ts): no disk, the
 * workspace read through the client's hpa/workspace/readDirectory and hpa/workspace/readFile
 * requests, no kustomize. The client here answers them from an in-memory tree under a virtual
 * workspace URI (github.dev's scheme), as the extension host answers them from vscode.workspace.fs.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import {
  type WorkspaceDirectoryEntry,
  WorkspaceReadDirectoryRequest,
  type WorkspaceReadDirectoryParams,
  WorkspaceReadFileRequest,
  type WorkspaceReadFileParams,
} from '../../common/protocol';
import { BROWSER_HOST } from '../../server/src/lsp/browserHost';
import { startInProcess } from '../support/inProcessLsp';
import type { LspClient } from '../support/lspClient';

const ROOT = 'vscode-vfs://github/acme/deploy';

const DEPLOYMENT = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: { app: web }
  template:
    metadata:
      labels: { app: web }
    spec:
      containers:
        - name: app
          image: web:1
          resources:
            requests: { memory: 128Mi }
`;
const HPA = `apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: web
spec:
  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: web }
  maxReplicas: 5
  metrics:
    - type: Resource
      resource:
        name: cpu
        target: { type: Utilization, averageUtilization: 60 }
`;
const BASE_HPA = HPA.replace(/web/g, 'orders');
const BASE_DEPLOYMENT = DEPLOYMENT.replace(/web/g, 'orders').replace('memory: 128Mi', 'cpu: 250m');
const OVERLAY = 'resources:\n  - ../../base\nreplicas:\n  - name: orders\n    count: 3\n';

/** The workspace: paths under ROOT to their text. */
const TREE: Record<string, string> = {
  'app/deployment.yaml': DEPLOYMENT,
  'app/hpa.yaml': HPA,
  'app/README.md': '# not indexed',
  'kustomize/base/kustomization.yaml': 'resources:\n  - deployment.yaml\n  - hpa.yaml\n',
  'kustomize/base/deployment.yaml': BASE_DEPLOYMENT,
  'kustomize/base/hpa.yaml': BASE_HPA,
  'kustomize/overlays/prod/kustomization.yaml': OVERLAY,
  // A skipped folder: the server must not even list it.
  'node_modules/chart/deployment.yaml': DEPLOYMENT,
  // A checkout: the .hpa-lint.yaml lookup stops here, so nothing above ROOT is read either.
  '.git/HEAD': 'ref: refs/heads/main\n',
};

/** The entries of a folder of TREE, as the extension host lists them. */
function listFolder(uri: string): WorkspaceDirectoryEntry[] {
  const prefix = uri === ROOT ? '' : `${uri.slice(ROOT.length + 1)}/`;
  const entries = new Map<string, WorkspaceDirectoryEntry>();
  for (const path of Object.keys(TREE)) {
    if (!path.startsWith(prefix)) continue;
    const [name, ...rest] = path.slice(prefix.length).split('/');
    entries.set(name!, { name: name!, uri: `${uri}/${name}`, type: rest.length > 0 ? 'directory' : 'file' });
  }
  return [...entries.values()];
}

interface Session {
  client: LspClient;
  listed: string[];
  read: string[];
}

async function start(): Promise<Session> {
  const listed: string[] = [];
  const read: string[] = [];
  const client = await startInProcess(
    {
      rootUri: ROOT,
      capabilities: { textDocument: { publishDiagnostics: { versionSupport: true } } },
      // Trusted: what stops kustomize here is the browser, not Restricted Mode.
      initializationOptions: { workspaceTrusted: true, kustomizeDelayMs: 0 },
      handlers(connection) {
        connection.onRequest(
          WorkspaceReadDirectoryRequest.method,
          ({ uri }: WorkspaceReadDirectoryParams) => {
            listed.push(uri);
            return listFolder(uri);
          },
        );
        connection.onRequest(
          WorkspaceReadFileRequest.method,
          ({ uri, maxBytes }: WorkspaceReadFileParams) => {
            read.push(uri);
            const text = TREE[uri.slice(ROOT.length + 1)];
            return text === undefined || text.length > maxBytes ? null : text;
          },
        );
      },
    },
    BROWSER_HOST,
  );
  return { client, listed, read };
}

function open(session: Session, path: string): string {
  const uri = `${ROOT}/${path}`;
  void session.client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: 1, text: TREE[path] },
  });
  return uri;
}

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));

let session: Session;
before(async () => {
  session = await start();
});
after(() => session.client.stop());

test('a target in a file never opened is found through the client: the scan reads the virtual workspace', async () => {
  const uri = open(session, 'app/hpa.yaml');
  // Only deployment.yaml (read through hpa/workspace/readFile) says the container lacks a cpu request.
  const published = await session.client.nextDiagnostics(uri, (p) =>
    codes(p).includes('missing-resource-request'),
  );
  assert.deepEqual(codes(published), ['missing-resource-request']);
  assert.ok(
    session.read.includes(`${ROOT}/app/deployment.yaml`),
    'deployment.yaml was read through the client',
  );
});

test('the scan lists folders and reads indexed files only, and never enters node_modules', () => {
  assert.ok(session.listed.includes(ROOT) && session.listed.includes(`${ROOT}/kustomize/overlays/prod`));
  assert.deepEqual(
    session.listed.filter((uri) => uri.includes('node_modules')),
    [],
  );
  assert.deepEqual(
    session.read.filter((uri) => !/\.ya?ml$/.test(uri)),
    [],
    'README.md is not read',
  );
  assert.ok(session.read.every((uri) => uri.startsWith(`${ROOT}/`)));
});

test('kustomize cannot run here: the overlay says so once, on its first line, and the base does not', async () => {
  const overlay = open(session, 'kustomize/overlays/prod/kustomization.yaml');
  const published = await session.client.nextDiagnostics(overlay, (p) =>
    codes(p).includes('kustomize-unavailable'),
  );
  assert.deepEqual(
    published.diagnostics.map((d) => [
      d.code,
      d.range.start.line,
      d.range.start.character,
      d.range.end.line,
      d.range.end.character,
    ]),
    [['kustomize-unavailable', 0, 0, 0, 9]],
  );
  assert.match(published.diagnostics[0]!.message, /kustomize cannot run in a browser/);
  // The base kustomization is included by the overlay: it is not rendered on its own, so no note.
  const base = open(session, 'kustomize/base/kustomization.yaml');
  const basePublished = await session.client.nextDiagnostics(base, () => true);
  assert.deepEqual(codes(basePublished), []);
});
