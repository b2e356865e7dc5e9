/**
 * A minimal LSP client for the server tests: spawns `node dist/server.js --stdio` and talks JSON-RPC
 * over its pipes as an editor does. Waits on notifications, never on timers.
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
import type {
  Diagnostic,
  InitializeParams,
  PublishDiagnosticsParams,
  TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const SERVER_PATH = resolve(REPO_ROOT, 'dist', 'server.js');
export const FIXTURES = resolve(REPO_ROOT, 'test', 'fixtures', 'lint');

export function fixtureUri(name: string): string {
  return pathToFileURL(resolve(FIXTURES, name)).toString();
}

export interface StartOptions {
  locale?: string;
  workspaceFolders?: string[];
  settings?: Record<string, unknown>;
  initializationOptions?: Record<string, unknown>;
}

type Waiter = {
  uri: string;
  accept: (p: PublishDiagnosticsParams) => boolean;
  resolve: (p: PublishDiagnosticsParams) => void;
};

export class LspClient {
  private readonly waiters: Waiter[] = [];
  /** Every publishDiagnostics received, newest last, by uri. */
  readonly published = new Map<string, PublishDiagnosticsParams[]>();

  private constructor(
    readonly process: ChildProcess,
    readonly connection: MessageConnection,
  ) {}

  static async start(options: StartOptions = {}): Promise<LspClient> {
    const child = spawn(process.execPath, [SERVER_PATH, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const client = new LspClient(child, connection);
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) =>
      client.receive(p),
    );
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) =>
      params.items.map(() => options.settings ?? {}),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onNotification('window/logMessage', () => undefined);
    connection.listen();
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: null,
      locale: options.locale ?? 'en',
      capabilities: {
        workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
        textDocument: { publishDiagnostics: { versionSupport: true } },
      },
      ...(options.initializationOptions ? { initializationOptions: options.initializationOptions } : {}),
      workspaceFolders: (options.workspaceFolders ?? []).map((f) => ({
        uri: pathToFileURL(f).toString(),
        name: f,
      })),
    };
    await connection.sendRequest('initialize', params);
    await connection.sendNotification('initialized', {});
    return client;
  }

  private receive(p: PublishDiagnosticsParams): void {
    const list = this.published.get(p.uri) ?? [];
    list.push(p);
    this.published.set(p.uri, list);
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i];
      if (w.uri === p.uri && w.accept(p)) {
        this.waiters.splice(i--, 1);
        w.resolve(p);
      }
    }
  }

  /** The next publishDiagnostics for the uri that satisfies `accept` (registered before the action that triggers it). */
  nextDiagnostics(
    uri: string,
    accept: (p: PublishDiagnosticsParams) => boolean = () => true,
  ): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.waiters.push({ uri, accept, resolve }));
  }

  async open(uri: string, text: string, version = 1): Promise<Diagnostic[]> {
    const next = this.nextDiagnostics(uri, (p) => p.version === undefined || p.version === version);
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version, text },
    });
    return (await next).diagnostics;
  }

  /** Opens a document and waits for the first diagnostics that satisfy `accept` (e.g. after the workspace scan). */
  async openUntil(
    uri: string,
    text: string,
    accept: (p: PublishDiagnosticsParams) => boolean,
  ): Promise<Diagnostic[]> {
    const next = this.nextDiagnostics(uri, accept);
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version: 1, text },
    });
    return (await next).diagnostics;
  }

  async change(
    uri: string,
    version: number,
    changes: TextDocumentContentChangeEvent[],
  ): Promise<Diagnostic[]> {
    const next = this.nextDiagnostics(uri, (p) => p.version === version);
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: changes,
    });
    return (await next).diagnostics;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  async stop(): Promise<void> {
    const exited = new Promise<void>((resolve) => this.process.once('exit', () => resolve()));
    await this.connection.sendRequest('shutdown');
    await this.connection.sendNotification('exit');
    await exited;
    this.connection.dispose();
  }
}

/** Diagnostics as compact tuples for exact assertions: [code, severity, startLine, startChar, endLine, endChar]. */
export function compact(diagnostics: Diagnostic[]): [string, number, number, number, number, number][] {
  return diagnostics.map((d) => [
    String(d.code),
    d.severity ?? 0,
    d.range.start.line,
    d.range.start.character,
    d.range.end.line,
    d.range.end.character,
  ]);
}
