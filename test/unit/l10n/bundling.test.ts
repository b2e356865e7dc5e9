/**
 * The bundles are inlined where they are read and nowhere else: dist/webview.js (and so the
 * standalone HTML report, which embeds it) carries the preview's texts in every language and none
 * of the server's or the features'; dist/server.js and dist/cli.js carry theirs; the extension
 * host's bundles (dist/client.js, dist/clientBrowser.js) carry the client's and no other client
 * reads them. Needs
 * `node scripts/build.mjs` first, as the other tests of dist/ do.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLIENT_CATALOG } from '../../../common/l10n/catalogs/client';
import { FEATURES_CATALOG } from '../../../common/l10n/catalogs/features';
import { PREVIEW_CATALOG } from '../../../common/l10n/catalogs/preview';
import { SERVER_CATALOG } from '../../../common/l10n/catalogs/server';

const DIST = join(__dirname, '..', '..', '..', 'dist');
const bundle = (name: string): string => readFileSync(join(DIST, name), 'utf8');

/** Whether a text is in the code as esbuild writes a string literal (non-ASCII as \\uXXXX, or as is). */
function appears(code: string, text: string): boolean {
  const literal = JSON.stringify(text).slice(1, -1);
  const escaped = literal.replace(
    /[^\x20-\x7e]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
  return code.includes(escaped) || code.includes(literal);
}

test('the webview carries the preview in every language and nothing of the server or the features', () => {
  const webview = bundle('webview.js');
  for (const table of Object.values(PREVIEW_CATALOG)) assert.ok(appears(webview, table.simplifications));
  assert.ok(!appears(webview, FEATURES_CATALOG.ja['field.behavior']), 'the features are not in the webview');
  assert.ok(
    !appears(webview, SERVER_CATALOG.ja['{path}: Required value']!),
    'the server is not in the webview',
  );
});

test('the server and the CLI carry their own texts, the CLI none of the features', () => {
  const server = bundle('server.js');
  const cli = bundle('cli.js');
  for (const code of [server, cli]) {
    assert.ok(appears(code, SERVER_CATALOG.ja['{path}: Required value']!));
    assert.ok(appears(code, SERVER_CATALOG['zh-tw']['{path}: Required value']!));
  }
  assert.ok(appears(server, FEATURES_CATALOG['zh-tw']['field.behavior']));
  assert.ok(!appears(cli, FEATURES_CATALOG['zh-tw']['field.behavior']), 'the CLI has no hovers');
});

test("the extension host's bundles carry the client's texts in every language; the others none", () => {
  const sample = 'kubernetesVersion.notConfigured';
  for (const name of ['client.js', 'clientBrowser.js']) {
    const code = bundle(name);
    for (const table of Object.values(CLIENT_CATALOG))
      assert.ok(appears(code, table[sample]), `${name}: ${table[sample]}`);
  }
  for (const name of ['webview.js', 'server.js', 'cli.js'])
    assert.ok(!appears(bundle(name), CLIENT_CATALOG.ja[sample]), `the client's texts are not in ${name}`);
});
