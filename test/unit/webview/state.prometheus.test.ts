/**
 * A Prometheus replay in the preview panel's state (webview/src/state.ts), driven in Node: its loads
 * run over the whole range from the actual starting count, it stays while the same HPA is edited,
 * and it goes with another HPA or another load. The message is checked on receipt.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isHostToWebview } from '../../../common/preview/validate';
import { gridToLoad, type PrometheusReplay } from '../../../common/prometheus';
import {
  fromSaved,
  INITIAL_STATE,
  reduce,
  settingsOf,
  toSaved,
  type Action,
} from '../../../webview/src/state';
import { TINY_MODEL, WEB_MODEL } from '../../support/previewModels';

const REPLAY: PrometheusReplay = {
  name: 'Prometheus 2026-01-01T00:00:00Z – 2026-01-01T02:00:00Z',
  loads: [gridToLoad('cpu', [0.9, 0.9, null, 3.6], 1800)],
  actual: { stepSeconds: 1800, values: [3, 3, 6, 6] },
  durationSeconds: 4 * 1800,
  initialReplicas: 3,
  notes: ['cpu: no value at 1 of 4 steps'],
  start: 1_767_225_600,
  end: 1_767_225_600 + 3 * 1800,
  stepSeconds: 1800,
};

const web: Action = { type: 'model', model: WEB_MODEL, locale: 'en', locked: false };
const load: Action = { type: 'prometheusLoad', replay: REPLAY };

test('a replay runs its loads over the whole range from the actual starting count', () => {
  const state = [web, load].reduce(reduce, INITIAL_STATE);
  assert.equal(state.replay, REPLAY);
  assert.deepEqual(state.fixed, {
    name: REPLAY.name,
    loads: REPLAY.loads,
    spanSeconds: REPLAY.durationSeconds,
  });
  const settings = settingsOf(state);
  assert.equal(settings.durationSeconds, REPLAY.durationSeconds);
  assert.equal(settings.initialReplicas, 3);
  assert.equal(settings.metricLoads.cpu!.profile, 'csv');
  assert.match(
    state.status!.text,
    /^Loaded 4 points per metric from Prometheus \(2026-01-01T00:00:00Z to 2026-01-01T01:30:00Z, step 1800 s\)\. cpu: no value/,
  );
});

test('the replay stays while the same HPA is edited, and goes with another HPA or a CSV', () => {
  const loaded = [web, load].reduce(reduce, INITIAL_STATE);
  const edited = reduce(loaded, {
    ...web,
    model: { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, maxReplicas: 30 } },
  } as Action);
  assert.equal(edited.replay, REPLAY);
  assert.equal(
    reduce(loaded, { type: 'model', model: TINY_MODEL, locale: 'en', locked: false }).replay,
    null,
  );
  assert.equal(reduce(loaded, { type: 'csvLoad', name: 'x.csv', text: 't,cpu\n0,1\n' }).replay, null);
});

test('a reloaded page keeps the replay; a damaged one is dropped', () => {
  const loaded = [web, load].reduce(reduce, INITIAL_STATE);
  const saved: unknown = JSON.parse(JSON.stringify(toSaved(loaded)));
  assert.deepEqual(fromSaved(saved).replay, REPLAY);
  const damaged = { ...(saved as object), replay: { ...REPLAY, actual: { stepSeconds: 0, values: [] } } };
  assert.equal(fromSaved(damaged).replay, null);
});

test('the prometheusLoad message is checked on receipt', () => {
  assert.ok(isHostToWebview(JSON.parse(JSON.stringify(load))));
  assert.equal(isHostToWebview({ type: 'prometheusLoad', replay: { ...REPLAY, loads: 'x' } }), false);
  assert.equal(isHostToWebview({ type: 'prometheusLoad' }), false);
});
