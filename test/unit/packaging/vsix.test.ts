// What goes into the .vsix: `.vscodeignore` is an allow-list, and this test holds it to exactly the
// files the installed extension reads at run time (checked through vsce itself, so a vsce upgrade
// that changes how the list is read shows up here).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..', '..');

/** Files that must be in every package: the bundles (the web extension's client and server, with the preview's stylesheet and worker, the CLI's lint worker and the server's overlay process), the manifest, its strings and the licence. */
const REQUIRED = [
  'package.json',
  'README.md',
  'LICENSE',
  'dist/client.js',
  'dist/server.js',
  'dist/clientBrowser.js',
  'dist/serverBrowser.js',
  'dist/webview.js',
  'dist/webview.css',
  'dist/simulationWorker.js',
  'dist/cli.js',
  'dist/lintWorker.js',
  'dist/overlayProcess.js',
  'package.nls.json',
  'package.nls.ja.json',
  'package.nls.zh-tw.json',
  'CHANGELOG.md',
  'media/icon.png',
];

/** Everything the package may hold; anything else is a leak (sources, maps, tests, dependencies). */
const ALLOWED = [
  /^package\.json$/,
  /^README\.md$/,
  /^LICENSE$/,
  /^dist\/(client|server|clientBrowser|serverBrowser|webview|simulationWorker|cli|lintWorker|overlayProcess)\.js$/,
  /^dist\/webview\.css$/,
  /^package\.nls(\.[a-z]{2}(-[a-z]{2})?)?\.json$/,
  /^schemas\/[\w.-]+\.json$/,
  /^docs\/rules\/(README|[a-z0-9-]+)\.md$/,
  // The Marketplace listing and the walkthrough (test/unit/packaging/marketplace.test.ts).
  /^CHANGELOG\.md$/,
  /^media\/icon\.png$/,
  /^media\/walkthrough\/[a-z0-9-]+\.(md|png)$/,
];

function packagedFiles(): string[] {
  const missingBundles = ['client', 'server', 'webview', 'cli'].filter(
    (b) => !existsSync(join(root, 'dist', `${b}.js`)),
  );
  assert.deepEqual(missingBundles, [], 'build the bundles first (node scripts/build.mjs)');
  const vsce = join(root, 'node_modules', '.bin', 'vsce');
  const output = execFileSync(vsce, ['ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .sort();
}

const files = packagedFiles();

test('the package holds every file the extension needs at run time', () => {
  assert.deepEqual(
    REQUIRED.filter((file) => !files.includes(file)),
    [],
  );
});

test('the package holds nothing outside the allow-list', () => {
  assert.deepEqual(
    files.filter((file) => !ALLOWED.some((pattern) => pattern.test(file))),
    [],
  );
});

test('no sources, source maps, tests or dependencies are packaged', () => {
  const leaks = files.filter(
    (file) =>
      /\.(ts|map|mjs)$/.test(file) ||
      /(^|\/)(node_modules|src|test|out|bench|scripts|\.vscode-test)\//.test(file),
  );
  assert.deepEqual(leaks, []);
});

test('every path the manifest points at is packaged', () => {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    main: string;
    bin?: Record<string, string>;
  };
  const pointed = [manifest.main, ...Object.values(manifest.bin ?? {})].map((p) => p.replace(/^\.\//, ''));
  assert.deepEqual(
    pointed.filter((p) => !files.includes(p)),
    [],
  );
});

/**
 * The extension host asks the language server about HPAs; it carries no YAML parser of its own. The
 * markers are messages of the `yaml` package's parser (and js-yaml's error class); the server bundle
 * must hold the first ones, which shows they are still the parser's words and the check can fail.
 */
test('dist/client.js contains no YAML parser', () => {
  const client = readFileSync(join(root, 'dist', 'client.js'), 'utf8');
  const server = readFileSync(join(root, 'dist', 'server.js'), 'utf8');
  const markers = ['YAMLParseError', 'Nested mappings are not allowed in compact mappings'];
  for (const marker of markers) assert.ok(server.includes(marker), `the server's parser says "${marker}"`);
  assert.deepEqual(
    [...markers, 'YAMLException'].filter((marker) => client.includes(marker)),
    [],
  );
});
