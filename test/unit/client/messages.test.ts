/**
 * The VS Code client's texts come from common/l10n's client domain in the language VS Code runs in,
 * normalised as the server normalises the LSP `locale`; client/src writes no text through
 * `vscode.l10n`, and every text of the domain is one the client shows.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { CLIENT_CATALOG } from '../../../common/l10n/catalogs/client';
import { clientMessage } from '../../../client/src/messages';

const ROOT = join(__dirname, '..', '..', '..');
const CLIENT_SRC = join(ROOT, 'client', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const sources = sourceFiles(CLIENT_SRC).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

test('Japanese: the preview tab, the restart notice and the Kubernetes version item', () => {
  assert.equal(clientMessage('ja', 'preview.titleLocked', { hpa: 'api' }), 'HPAプレビュー (ロック中): api');
  assert.equal(
    clientMessage('ja', 'server.gaveUp', { count: 5 }),
    'HPA言語サーバーが3分間に5回停止したため、これ以上再起動しません。詳細は「HPA」出力を参照してください。',
  );
  assert.equal(
    clientMessage('ja', 'kubernetesVersion.fromFile', { file: 'versions/.hpa-lint.yaml' }),
    'versions/.hpa-lint.yamlから',
  );
  assert.equal(
    clientMessage('ja', 'preview.tooLarge', { file: 'load.csv', bytes: 20000001 }),
    'load.csvは大きすぎるため読み込めません (20000001バイト)。',
  );
});

test('Traditional Chinese: the same texts, with full-width punctuation', () => {
  assert.equal(clientMessage('zh-tw', 'preview.titleLocked', { hpa: 'api' }), 'HPA 預覽（已鎖定）：api');
  assert.equal(
    clientMessage('zh-tw', 'server.gaveUp', { count: 5 }),
    'HPA 語言伺服器在 3 分鐘內停止了 5 次，將不再重新啟動。詳細資訊請參閱「HPA」輸出。',
  );
  assert.equal(
    clientMessage('zh-tw', 'kubernetesVersion.releaseWithGates', {
      release: '1.36',
      gates: 'HPAConfigurableTolerance',
    }),
    'Kubernetes 1.36（HPAConfigurableTolerance）',
  );
  assert.equal(clientMessage('zh-tw', 'apply.failed', { error: 'EACCES' }), '無法寫入 behavior：EACCES');
});

test("VS Code's language tags pick the language the way the server's normaliser does", () => {
  const title = (language: string) => clientMessage(language, 'preview.titleOf', { hpa: 'api' });
  assert.equal(title('en'), 'HPA Preview: api');
  assert.equal(title('en-US'), 'HPA Preview: api');
  assert.equal(title('ja'), 'HPAプレビュー: api');
  assert.equal(title('zh-tw'), 'HPA 預覽：api');
  assert.equal(title('zh-TW'), 'HPA 預覽：api');
  assert.equal(title('zh-hk'), 'HPA 預覽：api');
  // Languages we do not speak read English, Simplified Chinese included (see common/l10n/locales.ts).
  assert.equal(title('zh-cn'), 'HPA Preview: api');
  assert.equal(title('de'), 'HPA Preview: api');
});

test('client/src writes no text through vscode.l10n: its texts are the client domain of common/l10n', () => {
  const oldMechanism = sources
    .filter(({ text }) => /\bl10n\.t\(/.test(text))
    .map(({ file }) => file.slice(ROOT.length + 1));
  assert.deepEqual(oldMechanism, []);
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;
  assert.equal(manifest.l10n, undefined, 'package.json names no vscode.l10n bundle folder');
});

test('every text of the client domain is one the client shows', () => {
  // The files that call the client's t() (client/src/prometheus has a t() of its own domain).
  const callers = sources.filter(({ text }) =>
    /import \{[^}]*\bt\b[^}]*\} from '(?:\.\.?\/)+localize'/.test(text),
  );
  const used = new Set(
    callers.flatMap(({ text }) => [...text.matchAll(/(?<![\w.])t\(\s*'([\w.]+)'/g)].map((m) => m[1]!)),
  );
  assert.ok(used.size >= 25, `only ${used.size} keys found in client/src: the scan lost its way`);
  assert.deepEqual(
    Object.keys(CLIENT_CATALOG.en).filter((key) => !used.has(key)),
    [],
  );
  assert.deepEqual(
    [...used].filter((key) => !(key in CLIENT_CATALOG.en)),
    [],
  );
});
