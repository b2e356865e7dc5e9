/**
 * The web transport: dist/serverBrowser.js in a Web Worker of its own, spoken to with
 * vscode-languageclient/browser's message reader and writer.
 *
 * Why a blob: URL. The web worker extension host lets an extension start a Worker only from a
 * `file:` or http(s) URL; an extension installed on a VS Code server (code-server, Codespaces, a
 * tunnel) has a `vscode-remote:` location, and `new Worker()` on it throws "Creating workers from
 * remote extensions is currently not supported" (VS Code 1.96, microsoft/vscode#168942). The
 * server's bundle is one self-contained script, so the host reads it (through the same file system
 * that serves the extension) and starts it from a blob: URL, which every host accepts: the server
 * still runs in its own worker, off the extension host's thread.
 */
import * as vscode from 'vscode';
import {
  BaseLanguageClient,
  BrowserMessageReader,
  BrowserMessageWriter,
  type LanguageClientOptions,
  type MessageTransports,
} from 'vscode-languageclient/browser';
import { BROWSER_DOCUMENT_SELECTOR, CLIENT_ID, CLIENT_NAME, hpaClientOptions } from './languageClient';
import type { ServerRestartPolicy } from './serverRestartPolicy';
import { answerWorkspaceFileRequests } from './workspaceFileRequests';

/** The server bundle of the web extension (scripts/build.mjs). */
export const BROWSER_SERVER_SCRIPT = 'serverBrowser.js';

/** What this file uses of a DOM Worker (the client is type-checked without the DOM library). */
interface ServerWorker {
  postMessage(message: unknown): void;
  terminate(): void;
}
type WorkerConstructor = new (url: string, options?: { name?: string }) => ServerWorker;

/** The bundle's bytes: the workspace file system first (it serves vscode-remote), else fetch (https). */
async function readServerScript(uri: vscode.Uri): Promise<Uint8Array> {
  try {
    return await vscode.workspace.fs.readFile(uri);
  } catch (fsError) {
    const response = await fetch(uri.toString(true)).catch(() => undefined);
    if (!response?.ok) throw fsError;
    return new Uint8Array(await response.arrayBuffer());
  }
}

/** Starts the server's worker from a blob: URL of its bundle (see the file comment for why). */
export async function startServerWorker(extensionUri: vscode.Uri): Promise<ServerWorker> {
  const WorkerClass = (globalThis as { Worker?: WorkerConstructor }).Worker;
  if (!WorkerClass) throw new Error('this extension host cannot start a Web Worker');
  const script = await readServerScript(vscode.Uri.joinPath(extensionUri, 'dist', BROWSER_SERVER_SCRIPT));
  // Not revoked: the worker loads the script asynchronously after construction, and a restart
  // makes a new URL; one URL per start of the server is all this keeps.
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  return new WorkerClass(url, { name: 'HPA language server' });
}

/**
 * A language client whose server is a Web Worker started on each (re)start: a restarted client
 * gets a fresh worker, and a stopped one terminates it.
 */
export class WorkerLanguageClient extends BaseLanguageClient {
  private worker: ServerWorker | undefined;

  constructor(
    options: LanguageClientOptions,
    private readonly startWorker: () => Promise<ServerWorker>,
  ) {
    super(CLIENT_ID, CLIENT_NAME, options);
  }

  protected async createMessageTransports(): Promise<MessageTransports> {
    this.worker?.terminate();
    const worker = await this.startWorker();
    this.worker = worker;
    // The reader and writer take a DOM Worker; ServerWorker is the part of it this file names.
    const port = worker as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
    return { reader: new BrowserMessageReader(port), writer: new BrowserMessageWriter(port) };
  }

  override async stop(timeout?: number): Promise<void> {
    try {
      await super.stop(timeout);
    } finally {
      this.worker?.terminate();
      this.worker = undefined;
    }
  }
}

export function createBrowserLanguageClient(
  context: vscode.ExtensionContext,
  output: vscode.OutputChannel,
  errorHandler: ServerRestartPolicy,
): WorkerLanguageClient {
  const options = hpaClientOptions(context, output, errorHandler, BROWSER_DOCUMENT_SELECTOR);
  const client = new WorkerLanguageClient(options, () => startServerWorker(context.extensionUri));
  context.subscriptions.push(...answerWorkspaceFileRequests(client));
  return client;
}
