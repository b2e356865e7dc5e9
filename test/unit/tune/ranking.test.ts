/**
 * common/tune, issue 26 items 4 and 5: a block that scales down at the first sync of every dip ranks
 * below a steadier one meeting the same goals and says so when shown; each candidate says what put it
 * above the next; a goal out of reach names the bound outside the behavior that keeps it there and
 * what would reach it; a load needing more Pods than maxReplicas is named.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PROFILE_NAMES } from '../../../common/preview/run';
import { type PanelSettings, sanitizeSettings } from '../../../common/preview/settings';
import { suggestLoads } from '../../../common/preview/suggestLoads';
import {
  compareScored,
  decidingCriterion,
  explainCandidate,
  followsEveryDip,
  formatNumber,
  formatRamp,
  goalName,
  tune,
  tuneText,
  unmetLines,
  type Scored,
  type TuneCandidate,
} from '../../../common/tune';
import { WEB_MODEL } from '../../support/previewModels';

function settings(peak: number, podStartupSeconds = 30): PanelSettings {
  return sanitizeSettings(
    {
      metricLoads: { cpu: { profile: 'burst', peak, noise: 0.05 } },
      durationSeconds: 3600,
      initialReplicas: null,
      syncPeriodSeconds: 15,
      podStartupSeconds,
    },
    ['cpu'],
    PROFILE_NAMES,
  );
}

const down = (window: number, selectPolicy?: 'Max' | 'Disabled') => ({
  scaleDown: {
    stabilizationWindowSeconds: window,
    ...(selectPolicy ? { selectPolicy } : {}),
    policies: [{ type: 'Percent' as const, value: 100, periodSeconds: 15 }],
  },
});

test('followsEveryDip: a scale-down window of at most one sync, scale-down not disabled', () => {
  assert.equal(followsEveryDip(down(0), { syncPeriodSeconds: 15 }), true);
  assert.equal(followsEveryDip(down(15), { syncPeriodSeconds: 15 }), true);
  assert.equal(followsEveryDip(down(30), { syncPeriodSeconds: 15 }), false);
  assert.equal(followsEveryDip(down(30), { syncPeriodSeconds: 30 }), true);
  assert.equal(followsEveryDip(down(0, 'Disabled'), { syncPeriodSeconds: 15 }), false);
  // No behavior, or none for scale-down: the 300 s window (flag or API default).
  assert.equal(followsEveryDip(null, undefined), false);
  assert.equal(followsEveryDip({}, undefined), false);
  assert.equal(followsEveryDip(null, { downscaleStabilizationSeconds: 0 }), true);
});

function scored(over: Partial<TuneCandidate>, key: string): Scored {
  const candidate = {
    figures: [],
    meets: { ramp: true, scaleEventsPerHour: true, underprovisionedShare: true },
    podHours: 10,
    followsEveryDip: false,
    ...over,
  };
  return { candidate, key, unmetCount: 0, excess: 0, events: 4 };
}

test('ranking: with the same goals met, the steadier block ranks first even at a higher cost', () => {
  const flappy = scored({ podHours: 9, followsEveryDip: true }, 'a');
  const steady = scored({ podHours: 10 }, 'b');
  assert.ok(compareScored(steady, flappy) < 0);
  assert.deepEqual(decidingCriterion(steady, flappy), { criterion: 'steadier', margin: 0 });
  // Goals still come first: a flappy block that meets more goals wins, and says why.
  const missing = { ...steady, unmetCount: 1, excess: 2 };
  assert.ok(compareScored(flappy, missing) < 0);
  assert.deepEqual(decidingCriterion(flappy, missing), { criterion: 'goals', margin: 1 });
  const cheaper = scored({ podHours: 9.5 }, 'c');
  assert.deepEqual(decidingCriterion(cheaper, steady), { criterion: 'podHours', margin: 0.5 });
});

test('the search: the first candidate does not follow every dip, and each says what put it above the next', () => {
  const loads = suggestLoads(WEB_MODEL, settings(40), null);
  const result = tune({ loads });
  assert.ok(result.candidates.length >= 2);
  const [first, second] = result.candidates as [TuneCandidate, TuneCandidate];
  assert.equal(first.followsEveryDip, false, JSON.stringify(first.behavior));
  assert.ok(first.scaleDownWindowSeconds > result.syncSeconds);
  assert.ok(first.wonOn, 'the first says why it is first');
  if (first.wonOn.criterion === 'podHours')
    assert.ok(Math.abs(first.wonOn.margin - (second.podHours - first.podHours)) < 1e-9);
  const text = explainCandidate('en', result, 0);
  const { criterion, margin } = first.wonOn;
  const said =
    criterion === 'podHours' || criterion === 'scaleEvents'
      ? tuneText('en', `wonOn.${criterion}`, { diff: formatNumber(margin) })
      : tuneText('en', `wonOn.${criterion}`);
  assert.ok(text.includes(said), text);
  // A shown block that follows every dip carries the caution (here: the one the search ranked
  // lowest among its own scale-down windows, shown on its own).
  const hairTrigger = { ...first, followsEveryDip: true, scaleDownWindowSeconds: 15 };
  const shown = { ...result, candidates: [hairTrigger] };
  const caution = tuneText('en', 'followsEveryDip', {
    window: formatRamp('en', 15),
    sync: formatRamp('en', 15),
  });
  assert.ok(explainCandidate('en', shown, 0).endsWith(caution), explainCandidate('en', shown, 0));
  assert.ok(!explainCandidate('en', result, 0).includes(caution));
  assert.ok(
    explainCandidate('ja', shown, 0).includes(
      tuneText('ja', 'followsEveryDip', { window: formatRamp('ja', 15), sync: formatRamp('ja', 15) }),
    ),
  );
});

test('a ramp goal below the Pod start-up delay: out of reach, said with the bound and what reaches it', () => {
  const loads = suggestLoads(WEB_MODEL, settings(2, 60), null);
  const result = tune({ loads, goals: { maxRampSeconds: 15 } });
  assert.ok(result.unmet.includes('ramp'));
  assert.ok(result.unreachable.includes('ramp'));
  const why = result.unreachableWhy.find((u) => u.goal === 'ramp');
  assert.ok(why);
  assert.deepEqual(
    why.bounds.map((b) => b.kind),
    ['podStartup', 'minReplicas'],
  );
  const floor = why.bounds.find((b) => b.kind === 'minReplicas');
  assert.ok(floor && floor.kind === 'minReplicas' && floor.reachedWith > 2 && floor.reachedWith <= 20);
  const lines = unmetLines('en', result);
  assert.equal(lines[0], tuneText('en', 'unmetHeading', { goals: goalName('en', 'ramp') }));
  assert.ok(lines.some((l) => l.includes('the Pod start-up delay, not the behavior') && l.includes('60 s')));
  assert.ok(
    lines.some((l) => l.includes(`with minReplicas ${floor.reachedWith} the closest block meets it`)),
  );
  // Each line in the other languages is its own translation, not English.
  for (const locale of ['ja', 'zh-tw'] as const)
    for (const line of unmetLines(locale, result)) assert.ok(!line.includes('out of reach'), line);
});

test('a load that needs more Pods than maxReplicas is named with the need, and one that does not is not', () => {
  const over = tune({ loads: suggestLoads(WEB_MODEL, settings(40), null) });
  const burst = over.needAboveMax.find((n) => n.load === 'burst');
  assert.ok(burst, JSON.stringify(over.needAboveMax));
  // 40 × what 2 Pods handle at target, less the 10 % tolerance: about 73 Pods, well above 20.
  assert.ok(burst.need > 60 && burst.need <= 80, String(burst.need));
  assert.equal(burst.maxReplicas, 20);
  assert.ok(
    unmetLines('en', over).some((l) => l.startsWith(`The load burst needs up to ${burst.need} Pods`)),
  );
  const within = tune({ loads: suggestLoads(WEB_MODEL, settings(2), null) });
  assert.deepEqual(within.needAboveMax, []);
  assert.deepEqual(unmetLines('en', within), []);
});
