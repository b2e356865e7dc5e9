/**
 * The preview panel's state (webview/src/state.ts) driven in Node: host messages and panel actions
 * go through `reduce`, and what a reloaded page starts from is `fromSaved(toSaved(state))`.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_METRIC_LOAD } from '../../../common/preview/settings';
import {
  INITIAL_STATE,
  fromSaved,
  reduce,
  settingsOf,
  toSaved,
  type Action,
  type PanelState,
} from '../../../webview/src/state';
import { LOG_PAGE_SIZE } from '../../../webview/src/logView';
import { TINY_CSV, TINY_MODEL, WEB_MODEL } from '../../support/previewModels';

function run(actions: Action[], from: PanelState = INITIAL_STATE): PanelState {
  return actions.reduce(reduce, from);
}

const web: Action = { type: 'model', model: WEB_MODEL, locale: 'ja-JP', locked: false };

test('a model message shows the model in the normalised locale and clears "no model" and "waiting"', () => {
  const state = run([
    { type: 'waiting', reason: 'starting', locale: 'en' },
    { type: 'noModel', reason: 'none here', locale: 'en' },
    web,
  ]);
  assert.equal(state.model, WEB_MODEL);
  assert.equal(state.locale, 'ja');
  assert.equal(state.noModelReason, null);
  assert.equal(state.waitingReason, null);
});

test('waiting keeps the model on screen and says why; the next answer clears it', () => {
  const waiting = run([web, { type: 'waiting', reason: 'The server is starting.', locale: 'en' }]);
  assert.equal(waiting.model, WEB_MODEL);
  assert.equal(waiting.waitingReason, 'The server is starting.');
  assert.equal(run([{ type: 'noModel', reason: 'gone', locale: 'en' }], waiting).waitingReason, null);
});

test('the same HPA again keeps the settings; another HPA starts from its defaults', () => {
  const tuned = run([web, { type: 'runSetting', patch: { durationSeconds: 1800 } }]);
  assert.equal(settingsOf(tuned).durationSeconds, 1800);
  const again = run(
    [{ ...web, model: { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, maxReplicas: 30 } } }],
    tuned,
  );
  assert.equal(settingsOf(again).durationSeconds, 1800);
  const other = run([{ type: 'model', model: TINY_MODEL, locale: 'en', locked: false }], tuned);
  assert.equal(other.settings, null);
  assert.notEqual(settingsOf(other).durationSeconds, 1800);
});

test('a metric setting changes only that metric, and an unknown metric changes nothing', () => {
  const state = run([web, { type: 'metricLoad', metric: 'cpu', patch: { peak: 3 } }]);
  assert.deepEqual(settingsOf(state).metricLoads.cpu, { ...DEFAULT_METRIC_LOAD, peak: 3 });
  const unknown = run([{ type: 'metricLoad', metric: 'nope', patch: { peak: 3 } }], state);
  assert.deepEqual(unknown.settings, state.settings);
});

test('a CSV switches its metrics to the csv profile and reports what it loaded; a bad one says why', () => {
  const tiny: Action = { type: 'model', model: TINY_MODEL, locale: 'en', locked: false };
  const loaded = run([tiny, { type: 'csvLoad', name: 'tiny.csv', text: TINY_CSV }]);
  assert.equal(loaded.fixed?.name, 'tiny.csv');
  assert.equal(settingsOf(loaded).metricLoads.rps?.profile, 'csv');
  assert.deepEqual(loaded.status, { text: 'Loaded tiny.csv: 1 points for rps.', error: false });
  assert.equal(loaded.formRevision, 1);
  const bad = run([tiny, { type: 'csvLoad', name: 'bad.csv', text: 'no,header\n' }]);
  assert.equal(bad.fixed, null);
  assert.equal(bad.status?.error, true);
  assert.match(bad.status?.text ?? '', /^CSV not loaded: /);
});

test("why a CSV did not load is said in the panel's language, its line included", () => {
  const text = 't,rps\n0,45\n30,lots\n';
  const status = (locale: string) =>
    run([
      { type: 'model', model: TINY_MODEL, locale, locked: false },
      { type: 'csvLoad', name: 'bad.csv', text },
    ]).status?.text;
  assert.equal(
    status('en'),
    'CSV not loaded: line 3: column "rps": "lots" is not a quantity ≥ 0 (e.g. 250m, 1.5, 2Gi)',
  );
  assert.equal(
    status('ja'),
    'CSVを読み込めませんでした: 3行目: 列「rps」: 「lots」は0以上の量ではありません(例: 250m、1.5、2Gi)',
  );
  assert.equal(
    status('zh-TW'),
    '未載入 CSV：第 3 行：欄位「rps」：「lots」不是大於或等於 0 的數量（例如 250m、1.5、2Gi）',
  );
});

test('a CSV with "-" cells loads in the preview with those gaps in its fixed load', () => {
  const tiny: Action = { type: 'model', model: TINY_MODEL, locale: 'en', locked: false };
  const text = 't,rps\n0,45\n30,-\n45,\n60,50\n';
  const loaded = run([tiny, { type: 'csvLoad', name: 'gaps.csv', text }]);
  assert.equal(loaded.status?.error, false, loaded.status?.text);
  assert.deepEqual(loaded.fixed?.loads, [
    {
      metric: 'rps',
      points: [
        { t: 0, value: 45_000 },
        { t: 60, value: 50_000 },
      ],
      gaps: [{ from: 30, to: 60 }],
    },
  ]);
});

test('steps stay inside the run and keep the current sync on the log page', () => {
  const stepping = run([web, { type: 'stepMode', on: true }]);
  assert.equal(run([{ type: 'step', delta: -1, stepCount: 240 }], stepping).cursor, 0);
  const far = run([{ type: 'step', delta: 45, stepCount: 240 }], stepping);
  assert.deepEqual([far.cursor, far.logStart], [45, LOG_PAGE_SIZE]);
  assert.equal(run([{ type: 'step', delta: 1000, stepCount: 240 }], far).cursor, 239);
  // Outside step mode the arrows do nothing.
  assert.equal(run([web, { type: 'step', delta: 5, stepCount: 240 }]).cursor, 0);
  const off = run([{ type: 'stepMode', on: false }], far);
  assert.deepEqual([off.stepMode, off.cursor, off.logStart], [false, 0, 0]);
});

test('the log variant takes only known variants', () => {
  assert.equal(run([web, { type: 'logVariant', variant: 'defaults' }]).logVariant, 'defaults');
  assert.equal(run([web, { type: 'logVariant', variant: 'evil' }]).logVariant, 'this');
  assert.equal(run([web, { type: 'logPage', start: -3 }]).logStart, 0);
});

test('lockChanged sets the lock; fixedLoads without a model changes nothing', () => {
  assert.equal(run([web, { type: 'lockChanged', locked: true }]).locked, true);
  const none = run([
    { type: 'fixedLoads', name: 'x', loads: [{ metric: 'cpu', points: [{ t: 0, value: 1 }] }] },
  ]);
  assert.equal(none.fixed, null);
});

test('a reloaded page starts from what was saved; anything else starts empty', () => {
  const state = run([
    web,
    { type: 'runSetting', patch: { durationSeconds: 1800 } },
    { type: 'stepMode', on: true },
    { type: 'step', delta: 3, stepCount: 240 },
    { type: 'logVariant', variant: 'formula' },
    { type: 'lockChanged', locked: true },
  ]);
  const restored = fromSaved(JSON.parse(JSON.stringify(toSaved(state))));
  assert.deepEqual(restored, { ...state, status: null, formRevision: 0 });
  assert.deepEqual(fromSaved({ v: 2, model: WEB_MODEL }), INITIAL_STATE);
  assert.deepEqual(fromSaved(null), INITIAL_STATE);
});

test('the log lists scale events by default; the filter takes only known values, restarts the paging and survives a reload', () => {
  assert.equal(INITIAL_STATE.logFilter, 'events');
  const all = run([web, { type: 'logPage', start: 80 }, { type: 'logFilter', filter: 'all' }]);
  assert.equal(all.logFilter, 'all');
  assert.equal(all.logStart, 0);
  assert.equal(reduce(all, { type: 'logFilter', filter: 'nothing' }), all);
  assert.equal(fromSaved(toSaved(all)).logFilter, 'all');
  assert.equal(fromSaved({ ...toSaved(all), logFilter: 'bogus' }).logFilter, 'events');
});
