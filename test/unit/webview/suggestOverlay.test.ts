/**
 * The suggested line in Node (webview/src/suggestOverlay.ts, suggestState.ts): a candidate's run
 * made after the result is kept for its search only, the panel's inputs name the tuned load they
 * show (also after "Show on the charts", which takes that load's settings), and the line drawn is
 * the chosen candidate's run on that load, or none on inputs the search did not use.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPreview } from '../../../common/preview/run';
import { suggestLoads, suggestLoadViews } from '../../../common/preview/suggestLoads';
import { tune } from '../../../common/tune';
import { candidateRun } from '../../../webview/src/candidateRuns';
import { INITIAL_STATE, reduce, settingsOf, type Action, type PanelState } from '../../../webview/src/state';
import { runsWithSuggestion, shownTunedLoad } from '../../../webview/src/suggestOverlay';
import { WEB_MODEL } from '../../support/previewModels';

function run(actions: Action[], from: PanelState = INITIAL_STATE): PanelState {
  return actions.reduce(reduce, from);
}

/** Two hours of the burst profile: loads burst, night and normal. */
const opened = run([
  { type: 'model', model: WEB_MODEL, locale: 'en', locked: false },
  { type: 'runSetting', patch: { durationSeconds: 7200 } },
  { type: 'metricLoad', metric: 'cpu', patch: { profile: 'burst', peak: 3, noise: 0.2 } },
  { type: 'suggestOpen', open: true },
  { type: 'suggestStart' },
]);
const loads = suggestLoads(WEB_MODEL, settingsOf(opened), null);
const views = suggestLoadViews(WEB_MODEL, settingsOf(opened), null);
const result = tune({ loads, maxEvaluations: 12 });
const id = opened.suggest.runId;
const done = run([{ type: 'suggestDone', runId: id, result, loads: views }], opened);

test('the loads are named and keyed in the order of the search', () => {
  assert.deepEqual(
    views.map((v) => v.name),
    loads.map((l) => l.name),
  );
  assert.deepEqual(
    views.map((v) => v.name),
    ['burst', 'night', 'normal'],
  );
  assert.equal(new Set(views.map((v) => v.key)).size, 3, 'one key per load');
});

test("a candidate's run is kept for its own search only, after its result", () => {
  const first = candidateRun(result, loads, 0, 0);
  const kept = run([{ type: 'suggestRun', runId: id, run: first }], done);
  assert.equal(kept.suggest.runs['0/0'], first);
  assert.equal(run([{ type: 'suggestRun', runId: id + 1, run: first }], done), done, 'another search');
  assert.equal(run([{ type: 'suggestRun', runId: id, run: first }], opened), opened, 'no result yet');
  // A new search forgets the runs of the last one once its own result is in.
  const again = run([{ type: 'suggestStart' }], kept);
  const redone = run([{ type: 'suggestDone', runId: again.suggest.runId, result, loads: views }], again);
  assert.deepEqual(redone.suggest.runs, {});
});

test('the line drawn is the chosen candidate on the shown load; other inputs draw none', () => {
  assert.ok(result.candidates.length >= 2, 'two candidates to choose between');
  let state = done;
  for (let c = 0; c < result.candidates.length; c++)
    for (let l = 0; l < loads.length; l++)
      state = run([{ type: 'suggestRun', runId: id, run: candidateRun(result, loads, c, l) }], state);
  const drawn = (s: PanelState) => {
    const preview = runPreview(WEB_MODEL, settingsOf(s), s.fixed);
    return runsWithSuggestion(s, preview).find((v) => v.key === 'suggested');
  };
  assert.equal(shownTunedLoad(state), 0);
  assert.equal(drawn(state)?.series, state.suggest.runs['0/0']!.series);

  // "Show on the charts" for night: the panel takes night's settings and the line is night's.
  const night = run([{ type: 'showLoad', settings: views[1]!.settings }], state);
  assert.equal(settingsOf(night).metricLoads.cpu!.profile, 'night');
  assert.equal(shownTunedLoad(night), 1);
  assert.equal(drawn(night)?.series, state.suggest.runs['0/1']!.series);
  // The profile picker does the same for normal, and another candidate is drawn on it.
  const normal = run(
    [
      { type: 'metricLoad', metric: 'cpu', patch: { profile: 'normal' } },
      { type: 'suggestChoose', index: 1 },
    ],
    night,
  );
  assert.equal(shownTunedLoad(normal), 2);
  assert.equal(drawn(normal)?.series, state.suggest.runs['1/2']!.series);
  // A peak the search did not use.
  const other = run([{ type: 'metricLoad', metric: 'cpu', patch: { peak: 4 } }], normal);
  assert.equal(shownTunedLoad(other), -1);
  assert.equal(drawn(other), undefined);
});
