/**
 * A bare LSP client over a child's stdio, the one the benchmarks drive both servers with: open,
 * edit, request, and wait for the diagnostics of a document. Also where the two servers live and
 * the settings yaml-language-server is measured with.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';

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

export interface Publish {
  uri: string;
  version?: number;
  diagnostics: unknown[];
}

export class LspBenchClient {
  private waiter: ((p: Publish) => void) | undefined;
  private constructor(
    private readonly child: ChildProcess,
    readonly rpc: MessageConnection,
  ) {}

  static async start(args: string[], config: Record<string, unknown>): Promise<LspBenchClient> {
    const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const rpc = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const server = new LspBenchClient(child, rpc);
    rpc.onNotification('textDocument/publishDiagnostics', (p: Publish) => server.waiter?.(p));
    rpc.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      p.items.map((it) => config[it.section ?? ''] ?? null),
    );
    rpc.onRequest('client/registerCapability', () => null);
    rpc.onRequest('window/workDoneProgress/create', () => null);
    rpc.onNotification(() => undefined);
    rpc.listen();
    await rpc.sendRequest('initialize', {
      processId: process.pid,
      rootUri: null,
      locale: 'en',
      capabilities: {
        workspace: { configuration: true },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          completion: { completionItem: { snippetSupport: true } },
        },
      },
      workspaceFolders: null,
    });
    await rpc.sendNotification('initialized', {});
    await rpc.sendNotification('workspace/didChangeConfiguration', { settings: config });
    return server;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Sends a notification and resolves with the ms until the next diagnostics for `uri` that `accept` takes. */
  async timed(
    method: string,
    params: unknown,
    uri: string,
    accept: (p: Publish) => boolean = () => true,
  ): Promise<number> {
    const start = performance.now();
    const done = new Promise<number>((resolveDone) => {
      this.waiter = (p) => {
        if (p.uri === uri && accept(p)) {
          this.waiter = undefined;
          resolveDone(performance.now() - start);
        }
      };
    });
    await this.rpc.sendNotification(method, params);
    return done;
  }

  /** Opens the text and resolves on the first diagnostics for it. */
  async open(uri: string, text: string): Promise<void> {
    await this.timed(
      'textDocument/didOpen',
      { textDocument: { uri, languageId: 'yaml', version: 1, text } },
      uri,
    );
  }

  async timedRequest<R>(method: string, params: unknown): Promise<{ ms: number; result: R }> {
    const start = performance.now();
    const result = (await this.rpc.sendRequest(method, params)) as R;
    return { ms: performance.now() - start, result };
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((r) => this.child.once('exit', () => r()));
    await this.rpc.sendRequest('shutdown').catch(() => undefined);
    await this.rpc.sendNotification('exit').catch(() => undefined);
    setTimeout(() => this.child.kill(), 2000).unref();
    await exited;
    this.rpc.dispose();
  }
}
