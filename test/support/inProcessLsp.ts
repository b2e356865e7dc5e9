/**
 * The language service in this process, spoken to by the one test client (./lspClient.ts) over
 * in-memory streams: what the server does is visible to the test (the parse counter of
 * server/src/yaml/documents.ts, say), and no build is needed.
 */
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { createConnection } from 'vscode-languageserver/node';
import { startHpaService } from '../../server/src/lsp/service';
import { type ClientOptions, LspClient } from './lspClient';

/**
 * Starts the service on in-memory streams and initializes it. `stop()` sends no `exit` (the service
 * would end this process): it closes the streams, which ends both connections.
 */
export function startInProcess(options: ClientOptions = {}): Promise<LspClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startHpaService(server);
  server.listen();
  const connection = createMessageConnection(
    new StreamMessageReader(toClient),
    new StreamMessageWriter(toServer),
  );
  return LspClient.over(connection, options, async () => {
    connection.dispose();
    toServer.end();
    toClient.end();
  });
}
