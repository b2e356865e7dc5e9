// The esbuild options of the browser language server (dist/serverBrowser.js), shared by
// scripts/build.mjs and the Chromium test that runs the bundle in a real Web Worker.
import { join, resolve } from 'node:path';
import { precompiledSchemas } from './precompiledSchemas.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const SHIMS = join(ROOT, 'server', 'src', 'browserShims');

/**
 * A classic worker script (iife: the client starts it from a blob: URL, which module workers would
 * resolve nothing against). Node's pure path, URL and util functions come from server/src/browserShims
 * (their README says why); any other Node module fails the build, which is the check that the browser
 * server holds no Node code. The schemas come precompiled: the worker may not evaluate code.
 */
export function browserServerOptions({ production = false } = {}) {
  return {
    entryPoints: [join(ROOT, 'server', 'src', 'serverBrowser.ts')],
    outfile: join(ROOT, 'dist', 'serverBrowser.js'),
    bundle: true,
    sourcemap: !production,
    minify: production,
    logLevel: 'warning',
    legalComments: 'none',
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    alias: {
      'node:path': join(SHIMS, 'path.ts'),
      'node:url': join(SHIMS, 'url.ts'),
      'node:util': join(SHIMS, 'util.ts'),
    },
    plugins: [precompiledSchemas()],
  };
}
