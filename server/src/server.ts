/**
 * Entry point of the language server: creates the connection (stdio with `--stdio`, IPC or sockets as
 * the client chooses) and hands it to the service with the Node host (the disk, kustomize). Nothing
 * else lives here. The web extension's entry point is serverBrowser.ts.
 */
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { NODE_HOST } from './lsp/nodeHost';
import { startHpaService } from './lsp/service';

// stdout carries the protocol: anything written with console.log would corrupt it.
console.log = console.error;
console.info = console.error;

const connection = createConnection(ProposedFeatures.all);
startHpaService(connection, NODE_HOST);
connection.listen();
