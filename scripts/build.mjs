// Bundles the entry points with esbuild. Type-checking is `tsc -b`'s job, not this script's.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { browserServerOptions } from './browserServerBuild.mjs';
import { precompiledSchemas } from './precompiledSchemas.mjs';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
};
// The Node bundles carry ajv's standalone validators instead of compiling the schemas on start.
const node = { ...common, plugins: [precompiledSchemas()] };
// `hpa-lint --version` (server/src/cli/version.ts).
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

await Promise.all([
  build({
    ...common,
    entryPoints: ['client/src/extension.ts'],
    outfile: 'dist/client.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
  }),
  // The web extension's `browser` entry, for the web worker extension host (no Node built-ins).
  build({
    ...common,
    entryPoints: ['client/src/extensionBrowser.ts'],
    outfile: 'dist/clientBrowser.js',
    platform: 'browser',
    format: 'cjs',
    target: 'es2022',
    external: ['vscode'],
  }),
  // The web extension's language server, started by clientBrowser.js in a Web Worker.
  build(browserServerOptions({ production })),
  build({
    ...node,
    entryPoints: ['server/src/server.ts'],
    outfile: 'dist/server.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  }),
  build({
    ...node,
    entryPoints: ['server/src/cli.ts'],
    outfile: 'dist/cli.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    banner: { js: '#!/usr/bin/env node' },
    define: { HPA_LINT_VERSION: JSON.stringify(version) },
  }),
  // hpa-lint's worker threads (server/src/cli/parallelLint.ts), loaded from beside dist/cli.js.
  build({
    ...node,
    entryPoints: ['server/src/cli/lintWorker.ts'],
    outfile: 'dist/lintWorker.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  }),
  // The language server's overlay checks run in this process (server/src/overlays/overlayJobs.ts).
  build({
    ...common,
    entryPoints: ['server/src/overlays/overlayProcess.ts'],
    outfile: 'dist/overlayProcess.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
  }),
  build({
    ...common,
    entryPoints: ['webview/src/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  }),
  // The preview's simulations run in this Web Worker (webview/src/simulationRunner.ts).
  build({
    ...common,
    entryPoints: ['webview/src/simulationWorker.ts'],
    outfile: 'dist/simulationWorker.js',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
  }),
]);
