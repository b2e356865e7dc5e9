/**
 * The preview's "Suggest behavior…" then "Apply", without the UI: the loads the panel tunes over
 * (common/preview/suggestLoads.ts) searched as the panel does (runSliced), the best block written by
 * the server's one minimal edit (server/src/edits/behaviorEdit.ts), and the edited file run through
 * `hpa-lint simulate`: every figure the panel showed is recomputed from simulate's CSV by the
 * definitions of docs/tune.md, written out again here. The edit itself is asserted exactly.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROFILE_NAMES } from '../../../common/preview/run';
import { sanitizeSettings } from '../../../common/preview/settings';
import { suggestLoads } from '../../../common/preview/suggestLoads';
import { runSliced, type LoadFigures } from '../../../common/tune';
import { main } from '../../../server/src/cli';
import type { CliIO } from '../../../server/src/cli/io';
import { applyEdits } from '../../../server/src/edits/spanEdits';
import { behaviorEdit } from '../../../server/src/edits/behaviorEdit';
import { previewModelAt } from '../../../server/src/preview/previewModel';
import { indexFiles } from '../../support/indexedFiles';
import { lintFiles } from '../../support/inProcessLint';

const URI = 'file:///work/demo.yaml';
const DEMO = readFileSync(join(__dirname, '..', '..', 'fixtures', 'tune', 'demo.yaml'), 'utf8');
/** The demo's HPA: 1 CPU request × 50 % per Pod (milli-CPU), default 10 % tolerance, 1..10 replicas. */
const PER_POD_TARGET = 500;
const TOLERANCE_UP = 0.1;
const MIN_REPLICAS = 1;
const MAX_REPLICAS = 10;
const SYNC = 15;
/** The panel's settings for this test, and the same run for simulate's flags. */
const SETTINGS = {
  metricLoads: { cpu: { profile: 'burst', peak: 2, noise: 0.1 } },
  durationSeconds: 6 * 3600,
  initialReplicas: 4,
  syncPeriodSeconds: SYNC,
  podStartupSeconds: 30,
};
const SIMULATE_FLAGS = [
  '--peak',
  '2',
  '--noise',
  '0.1',
  '--duration',
  '6h',
  '--replicas',
  '4',
  '--startup',
  '30s',
];

async function cli(args: string[], files: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readFile: async (p) => {
      if (p in files) return files[p] as string;
      throw Object.assign(new Error(`ENOENT: ${p}`), { code: 'ENOENT' });
    },
    cwd: '/virtual',
  };
  const code = await main(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}

/** docs/tune.md's figures from simulate's CSV. */
function figuresFromCsv(load: string, csv: string) {
  const [header, ...rows] = csv.trim().split('\n');
  const columns = (header as string).split(',');
  const col = (name: string) => {
    const i = columns.indexOf(name);
    assert.ok(i >= 0, `simulate's CSV has ${name}`);
    return i;
  };
  let events = 0;
  let desiredSum = 0;
  let under = 0;
  let streak = 0;
  let longest = 0;
  for (const row of rows) {
    const cells = row.split(',').map(Number);
    const replicas = cells[col('hpa:replicas')]!;
    const desired = cells[col('hpa:desired')]!;
    const need = Math.min(
      MAX_REPLICAS,
      Math.max(
        MIN_REPLICAS,
        Math.ceil((cells[col('load:cpu (cores)')]! * 1000) / (PER_POD_TARGET * (1 + TOLERANCE_UP)) - 1e-9),
      ),
    );
    if (desired !== replicas) events++;
    desiredSum += desired;
    if (cells[col('hpa:ready')]! < need) {
      under++;
      streak++;
      longest = Math.max(longest, streak);
    } else streak = 0;
  }
  return {
    load,
    scaleEvents: events,
    podHours: (desiredSum * SYNC) / 3600,
    underprovisionedShare: under / rows.length,
    rampSeconds: longest * SYNC,
  };
}

function suggestFor(text: string) {
  const { file, workspace } = indexFiles({ [URI]: text });
  const line = text.split('\n').indexOf('kind: HorizontalPodAutoscaler');
  const model = previewModelAt(file(URI), workspace, line);
  assert.ok(model, 'the HPA has a preview model');
  const settings = sanitizeSettings(SETTINGS, ['cpu'], PROFILE_NAMES);
  return { file: file(URI), model, loads: suggestLoads(model, settings, null) };
}

test('the panel tunes over its current load and the standard night and normal profiles', () => {
  const { loads } = suggestFor(DEMO);
  assert.deepEqual(
    loads.map((l) => l.name),
    ['burst', 'night', 'normal'],
  );
  for (const l of loads) {
    assert.equal(l.input.durationSeconds, 6 * 3600);
    assert.equal(l.input.initialReplicas, 4);
  }
});

test('Apply writes the best block under spec; simulate on the edited file gives the figures the panel showed', async () => {
  const { file, model, loads } = suggestFor(DEMO);
  let pauses = 0;
  let clock = 0;
  const result = await runSliced(
    { loads },
    {
      sliceMs: 30,
      // A clock that moves 10 ms per reading: the search yields every few evaluations, as in the panel.
      now: () => (clock += 10),
      pause: async () => {
        pauses++;
      },
    },
  );
  assert.ok(result, 'not cancelled');
  assert.ok(pauses > 0, 'the search yielded between slices');
  const best = result.candidates[0];
  assert.ok(best);
  const edit = behaviorEdit(file, model.documentIndex, best.behavior);
  assert.ok(edit, 'an edit');
  // An insertion at the end of the file (the HPA's spec is its last block), nothing replaced.
  const lastLine = DEMO.split('\n').length - 1;
  assert.deepEqual(edit.range, {
    start: { line: lastLine, character: 0 },
    end: { line: lastLine, character: 0 },
  });
  assert.ok(edit.newText.startsWith('  behavior:\n    scaleUp:\n'), edit.newText);
  const edited = applyEdits(file, [edit]);
  assert.equal(edited.slice(0, DEMO.length), DEMO, 'every line before the block is kept, comments included');
  assert.deepEqual(
    lintFiles({ 'demo.yaml': edited }, 'demo.yaml'),
    [],
    'the written block passes every rule',
  );
  for (const f of best.figures) {
    const r = await cli(['simulate', 'm.yaml', '--profile', f.load, ...SIMULATE_FLAGS, '--format', 'csv'], {
      'm.yaml': edited,
    });
    assert.equal(r.code, 0, r.stderr);
    const { durationSeconds: _duration, ...shown } = f as LoadFigures;
    const expected = figuresFromCsv(f.load, r.stdout);
    assert.ok(Math.abs(shown.podHours - expected.podHours) < 1e-9, `${f.load} Pod-hours`);
    assert.deepEqual({ ...shown, podHours: expected.podHours }, expected, f.load);
  }
});

test('Apply changes only what differs in an existing behavior block, in the file\u2019s indentation, comments kept', () => {
  const text = [
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    '    name: web',
    'spec:',
    '    scaleTargetRef:',
    '        apiVersion: apps/v1',
    '        kind: Deployment',
    '        name: web',
    '    maxReplicas: 10',
    '    # the block we guessed last year',
    '    behavior:',
    '        scaleDown:',
    '            stabilizationWindowSeconds: 0 # flaps',
    '    minReplicas: 2 # keep two for zone spread',
    '',
  ].join('\n');
  const { file, workspace } = indexFiles({ [URI]: text });
  const model = previewModelAt(file(URI), workspace, 1);
  assert.ok(model);
  const edit = behaviorEdit(file(URI), model.documentIndex, {
    scaleUp: {
      stabilizationWindowSeconds: 0,
      selectPolicy: 'Max',
      policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }],
    },
    scaleDown: { stabilizationWindowSeconds: 300 },
  });
  assert.ok(edit);
  // One edit from the new scaleUp lines to the changed window; the window's comment stays on its line.
  assert.deepEqual(edit.range, { start: { line: 12, character: 0 }, end: { line: 13, character: 41 } });
  assert.equal(
    applyEdits(file(URI), [edit]),
    [
      ...text.split('\n').slice(0, 11),
      '    behavior:',
      '        scaleUp:',
      '            stabilizationWindowSeconds: 0',
      '            selectPolicy: Max',
      '            policies:',
      '                - type: Pods',
      '                  value: 4',
      '                  periodSeconds: 15',
      '        scaleDown:',
      '            stabilizationWindowSeconds: 300 # flaps',
      '    minReplicas: 2 # keep two for zone spread',
      '',
    ].join('\n'),
  );
});

test('no edit for a document that is not an HPA, a flow-style spec, or a document index past the file', () => {
  const flow =
    'apiVersion: autoscaling/v2\nkind: HorizontalPodAutoscaler\nmetadata: {name: a}\nspec: {maxReplicas: 3, scaleTargetRef: {kind: Deployment, name: a}}\n';
  const { file } = indexFiles({ [URI]: `${DEMO}`, 'file:///work/flow.yaml': flow });
  assert.equal(behaviorEdit(file(URI), 0, {}), null, 'document 0 is the Deployment');
  assert.equal(behaviorEdit(file(URI), 7, {}), null);
  assert.equal(behaviorEdit(file('file:///work/flow.yaml'), 0, {}), null);
  assert.deepEqual(behaviorEdit(file(URI), 1, {})?.newText, '  behavior: {}\n');
});
