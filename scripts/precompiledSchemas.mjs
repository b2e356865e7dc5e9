// An esbuild plugin that puts ajv's standalone validators into the bundles in place of
// server/src/schema/schemaValidators.ts (which compiles the schemas with ajv at run time). The code
// comes from server/src/schema/standaloneSchemaCode.ts, bundled here in memory and run once per build,
// so the generator is the same TypeScript the tests run.
import { build } from 'esbuild';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNTIME_MODULE = resolve(ROOT, 'server/src/schema/schemaValidators.ts');
const GENERATOR = resolve(ROOT, 'server/src/schema/standaloneSchemaCode.ts');

async function generateCode() {
  const bundled = await build({
    entryPoints: [GENERATOR],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  const generatorModule = { exports: {} };
  const run = new Function('module', 'exports', 'require', bundled.outputFiles[0].text);
  run(generatorModule, generatorModule.exports, createRequire(GENERATOR));
  return generatorModule.exports.standaloneSchemaCode();
}

let code;

/** Generates once per build, shared by every bundle that includes the validators. */
export function precompiledSchemas() {
  return {
    name: 'precompiled-schemas',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]schema[\\/]schemaValidators\.ts$/ }, async (args) => {
        if (args.path !== RUNTIME_MODULE) return undefined;
        code ??= generateCode();
        return { contents: await code, loader: 'js', resolveDir: dirname(RUNTIME_MODULE) };
      });
    },
  };
}
