/**
 * The language service in this process, spoken to by the one test client (./lspClient.ts) over
 * in-memory streams: what the server does is visible to the test (the parse counter of
 * server/src/yaml/documents.ts, say), and no build is needed.
 */
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import { NODE_HOST } from '../../server/src/lsp/nodeHost';
import type { ServerHost } from '../../server/src/lsp/serverHost';
import { startHpaService } from '../../server/src/lsp/service';
import { type ClientOptions, LspClient } from './lspClient';

/**
 * Starts the service on in-memory streams (with the Node host unless told otherwise: BROWSER_HOST is
 * the browser server's) and initializes it. `stop()` sends `shutdown` (so no publish is still under
 * way), no `exit` (the service would end this process), and closes the streams.
 */
export function startInProcess(
  options: ClientOptions = {},
  host: ServerHost = NODE_HOST,
): Promise<LspClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startHpaService(server, host);
  server.listen();
  const connection = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  return LspClient.over(connection, options, async () => {
    await connection.sendRequest('shutdown');
    connection.dispose();
    toServer.end();
    toClient.end();
  });
}
