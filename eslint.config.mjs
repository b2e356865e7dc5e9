import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import { SERVER_ENTRY_POINTS, SERVER_LAYERS } from './server/layers.mjs';

const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

/** A relative import that climbs out of its folder into one of `folders` (or an entry point). */
function climbsInto(folders) {
  const names = [...folders, ...SERVER_ENTRY_POINTS.map((f) => f.replace(/\.ts$/, ''))];
  return `^(\\.\\./)+(${names.join('|')})(/|$)`;
}

/**
 * server/src in layers (server/layers.mjs): each folder may import only the folders below it. The
 * vscode ban is repeated here because a file's no-restricted-imports settings replace, not join,
 * those of an earlier block.
 */
const serverLayerRules = [
  ...SERVER_LAYERS.map((folder, rank) => ({
    files: [`server/src/${folder}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only client/ imports vscode.' }],
          patterns: [
            {
              regex: climbsInto(SERVER_LAYERS.slice(0, rank)),
              message: `server/src/${folder} may import only the folders below it (server/layers.mjs).`,
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['server/src/*.ts'],
    ignores: SERVER_ENTRY_POINTS.map((f) => `server/src/${f}`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'Only client/ imports vscode.' }],
          patterns: [
            {
              regex: `^\\./(${SERVER_LAYERS.join('|')})(/|$)`,
              message: 'The root files of server/src import no folder of it (server/layers.mjs).',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: ['node_modules/', 'dist/', 'dist-vsix/', 'dist-npm/', 'out/', '.vscode-test/', 'test/fixtures/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // The engine and shared types run in Node, in the browser and in the CLI: keep them pure.
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['vscode', 'yaml', 'ajv', ...nodeBuiltins].map((name) => ({
            name,
            message: 'common/ is pure TypeScript: no vscode, Node built-ins, yaml or ajv.',
          })),
        },
      ],
    },
  },
  {
    // Only the extension host may talk to VS Code.
    files: ['server/**/*.ts', 'webview/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'Only client/ imports vscode.' }] },
      ],
    },
  },
  ...serverLayerRules,
  {
    // CommonJS helpers preloaded with `node -r` (the network trap) are plain Node scripts.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        globalThis: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        __dirname: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
