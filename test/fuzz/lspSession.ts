/**
 * A raw LSP session with dist/server.js over stdio, for abuse: it can send anything (wrong params,
 * unknown methods, huge messages), it runs the server with extra node flags (the network trap), and
 * it knows when a document has been linted without timers: after a didOpen/didChange it sends the
 * server's own `hpa/documentHpas` request, whose handler lints pending documents first, so by the
 * time the answer arrives the diagnostics for that version have been written before it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import type { InitializeParams, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { REPO_ROOT } from './corpus';

export const SERVER_JS = resolve(REPO_ROOT, 'dist', 'server.js');

export interface SessionOptions {
  /** Node flags before the script, e.g. ['-r', trap]. */
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
  settings?: Record<string, unknown>;
  rootUri?: string | null;
}

export class LspSession {
  /** Every publishDiagnostics, by uri, newest last. */
  readonly published = new Map<string, PublishDiagnosticsParams[]>();
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private exitedNow = false;

  private constructor(
    readonly child: ChildProcess,
    readonly connection: MessageConnection,
  ) {
    this.exited = new Promise((done) =>
      child.once('exit', (code, signal) => {
        this.exitedNow = true;
        done({ code, signal });
      }),
    );
  }

  static async start(options: SessionOptions = {}): Promise<LspSession> {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_JS, '--stdio'], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
    });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const session = new LspSession(child, connection);
    child.stderr!.on('data', (chunk: Buffer) => {
      session.stderr += chunk.toString('utf8');
    });
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const list = session.published.get(p.uri) ?? [];
      list.push(p);
      session.published.set(p.uri, list);
    });
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
      params.items.map(() => options.settings ?? {}),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('window/logMessage', () => undefined);
    connection.listen();
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: options.rootUri ?? null,
      locale: 'en',
      capabilities: {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: {
          publishDiagnostics: { versionSupport: true },
          completion: { completionItem: { snippetSupport: true } },
          hover: { contentFormat: ['markdown'] },
        },
      },
      workspaceFolders: options.rootUri ? [{ uri: options.rootUri, name: 'root' }] : null,
    };
    await connection.sendRequest('initialize', params);
    await connection.sendNotification('initialized', {});
    return session;
  }

  get alive(): boolean {
    return !this.exitedNow;
  }

  /** The newest diagnostics published for the uri, if any. */
  latest(uri: string): PublishDiagnosticsParams | undefined {
    const list = this.published.get(uri);
    return list?.[list.length - 1];
  }

  /** Lints what is pending for the uri and resolves once its diagnostics (if any) have arrived. */
  async settled(uri: string): Promise<void> {
    await this.connection.sendRequest('hpa/documentHpas', { uri });
  }

  /** Opens a document and returns the diagnostics published for this version (undefined: none came). */
  async open(uri: string, text: string, version = 1): Promise<PublishDiagnosticsParams | undefined> {
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version, text },
    });
    await this.settled(uri);
    const latest = this.latest(uri);
    return latest && (latest.version === undefined || latest.version === version) ? latest : undefined;
  }

  async change(uri: string, version: number, text: string): Promise<PublishDiagnosticsParams | undefined> {
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    await this.settled(uri);
    const latest = this.latest(uri);
    return latest && (latest.version === undefined || latest.version === version) ? latest : undefined;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Shuts the server down the polite way and waits for the process to end. */
  async stop(): Promise<void> {
    if (this.alive) {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
      await this.exited;
    }
    this.connection.dispose();
  }
}
