/**
 * The "Suggest behavior…" slice of the panel state (webview/src/suggestState.ts) through `reduce`:
 * goals, a search's progress and result, cancel, and reports of an older search dropped.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_GOALS, type TuneResult } from '../../../common/tune';
import { INITIAL_STATE, reduce, toSaved, type Action, type PanelState } from '../../../webview/src/state';
import { TINY_MODEL, WEB_MODEL } from '../../support/previewModels';

function run(actions: Action[], from: PanelState = INITIAL_STATE): PanelState {
  return actions.reduce(reduce, from);
}

const web: Action = { type: 'model', model: WEB_MODEL, locale: 'en', locked: false };

/** A result of two candidates; only its identity and candidate count matter to the reducer. */
const RESULT = {
  candidates: [{ behavior: {} }, { behavior: { scaleDown: { stabilizationWindowSeconds: 300 } } }],
  unmet: [],
} as unknown as TuneResult;

test('the part starts closed with the default goals, and goals change only to numbers >= 0', () => {
  const open = run([web, { type: 'suggestOpen', open: true }]);
  assert.equal(open.suggest.open, true);
  assert.deepEqual(open.suggest.goals, DEFAULT_GOALS);
  const set = run([{ type: 'suggestGoal', goal: 'maxRampSeconds', value: 120 }], open);
  assert.equal(set.suggest.goals.maxRampSeconds, 120);
  assert.equal(run([{ type: 'suggestGoal', goal: 'maxRampSeconds', value: -1 }], set), set);
  assert.equal(run([{ type: 'suggestGoal', goal: 'maxRampSeconds', value: Number.NaN }], set), set);
});

test('a search reports progress, then its result with the best candidate chosen', () => {
  const started = run([web, { type: 'suggestOpen', open: true }, { type: 'suggestStart' }]);
  const id = started.suggest.runId;
  assert.deepEqual(started.suggest.running, { evaluated: 0, budget: 0 });
  const progressed = run([{ type: 'suggestProgress', runId: id, evaluated: 12, budget: 160 }], started);
  assert.deepEqual(progressed.suggest.running, { evaluated: 12, budget: 160 });
  const done = run([{ type: 'suggestDone', runId: id, result: RESULT }], progressed);
  assert.equal(done.suggest.running, null);
  assert.equal(done.suggest.result, RESULT);
  assert.equal(done.suggest.chosen, 0);
  assert.equal(run([{ type: 'suggestChoose', index: 1 }], done).suggest.chosen, 1);
  assert.equal(run([{ type: 'suggestChoose', index: 2 }], done).suggest.chosen, 0, 'no third candidate');
});

test('cancel leaves the earlier result as it was, and the cancelled search\u2019s reports are dropped', () => {
  const first = run([web, { type: 'suggestOpen', open: true }, { type: 'suggestStart' }]);
  const done = run([{ type: 'suggestDone', runId: first.suggest.runId, result: RESULT }], first);
  const again = run([{ type: 'suggestStart' }], done);
  const cancelled = run([{ type: 'suggestCancel' }], again);
  assert.equal(cancelled.suggest.running, null);
  assert.equal(cancelled.suggest.result, RESULT);
  assert.deepEqual(cancelled.suggest.notice, { kind: 'cancelled' });
  const late = run(
    [
      { type: 'suggestProgress', runId: again.suggest.runId, evaluated: 5, budget: 160 },
      { type: 'suggestDone', runId: again.suggest.runId, result: { ...RESULT } },
    ],
    cancelled,
  );
  assert.equal(late, cancelled);
});

test('closing the part stops the search; the settings and runs of the panel are untouched by the slice', () => {
  const started = run([web, { type: 'suggestOpen', open: true }, { type: 'suggestStart' }]);
  const closed = run([{ type: 'suggestOpen', open: false }], started);
  assert.equal(closed.suggest.running, null);
  assert.notEqual(closed.suggest.runId, started.suggest.runId);
  assert.equal(closed.settings, started.settings);
  assert.equal(closed.model, started.model);
  assert.deepEqual(toSaved(closed), toSaved(run([web])), 'the slice is not saved');
});

test('another HPA starts without a suggestion; the same HPA after Apply keeps it', () => {
  const started = run([web, { type: 'suggestOpen', open: true }, { type: 'suggestStart' }]);
  const done = run([{ type: 'suggestDone', runId: started.suggest.runId, result: RESULT }], started);
  const applied = run(
    [{ ...web, model: { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, behavior: {} } } } as Action],
    done,
  );
  assert.equal(applied.suggest.result, RESULT);
  const other = run([{ type: 'model', model: TINY_MODEL, locale: 'en', locked: false }], done);
  assert.equal(other.suggest.result, null);
  assert.equal(other.suggest.open, false);
});
