/**
 * The panel's run cache (webview/src/runCache.ts) in Node, with a runner whose replies the test
 * hands back itself, in any order: only the reply to the latest inputs is shown, the previous run
 * of the same HPA stands in meanwhile, and a failure becomes a run that says why.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runPreview, type PreviewRun } from '../../../common/preview/run';
import { RunCache } from '../../../webview/src/runCache';
import type { SimulationReply, SimulationRequest } from '../../../webview/src/simulationMessages';
import {
  PAGE_RUN_LIMIT,
  PageRunner,
  runsInWorker,
  runWork,
  type SimulationRunner,
} from '../../../webview/src/simulationRunner';
import { INITIAL_STATE, reduce, settingsOf, type Action, type PanelState } from '../../../webview/src/state';
import { TINY_MODEL, WEB_MODEL } from '../../support/previewModels';

/** Keeps every request; the test answers them with `reply`. */
class HeldRunner implements SimulationRunner {
  readonly where = 'worker';
  readonly held: { request: SimulationRequest; done: (reply: SimulationReply) => void }[] = [];
  start(request: SimulationRequest, done: (reply: SimulationReply) => void): void {
    this.held.push({ request, done });
  }
  /** Answers request number `index` (0-based, in the order they were started) with its real run. */
  reply(index: number): PreviewRun {
    const { request, done } = this.held[index]!;
    const run = runPreview(request.model, request.settings, request.fixed);
    done({ id: request.id, run, computeMs: 1, ranIn: 'worker' });
    return run;
  }
}

function apply(state: PanelState, ...actions: Action[]): PanelState {
  return actions.reduce(reduce, state);
}

const tiny = apply(INITIAL_STATE, { type: 'model', model: TINY_MODEL, locale: 'en', locked: false });
const period = (state: PanelState, seconds: number) =>
  apply(state, { type: 'runSetting', patch: { syncPeriodSeconds: seconds } });

test('the first run is shown when it arrives; the same inputs start nothing new', () => {
  const runner = new HeldRunner();
  let results = 0;
  const cache = new RunCache(runner, () => results++);
  assert.deepEqual(cache.runFor(tiny), { run: null, simulating: true });
  assert.deepEqual(cache.runFor(tiny), { run: null, simulating: true });
  assert.equal(runner.held.length, 1);
  const run = runner.reply(0);
  assert.equal(results, 1);
  assert.deepEqual(cache.runFor(tiny), { run, simulating: false });
  assert.equal(runner.held.length, 1);
});

test('replies that answer older inputs are dropped, whatever order they come in', () => {
  const runner = new HeldRunner();
  let results = 0;
  const cache = new RunCache(runner, () => results++);
  cache.runFor(tiny);
  const first = runner.reply(0);
  // Two changes while simulating: the first run stands in, marked as simulating.
  assert.deepEqual(cache.runFor(period(tiny, 30)), { run: first, simulating: true });
  assert.deepEqual(cache.runFor(period(tiny, 60)), { run: first, simulating: true });
  assert.deepEqual(
    runner.held.map((h) => h.request.settings.syncPeriodSeconds),
    [15, 30, 60],
  );
  const latest = runner.reply(2);
  assert.equal(results, 2);
  // The reply to 30 s comes last: it answers inputs no longer in force.
  runner.reply(1);
  assert.equal(results, 2);
  assert.deepEqual(cache.runFor(period(tiny, 60)), { run: latest, simulating: false });
  assert.equal(latest.runs[0]!.result.steps[1]!.t, 60);
});

test('another HPA shows nothing until its own run is in; a closed model drops what is on its way', () => {
  const runner = new HeldRunner();
  let results = 0;
  const cache = new RunCache(runner, () => results++);
  cache.runFor(tiny);
  runner.reply(0);
  const web = apply(tiny, { type: 'model', model: WEB_MODEL, locale: 'en', locked: false });
  assert.deepEqual(cache.runFor(web), { run: null, simulating: true });
  const none = apply(web, { type: 'noModel', reason: 'closed', locale: 'en' });
  assert.deepEqual(cache.runFor(none), { run: null, simulating: false });
  runner.reply(1);
  assert.equal(results, 1);
  assert.deepEqual(cache.runFor(none), { run: null, simulating: false });
});

test('a failure becomes a run without variants that says why and still names the metrics', () => {
  const runner = new HeldRunner();
  const cache = new RunCache(runner, () => undefined);
  cache.runFor(tiny);
  const { request, done } = runner.held[0]!;
  done({ id: request.id, failure: 'the simulation worker stopped: out of memory' });
  const { run, simulating } = cache.runFor(tiny);
  assert.equal(simulating, false);
  assert.equal(run?.error, 'the simulation worker stopped: out of memory');
  assert.deepEqual(run?.runs, []);
  assert.deepEqual(run?.metricNames, ['rps']);
  assert.equal(run?.initialReplicas, 1);
  assert.equal(run?.durationSeconds, settingsOf(tiny).durationSeconds);
});

test('a runner that answers at once (the page runner) settles inside runFor without a second render', () => {
  let results = 0;
  const cache = new RunCache(new PageRunner(), () => results++);
  const { run, simulating } = cache.runFor(tiny);
  assert.equal(simulating, false);
  assert.equal(results, 0);
  assert.deepEqual(run, runPreview(TINY_MODEL, settingsOf(tiny), null));
});

test('short runs stay on the page, long ones (syncs x maxReplicas over the limit) go to the worker', () => {
  const request = (model: typeof TINY_MODEL, durationSeconds: number, syncPeriodSeconds = 15) => ({
    id: 1,
    model,
    settings: { ...settingsOf(tiny), durationSeconds, syncPeriodSeconds },
    fixed: null,
  });
  const big = { ...WEB_MODEL, spec: { ...WEB_MODEL.spec, maxReplicas: 1000 } };
  assert.equal(runWork(request(TINY_MODEL, 3600)), 240 * 10);
  assert.equal(runWork(request(big, 86_400)), 5760 * 1000);
  assert.ok(runWork(request(WEB_MODEL, 86_400)) <= PAGE_RUN_LIMIT, '24 h at maxReplicas 20');
  assert.ok(runWork(request(big, 3600)) > PAGE_RUN_LIMIT, '1 h at maxReplicas 1000');
  assert.ok(runWork(request(big, 3600, 30)) <= PAGE_RUN_LIMIT, 'the same at a 30 s sync');
  // Where each run goes: long runs by their syncs alone, whatever the replicas.
  assert.equal(runsInWorker(request(TINY_MODEL, 3600)), false, '1 h at maxReplicas 10');
  assert.equal(runsInWorker(request(TINY_MODEL, 6 * 3600)), false, '6 h at maxReplicas 10');
  assert.equal(runsInWorker(request(TINY_MODEL, 6 * 3600 + 15)), true, 'one sync more');
  assert.equal(runsInWorker(request(WEB_MODEL, 86_400)), true, '24 h at maxReplicas 20');
  assert.equal(runsInWorker(request(big, 3600)), true, '1 h at maxReplicas 1000');
  assert.equal(runsInWorker(request(big, 3600, 30)), false, 'the same at a 30 s sync');
});
