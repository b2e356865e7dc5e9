// The folders of server/src from the top down. A folder imports only the folders below it and the
// root files (settings.ts, localize.ts, usageError.ts), which import no folder; the entry points
// (server.ts, serverBrowser.ts, cli.ts) may import anything. eslint.config.mjs turns this list into rules, and
// test/unit/architecture/serverLayers.test.ts checks the real imports against it, so docs/architecture.md's
// picture cannot drift from the code.
export const SERVER_LAYERS = [
  'lsp', // the language server's wiring: connection, sync, diagnostics, custom requests
  'cli', // hpa-lint's commands: lint, simulate, tune, conformance
  'preview', // the preview's model, an overlay's preview, the standalone HTML report
  'features', // hover, completion, quick fixes
  'overlays', // overlays rendered with the real kustomize, the overlay process, rendered findings
  'lint', // the rules run over a file, cached; the warm-up
  'config', // .hpa-lint.yaml: the nearest file, its problems, the settings one file is linted with
  'rules', // one file per rule
  'schema', // ajv over schemas/, the precompiled validators
  'kustomize', // what kustomization files say: resources, patches, replicas entries, the layout
  'edits', // text edits in the user's own layout: spans, values, the behavior block
  'workspace', // objects, the index, scale targets, Pod templates, file paths, the disk scan
  'yaml', // the one adapter over the yaml library: documents, nodes, ranges, read sets
  'browserShims', // node:path/url/util's pure functions for the browser bundle (imported by no file)
];

/** The root files that any folder may import; they import no folder. */
export const SERVER_ROOT_FILES = ['settings.ts', 'localize.ts', 'usageError.ts'];

/** The entry points, which wire folders together and may import any of them. */
export const SERVER_ENTRY_POINTS = ['server.ts', 'serverBrowser.ts', 'cli.ts'];
