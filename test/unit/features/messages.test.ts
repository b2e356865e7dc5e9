/** The features' strings: complete in every language, same placeholders, locale mapping, units. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  FEATURE_STRINGS,
  formatDuration,
  joinList,
  LOCALES,
  localeOf,
  type MessageKey,
  msg,
  placeholdersOf,
} from '../../../server/src/features/messages';
import { HPA_FIELDS, WORKLOAD_FIELDS } from '../../../server/src/features/hpaSchema';

const KEYS = Object.keys(FEATURE_STRINGS.en) as MessageKey[];
const text = (locale: (typeof LOCALES)[number], key: string): string | undefined =>
  (FEATURE_STRINGS[locale] as Record<string, string | undefined>)[key];

test('every message exists, non-empty, in every language, and no language has keys English lacks', () => {
  assert.ok(KEYS.length > 100, 'the features have their ~135 messages');
  const missing: string[] = [];
  for (const locale of LOCALES) {
    for (const key of KEYS) {
      const value = text(locale, key);
      // Separators may be a space or nothing (Japanese writes 12分45秒 without one).
      const mayBeBlank = key.endsWith('.separator');
      if (typeof value !== 'string' || (!mayBeBlank && value.trim() === ''))
        missing.push(`${key} [${locale}]`);
    }
    const extra = Object.keys(FEATURE_STRINGS[locale]).filter((key) => !(key in FEATURE_STRINGS.en));
    assert.deepEqual(extra, [], `${locale} has keys English lacks`);
  }
  assert.deepEqual(missing, []);
});

test('every translation has the same placeholders as the English text', () => {
  const mismatched: string[] = [];
  for (const key of KEYS) {
    const en = placeholdersOf(FEATURE_STRINGS.en[key]);
    for (const locale of LOCALES) {
      const other = placeholdersOf(text(locale, key) ?? '');
      if (JSON.stringify(other) !== JSON.stringify(en))
        mismatched.push(`${key} [${locale}]: ${other} vs ${en}`);
    }
  }
  assert.deepEqual(mismatched, []);
});

test('Japanese and Chinese strings are translated, not copies of the English (except names and numbers)', () => {
  const identical = KEYS.filter((key) =>
    /[a-z]{4,}/.test(FEATURE_STRINGS.en[key].replace(/`[^`]*`|\{\w+\}|[A-Z]\w+/g, '')),
  )
    .filter((key) =>
      LOCALES.some((locale) => locale !== 'en' && text(locale, key) === FEATURE_STRINGS.en[key]),
    )
    .map((key) => key);
  assert.deepEqual(identical, []);
});

test('the field table only names keys that exist', () => {
  for (const spec of [...Object.values(HPA_FIELDS), ...Object.values(WORKLOAD_FIELDS)]) {
    for (const key of [spec.doc, spec.def, spec.range]) {
      if (key !== undefined) assert.ok(key in FEATURE_STRINGS.en, `${key} is a message key`);
    }
  }
});

test('the documentation terms are used in ja and zh-tw', () => {
  assert.match(msg('ja', 'field.behavior'), /安定化ウィンドウ/);
  assert.match(msg('ja', 'field.behavior'), /スケーリングポリシー/);
  assert.match(msg('zh-tw', 'field.behavior'), /穩定化時間窗/);
  assert.match(msg('zh-tw', 'field.behavior'), /擴展策略/);
  assert.match(msg('ja', 'here.toleranceUp', { tolerance: 5, bound: 105 }), /^許容範囲5 %/);
  assert.match(msg('zh-tw', 'here.toleranceUp', { tolerance: 5, bound: 105 }), /^容忍度 5 %/);
});

test('locale tags map to the three string sets', () => {
  assert.equal(localeOf('ja'), 'ja');
  assert.equal(localeOf('ja-JP'), 'ja');
  assert.equal(localeOf('zh-tw'), 'zh-tw');
  assert.equal(localeOf('zh-TW'), 'zh-tw');
  assert.equal(localeOf('zh-Hant-TW'), 'zh-tw');
  assert.equal(localeOf('zh-cn'), 'en');
  assert.equal(localeOf('de'), 'en');
  assert.equal(localeOf(undefined), 'en');
});

test('placeholders are filled; a missing argument stays visible', () => {
  assert.equal(msg('en', 'here.minMax', { min: 2, max: 20 }), 'Between 2 and 20 replicas.');
  assert.equal(msg('ja', 'here.minMax', { min: 2, max: 20 }), 'レプリカ数は2〜20。');
  assert.equal(msg('en', 'here.minMax', { min: 2 }), 'Between 2 and {max} replicas.');
});

test('durations and lists read naturally in each language', () => {
  assert.equal(formatDuration(45, 'en'), '45 s');
  assert.equal(formatDuration(780, 'en'), '13 min');
  assert.equal(formatDuration(765, 'en'), '12 min 45 s');
  assert.equal(formatDuration(3725, 'en'), '1 h 2 min 5 s');
  assert.equal(formatDuration(765, 'ja'), '12分45秒');
  assert.equal(formatDuration(765, 'zh-tw'), '12 分鐘 45 秒');
  assert.equal(joinList(['a'], 'en'), 'a');
  assert.equal(joinList(['a', 'b'], 'en'), 'a and b');
  assert.equal(joinList(['a', 'b', 'c'], 'en'), 'a, b and c');
  assert.equal(joinList(['a', 'b', 'c'], 'ja'), 'a、bとc');
  assert.equal(
    joinList(['每 60 秒 4 個 Pod', '每 60 秒 10 %'], 'zh-tw'),
    '每 60 秒 4 個 Pod 和每 60 秒 10 %',
  );
});
