/**
 * Entry point of the language server in a Web Worker (the web extension: vscode.dev, github.dev, a
 * VS Code server opened in a browser). The client (client/src/browserLanguageClient.ts) starts this
 * bundle and speaks LSP over the worker's messages; the service gets the browser host, which reads
 * files through the extension host and has no kustomize. scripts/build.mjs bundles it with
 * server/src/browserShims in place of the few Node modules whose pure functions the server uses.
 */
import {
  BrowserMessageReader,
  BrowserMessageWriter,
  createConnection,
  ProposedFeatures,
} from 'vscode-languageserver/browser';
import { BROWSER_HOST } from './lsp/browserHost';
import { startHpaService } from './lsp/service';

/**
 * The service yields with setImmediate (a turn of the event loop, no timer clamp), which workers do
 * not have: a message to a MessageChannel of our own is the same turn.
 */
function installSetImmediate(): void {
  const scope = globalThis as { setImmediate?: unknown };
  if (typeof scope.setImmediate === 'function') return;
  const channel = new MessageChannel();
  const queue: Array<() => void> = [];
  // Typed as Node's MessagePort here (no DOM library in server/): the worker's has onmessage.
  (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => queue.shift()?.();
  scope.setImmediate = (callback: (...args: unknown[]) => void, ...args: unknown[]) => {
    queue.push(() => callback(...args));
    channel.port2.postMessage(undefined);
  };
}

installSetImmediate();
const worker = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
const connection = createConnection(
  ProposedFeatures.all,
  new BrowserMessageReader(worker),
  new BrowserMessageWriter(worker),
);
startHpaService(connection, BROWSER_HOST);
connection.listen();
