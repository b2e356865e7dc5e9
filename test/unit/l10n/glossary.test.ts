/**
 * The Japanese and Traditional Chinese texts hold to /work/shared/docs/l10n-glossary.md: one term
 * per concept (each avoided variant is listed with the term to use instead) and one typography
 * rule per language. Every translated bundle is read: the server's, the features', the preview's,
 * the client's and the manifest's (package.nls.*.json).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { LOCALES, type Locale } from '../../../common/l10n/locales';

const ROOT = join(__dirname, '..', '..', '..');

function bundlesOf(locale: Locale): Map<string, Record<string, string>> {
  const files = [
    ...['server', 'features', 'preview', 'prometheus', 'tune', 'client'].map(
      (domain) => `common/l10n/bundles/${locale}/${domain}.json`,
    ),
    `package.nls.${locale}.json`,
  ];
  return new Map(
    files.map((file) => [file, JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as Record<string, string>]),
  );
}

interface Avoided {
  readonly pattern: RegExp;
  readonly instead: string;
  /** A typography rule: read in the prose only, not in code spans or formulas such as max(2 × x, 4). */
  readonly prose?: true;
  /** Only in this bundle, where the placeholder means what the rule assumes. */
  readonly only?: string;
}

const prose = (text: string): string => text.replace(/`[^`]*`|max\([^)]*\)/g, 'x');

const CJK = '\\u3000-\\u30ff\\u4e00-\\u9fff\\uff01-\\uff60';

const AVOIDED: Partial<Record<Locale, readonly Avoided[]>> = {
  ja: [
    { pattern: /既定値/, instead: 'デフォルト' },
    { pattern: /望ましいレプリカ数/, instead: '理想のレプリカ数' },
    { pattern: /コンテナー/, instead: 'コンテナ' },
    { pattern: /メモリー/, instead: 'メモリ' },
    { pattern: /リクエスト/, instead: 'リソース要求' },
    { pattern: /(?<!リソース|HTTP)要求/, instead: 'リソース要求 (not bare 要求)' },
    { pattern: /ターゲット/, instead: 'スケール対象 or 目標値' },
    { pattern: /固定中|に固定|固定を解除/, instead: 'ロック / ロック中' },
    { pattern: /既存の方式|レガシー/, instead: '従来の方式' },
    {
      pattern: /スケール回数|オートスケール(?!ラー)/,
      instead: 'スケーリング (either direction) / オートスケーラー',
    },
    {
      pattern: new RegExp(`[${CJK}] +[A-Za-z0-9{\`%]|[A-Za-z0-9}\`%] +[${CJK}]`),
      instead: 'no space between Japanese and numbers or Latin words',
      prose: true,
    },
  ],
  'zh-tw': [
    { pattern: /自動擴縮器/, instead: '自動擴展器' },
    { pattern: /特性門控/, instead: '功能閘道' },
    { pattern: /擴展次數/, instead: '調整次數 (it counts scale-downs too)' },
    { pattern: /擴展策略限制了縮減/, instead: '縮減策略' },
    { pattern: /(?:\d|\})\s*分(?!鐘)/, instead: '分鐘' },
    { pattern: /(?<!資源)請求/, instead: '資源請求 (not bare 請求)' },
    { pattern: /舊有方式|舊版路徑/, instead: '舊版方式' },
    { pattern: /擴縮目標/, instead: '擴展目標' },
    {
      // Characters written only in Simplified Chinese, each with a Traditional form our texts use.
      pattern:
        /[这们为说时间个设请数据执应该条资务显认错误载检删选择态组项标节点门闸缩扩稳级别与无将对会还从计调预览锁输档]/,
      instead: 'the Traditional character',
    },
    {
      pattern: /\{(?:period|window|time|duration)\} (?![秒分小])(?=[\u4e00-\u9fff])/,
      instead: 'no space between a formatted duration (60 秒) and the verb: 每 60 秒最多移除',
      only: 'features.json', // where {period} and {window} are formatted durations, not bare numbers
    },
    {
      pattern: new RegExp(`[${CJK}] ?[,:;(]`),
      instead: 'full-width ，：；（ after Chinese text',
      prose: true,
    },
    { pattern: /[，：] /, instead: 'no space after a full-width comma or colon', prose: true },
  ],
};

for (const locale of LOCALES) {
  const avoided = AVOIDED[locale];
  if (avoided === undefined) continue;
  test(`${locale}: the glossary's terms and typography in every bundle`, () => {
    const found: string[] = [];
    for (const [file, bundle] of bundlesOf(locale)) {
      for (const [key, text] of Object.entries(bundle)) {
        for (const { pattern, instead, prose: proseOnly, only } of avoided) {
          if (only !== undefined && !file.endsWith(only)) continue;
          const match = pattern.exec(proseOnly === true ? prose(text) : text);
          if (match !== null) found.push(`${file} ${key}: "${match[0]}" → ${instead}`);
        }
      }
    }
    assert.deepEqual(found, []);
  });
}

test('the avoided-variant lists catch what they name', () => {
  const ja = AVOIDED.ja ?? [];
  const zhTw = AVOIDED['zh-tw'] ?? [];
  const caught = (list: readonly Avoided[], text: string): boolean =>
    list.some(({ pattern }) => pattern.test(text));
  assert.ok(caught(ja, 'デフォルトは既定値'));
  assert.ok(caught(ja, '15秒あたり 4 Pod'));
  assert.ok(caught(ja, 'Pod の数'));
  assert.ok(caught(ja, 'CPU 要求'));
  assert.ok(!caught(ja, 'CPUのリソース要求 (`250m`)'));
  assert.ok(caught(zhTw, '5 分 15 秒'));
  assert.ok(!caught(zhTw, '5 分鐘 15 秒，百分比'));
  assert.ok(caught(zhTw, '預設值： 1'));
  assert.ok(caught(zhTw, '比例 (0.05)'));
  assert.ok(!caught(zhTw, '每 60 秒最多移除 4 個 Pod（資源請求）'));
  assert.ok(caught(zhTw, '每 {period} 最多移除'));
  assert.ok(caught(zhTw, '稳定化时间窗'));
  assert.ok(!caught(zhTw, '穩定化時間窗'));
  assert.equal(prose('最多 max(2 × 目前副本數, 4) 與 `a, b`'), '最多 x 與 x');
});
