/** The Node entry point (`main`): the desktop, and the Node extension host of a VS Code server. */
import { createNodeLanguageClient } from './nodeLanguageClient';
import { entryPoints } from './startExtension';

export const { activate, deactivate } = entryPoints({
  host: 'Node.js',
  createClient: createNodeLanguageClient,
});
