import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALES } from '../../../common/l10n/locales';
import { normalizeLocale } from '../../../common/preview/locale';
import { PREVIEW_STRINGS, format, t } from '../../../common/preview/strings';
import { describeDecision } from '../../../common/preview/reasons';
import type { DecisionReason, SimulationStep } from '../../../common/engine/simulationTypes';

const placeholders = (s: string) => [...s.matchAll(/\{([a-zA-Z]+)\}/g)].map((m) => m[1]).sort();

test('normalizeLocale maps VS Code language ids to the three preview locales', () => {
  assert.equal(normalizeLocale('ja'), 'ja');
  assert.equal(normalizeLocale('zh-tw'), 'zh-tw');
  assert.equal(normalizeLocale('zh-Hant-TW'), 'zh-tw');
  assert.equal(normalizeLocale('zh-cn'), 'en');
  assert.equal(normalizeLocale('en-US'), 'en');
  assert.equal(normalizeLocale(undefined), 'en');
});

test('every locale has every UI string with the same placeholders as English', () => {
  const en = PREVIEW_STRINGS.en;
  for (const locale of LOCALES) {
    const table: Record<string, string | undefined> = PREVIEW_STRINGS[locale];
    assert.deepEqual(Object.keys(table).sort(), Object.keys(en).sort(), `${locale} has the keys of English`);
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      const value = table[key] ?? '';
      assert.deepEqual(placeholders(value), placeholders(en[key]), `${locale} ${key}`);
      assert.notEqual(value.trim(), '', `${locale} ${key}`);
    }
  }
});

test('format fills known placeholders and leaves unknown ones visible', () => {
  assert.equal(format('{a} and {b}', { a: 1 }), '1 and {b}');
  assert.equal(t('ja', 'stepPosition', { n: 3, total: 10, time: '0:30' }), '同期3 / 10、t = 0:30');
  assert.equal(t('en', 'variantDefaults'), 'Kubernetes defaults (behavior: {})');
});

const REASONS: DecisionReason[] = [
  'scalingDisabled',
  'aboveMax',
  'belowMin',
  'noMetrics',
  'invalidMetricsBlockScaleDown',
  'withinTolerance',
  'heldByScaleUpWindow',
  'heldByScaleDownWindow',
  'limitedByScaleUpPolicy',
  'limitedByScaleDownPolicy',
  'scaleUpDisabled',
  'scaleDownDisabled',
  'clampedToMax',
  'clampedToMin',
  'legacyScaleUpLimit',
  'scaledUp',
  'scaledDown',
  'steady',
];

function step(reason: DecisionReason): SimulationStep {
  return {
    t: 30,
    load: { cpu: 900 },
    replicas: 3,
    readyReplicas: 2,
    proposedReplicas: 9,
    stabilizedReplicas: 8,
    desiredReplicas: 6,
    metrics: [],
    limitedBy: null,
    reason,
  };
}

test('every decision reason reads as a complete sentence in every locale', () => {
  for (const locale of ['en', 'ja', 'zh-tw'] as const) {
    const reasonKeys = Object.keys(PREVIEW_STRINGS[locale]).filter((key) => key.startsWith('reason.'));
    assert.deepEqual(reasonKeys.sort(), REASONS.map((reason) => `reason.${reason}`).sort());
    for (const reason of REASONS) {
      const sentence = describeDecision(step(reason), locale, { min: 2, max: 10 });
      assert.ok(!/\{[a-zA-Z]+\}/.test(sentence), `${locale} ${reason}: ${sentence}`);
    }
  }
});

test('decision sentences carry the numbers of the sync', () => {
  assert.equal(
    describeDecision(step('limitedByScaleUpPolicy'), 'en', { min: 2, max: 10 }),
    'The scale-up policies limit the rate: 6 instead of 8.',
  );
  assert.equal(
    describeDecision(step('heldByScaleDownWindow'), 'ja', { min: 2, max: 10 }),
    'スケールダウンの安定化ウィンドウにより8に留めます(メトリクスからの提案は9)。',
  );
  assert.equal(
    describeDecision(step('aboveMax'), 'zh-tw', { min: 2, max: 10 }),
    '目前副本數 3 超過 maxReplicas 10，不讀取指標，直接設為 6。',
  );
  assert.equal(
    describeDecision({ ...step('heldByScaleDownWindow'), reasonArgs: { window: 300 } }, 'en', {
      min: 2,
      max: 10,
    }),
    'The scale-down stabilization window (300 s) keeps 8 (the metrics propose 9).',
  );
  assert.equal(
    describeDecision({ ...step('heldByScaleUpWindow'), reasonArgs: { window: 60 } }, 'zh-tw', {
      min: 2,
      max: 10,
    }),
    '擴展的穩定化時間窗（60 秒）將副本數保持在 8（指標建議值為 9）。',
  );
  const missing = { ...step('heldByScaleUpWindow'), proposedReplicas: null, stabilizedReplicas: null };
  assert.equal(
    describeDecision(missing, 'en', { min: 1, max: 5 }),
    'The scale-up stabilization window keeps – (the metrics propose –).',
  );
});
