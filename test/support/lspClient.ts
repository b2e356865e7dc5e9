/**
 * The one LSP client of the tests, the fuzz and the benchmarks: JSON-RPC over a server's stdio as an
 * editor speaks it (`LspClient.start`, by default `node dist/server.js --stdio`), or over in-memory
 * streams to the service running in this process (`startInProcess` in ./inProcessLsp.ts). It waits on
 * what the server sends (a publish, or the answer to a request), never on timers.
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
  ClientCapabilities,
  Diagnostic,
  InitializeParams,
  PublishDiagnosticsParams,
  TextDocumentContentChangeEvent,
} from 'vscode-languageserver-protocol';

export const REPO_ROOT = resolve(__dirname, '..', '..');
export const SERVER_JS = resolve(REPO_ROOT, 'dist', 'server.js');
export const FIXTURES = resolve(REPO_ROOT, 'test', 'fixtures', 'lint');

export function fixtureUri(name: string): string {
  return pathToFileURL(resolve(FIXTURES, name)).toString();
}

/** What the client declares unless told otherwise: settings pulled, file watching, versioned diagnostics. */
export const BASE_CAPABILITIES: ClientCapabilities = {
  workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } },
  textDocument: { publishDiagnostics: { versionSupport: true } },
};

/** BASE_CAPABILITIES and what an editor adds for the features: snippet completions, markdown hovers. */
export const EDITOR_CAPABILITIES: ClientCapabilities = {
  workspace: BASE_CAPABILITIES.workspace,
  textDocument: {
    publishDiagnostics: { versionSupport: true },
    completion: { completionItem: { snippetSupport: true } },
    hover: { contentFormat: ['markdown'] },
  },
};

export interface ClientOptions {
  /** The `locale` of initialize; 'en' when absent. */
  locale?: string;
  /** Folders (paths) sent as workspaceFolders. */
  workspaceFolders?: string[];
  /** A rootUri, also sent as the one workspace folder when `workspaceFolders` is absent. */
  rootUri?: string | null;
  /** What each item of a `workspace/configuration` request is answered with ({} when absent). */
  settings?: Record<string, unknown>;
  /** The answer for one configuration item by its section; overrides `settings`. May wait. */
  configuration?: (section: string | undefined) => unknown;
  /** Sent as `workspace/didChangeConfiguration` right after `initialized`, when given. */
  changedConfiguration?: Record<string, unknown>;
  initializationOptions?: Record<string, unknown>;
  capabilities?: ClientCapabilities;
  /** Sets the test's own handlers (a custom request the server sends at start-up, say) before `initialize`. */
  handlers?: (connection: MessageConnection) => void;
  /** Keep every publishDiagnostics in `published` (default true; the benchmarks send thousands). */
  recordPublished?: boolean;
}

export interface SpawnOptions extends ClientOptions {
  /** The script and its arguments after `node` and `nodeArgs`; `[SERVER_JS, '--stdio']` when absent. */
  serverArgs?: string[];
  /** Node flags before the script, e.g. ['-r', trap]. */
  nodeArgs?: string[];
  env?: NodeJS.ProcessEnv;
}

type Waiter = {
  uri: string;
  accept: (p: PublishDiagnosticsParams) => boolean;
  resolve: (p: PublishDiagnosticsParams) => void;
};

export class LspClient {
  private readonly waiters: Waiter[] = [];
  /** Every publishDiagnostics received, newest last, by uri (unless `recordPublished` is false). */
  readonly published = new Map<string, PublishDiagnosticsParams[]>();
  /** What the server wrote to stderr so far (a spawned server). */
  stderr = '';
  private ended = false;

  private constructor(
    readonly connection: MessageConnection,
    private readonly record: boolean,
    /** Ends the transport once the server has been told to stop (or, in process, instead of that). */
    private readonly end: (polite: () => Promise<void>) => Promise<void>,
    /** The server's process, when it runs in one of its own. */
    readonly process?: ChildProcess,
  ) {}

  /** Spawns the server (`node [nodeArgs] serverArgs`) and initializes it. */
  static async start(options: SpawnOptions = {}): Promise<LspClient> {
    const child = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), ...(options.serverArgs ?? [SERVER_JS, '--stdio'])],
      { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...options.env } },
    );
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const connection = createMessageConnection(
      new StreamMessageReader(child.stdout!),
      new StreamMessageWriter(child.stdin!),
    );
    const client = new LspClient(
      connection,
      options.recordPublished ?? true,
      async (polite) => {
        if (!client.ended) {
          // A server that does not answer shutdown within two seconds is killed.
          const kill = setTimeout(() => child.kill(), 2000);
          kill.unref();
          await polite().catch(() => undefined);
          await exited;
          clearTimeout(kill);
        }
        connection.dispose();
      },
      child,
    );
    child.once('exit', () => (client.ended = true));
    child.stderr!.on('data', (chunk: Buffer) => {
      client.stderr += chunk.toString('utf8');
    });
    await client.initialize(options, process.pid);
    return client;
  }

  /** A client over a connection someone else made (./inProcessLsp.ts); `end` closes it. */
  static async over(
    connection: MessageConnection,
    options: ClientOptions,
    end: () => Promise<void>,
  ): Promise<LspClient> {
    const client = new LspClient(connection, options.recordPublished ?? true, () => end());
    // No processId: the server would watch this process, its own, and keep a timer alive for it.
    await client.initialize(options, null);
    return client;
  }

  private async initialize(options: ClientOptions, processId: number | null): Promise<void> {
    const connection = this.connection;
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) =>
      this.receive(p),
    );
    const answer = options.configuration ?? (() => options.settings ?? {});
    connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
      Promise.all(params.items.map((item) => answer(item.section))),
    );
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('window/workDoneProgress/create', () => null);
    connection.onNotification(() => undefined); // logMessage, telemetry, progress: nothing to show
    options.handlers?.(connection);
    connection.listen();
    const folders = options.workspaceFolders
      ? options.workspaceFolders.map((f) => ({ uri: pathToFileURL(f).toString(), name: f }))
      : options.rootUri
        ? [{ uri: options.rootUri, name: 'root' }]
        : [];
    const params: InitializeParams = {
      processId,
      rootUri: options.rootUri ?? null,
      locale: options.locale ?? 'en',
      capabilities: options.capabilities ?? BASE_CAPABILITIES,
      ...(options.initializationOptions ? { initializationOptions: options.initializationOptions } : {}),
      workspaceFolders: folders,
    };
    await connection.sendRequest('initialize', params);
    await connection.sendNotification('initialized', {});
    if (options.changedConfiguration)
      await connection.sendNotification('workspace/didChangeConfiguration', {
        settings: options.changedConfiguration,
      });
  }

  /** False once the server's process has ended. */
  get alive(): boolean {
    return !this.ended;
  }

  get pid(): number | undefined {
    return this.process?.pid;
  }

  private receive(p: PublishDiagnosticsParams): void {
    if (this.record) {
      const list = this.published.get(p.uri) ?? [];
      list.push(p);
      this.published.set(p.uri, list);
    }
    for (let i = 0; i < this.waiters.length; i++) {
      const w = this.waiters[i]!;
      if (w.uri === p.uri && w.accept(p)) {
        this.waiters.splice(i--, 1);
        w.resolve(p);
      }
    }
  }

  /** The newest diagnostics published for the uri, if any. */
  latest(uri: string): PublishDiagnosticsParams | undefined {
    const list = this.published.get(uri);
    return list?.[list.length - 1];
  }

  /** The next publishDiagnostics for the uri that satisfies `accept` (registered before the action that triggers it). */
  nextDiagnostics(
    uri: string,
    accept: (p: PublishDiagnosticsParams) => boolean = () => true,
  ): Promise<PublishDiagnosticsParams> {
    return new Promise((resolve) => this.waiters.push({ uri, accept, resolve }));
  }

  /** Sends a notification and resolves with the next diagnostics for `uri` that `accept` takes. */
  async notifyThenDiagnostics(
    method: string,
    params: unknown,
    uri: string,
    accept: (p: PublishDiagnosticsParams) => boolean = () => true,
  ): Promise<PublishDiagnosticsParams> {
    const next = this.nextDiagnostics(uri, accept);
    await this.connection.sendNotification(method, params);
    return next;
  }

  /** Opens a document and waits for the diagnostics of this version. */
  async open(uri: string, text: string, version = 1): Promise<Diagnostic[]> {
    return this.openUntil(uri, text, (p) => p.version === undefined || p.version === version, version);
  }

  /** Opens a document and waits for the first diagnostics that satisfy `accept` (e.g. after the workspace scan). */
  async openUntil(
    uri: string,
    text: string,
    accept: (p: PublishDiagnosticsParams) => boolean,
    version = 1,
  ): Promise<Diagnostic[]> {
    const published = await this.notifyThenDiagnostics(
      'textDocument/didOpen',
      { textDocument: { uri, languageId: 'yaml', version, text } },
      uri,
      accept,
    );
    return published.diagnostics;
  }

  /** Sends the changes and waits for the diagnostics of `version`. */
  async change(
    uri: string,
    version: number,
    changes: TextDocumentContentChangeEvent[],
  ): Promise<Diagnostic[]> {
    const published = await this.notifyThenDiagnostics(
      'textDocument/didChange',
      { textDocument: { uri, version }, contentChanges: changes },
      uri,
      (p) => p.version === version,
    );
    return published.diagnostics;
  }

  /**
   * Lints what is pending for the uri and resolves once its diagnostics (if any) have arrived: the
   * server's `hpa/documentHpas` handler lints pending documents first, so its answer comes after them.
   */
  async settled(uri: string): Promise<void> {
    await this.connection.sendRequest('hpa/documentHpas', { uri });
  }

  /**
   * Opens a document, then `settled`: the diagnostics published for this version, or undefined when
   * none came (a server that publishes nothing for it, or is gone). For input that may publish nothing.
   */
  async openSettled(uri: string, text: string, version = 1): Promise<PublishDiagnosticsParams | undefined> {
    await this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'yaml', version, text },
    });
    return this.settledVersion(uri, version);
  }

  /** Replaces the whole text, then `settled`, as `openSettled`. */
  async changeSettled(
    uri: string,
    version: number,
    text: string,
  ): Promise<PublishDiagnosticsParams | undefined> {
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ text }],
    });
    return this.settledVersion(uri, version);
  }

  private async settledVersion(uri: string, version: number): Promise<PublishDiagnosticsParams | undefined> {
    await this.settled(uri);
    const latest = this.latest(uri);
    return latest && (latest.version === undefined || latest.version === version) ? latest : undefined;
  }

  async close(uri: string): Promise<void> {
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  request<R>(method: string, params?: unknown): Promise<R> {
    return this.connection.sendRequest(method, params) as Promise<R>;
  }

  /** Shuts the server down the polite way (shutdown, exit) and waits for it to end. */
  async stop(): Promise<void> {
    await this.end(async () => {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    });
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
