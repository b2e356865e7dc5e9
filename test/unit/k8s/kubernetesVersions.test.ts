/**
 * common/k8s/kubernetesVersions.ts: releases, gates per release, API versions served, the parsers.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  acceptsMinReplicasZero,
  apiVersionServed,
  countsPodLevelRequests,
  DEFAULT_MINOR,
  describeTarget,
  gateStatus,
  parseFeatureGates,
  parseKubernetesVersion,
  resolveClusterTarget,
  SUPPORTED_RELEASES,
  toleranceSupport,
  tracksScaledToZero,
  type ClusterTarget,
} from '../../../common/k8s/kubernetesVersions';

function target(version?: string, featureGates?: Record<string, boolean>): ClusterTarget {
  const r = resolveClusterTarget({ kubernetesVersion: version, featureGates });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

test('releases 1.25 to 1.38 are modelled; 1.37 is assumed when none is configured', () => {
  assert.equal(SUPPORTED_RELEASES[0], '1.25');
  assert.equal(SUPPORTED_RELEASES.at(-1), '1.38');
  assert.equal(SUPPORTED_RELEASES.length, 14);
  const t = target();
  assert.equal(t.minor, DEFAULT_MINOR);
  assert.equal(t.minor, 37);
  assert.equal(t.configured, false);
  assert.equal(target('1.35').configured, true);
});

test('version text: 1.35, v1.35 and 1.35.2 are 1.35; anything else is an error naming it', () => {
  assert.deepEqual(parseKubernetesVersion('1.35'), { ok: true, value: 35 });
  assert.deepEqual(parseKubernetesVersion('v1.35'), { ok: true, value: 35 });
  assert.deepEqual(parseKubernetesVersion('1.35.2'), { ok: true, value: 35 });
  assert.deepEqual(parseKubernetesVersion(' 1.36 '), { ok: true, value: 36 });
  assert.deepEqual(parseKubernetesVersion('banana'), {
    ok: false,
    error: { code: 'badVersion', value: 'banana' },
  });
  assert.deepEqual(parseKubernetesVersion('2.1'), { ok: false, error: { code: 'badVersion', value: '2.1' } });
  assert.deepEqual(parseKubernetesVersion('1.24'), {
    ok: false,
    error: { code: 'tooOld', value: '1.24', oldest: '1.25' },
  });
  assert.deepEqual(parseKubernetesVersion('1.39'), {
    ok: false,
    error: { code: 'tooNew', value: '1.39', newest: '1.38' },
  });
});

test('gate lists in kube syntax; unknown gates, bad values and bad syntax are errors naming them', () => {
  assert.deepEqual(parseFeatureGates('HPAScaleToZero=true,HPAConfigurableTolerance=false'), {
    ok: true,
    value: { HPAScaleToZero: true, HPAConfigurableTolerance: false },
  });
  assert.deepEqual(parseFeatureGates(''), { ok: true, value: {} });
  assert.deepEqual(parseFeatureGates(' HPAScaleToZero = TRUE , '), {
    ok: true,
    value: { HPAScaleToZero: true },
  });
  const unknown = parseFeatureGates('HPAScaleToZro=true');
  assert.equal(unknown.ok, false);
  assert.equal(!unknown.ok && unknown.error.code, 'unknownGate');
  assert.equal(!unknown.ok && unknown.error.code === 'unknownGate' && unknown.error.gate, 'HPAScaleToZro');
  assert.deepEqual(parseFeatureGates('HPAScaleToZero=yes'), {
    ok: false,
    error: { code: 'badGateValue', gate: 'HPAScaleToZero', value: 'yes' },
  });
  assert.deepEqual(parseFeatureGates('HPAScaleToZero'), {
    ok: false,
    error: { code: 'badGateSyntax', value: 'HPAScaleToZero' },
  });
});

test('gate stages per release, as the gate lists give them', () => {
  assert.deepEqual(gateStatus('HPAScaleToZero', 36), { stage: 'alpha', default: false, locked: false });
  assert.deepEqual(gateStatus('HPAScaleToZero', 37), { stage: 'beta', default: true, locked: false });
  assert.equal(gateStatus('HPAConfigurableTolerance', 32), undefined);
  assert.deepEqual(gateStatus('HPAConfigurableTolerance', 34), {
    stage: 'alpha',
    default: false,
    locked: false,
  });
  assert.deepEqual(gateStatus('HPAConfigurableTolerance', 35), {
    stage: 'beta',
    default: true,
    locked: false,
  });
  assert.deepEqual(gateStatus('HPAConfigurableTolerance', 37), { stage: 'GA', default: true, locked: true });
  assert.deepEqual(gateStatus('PodLevelResources', 33), { stage: 'alpha', default: false, locked: false });
  assert.deepEqual(gateStatus('PodLevelResources', 34), { stage: 'beta', default: true, locked: false });
  assert.deepEqual(gateStatus('HPAContainerMetrics', 26), { stage: 'alpha', default: false, locked: false });
  assert.equal(gateStatus('HPAContainerMetrics', 32), undefined);
});

test('effective gates: defaults per release, overrides on top', () => {
  assert.equal(target('1.36').gates.HPAScaleToZero, false);
  assert.equal(target('1.37').gates.HPAScaleToZero, true);
  assert.equal(target('1.36', { HPAScaleToZero: true }).gates.HPAScaleToZero, true);
  assert.equal(target('1.37', { HPAScaleToZero: false }).gates.HPAScaleToZero, false);
  // A removed gate is simply on; asking for it on is harmless.
  assert.equal(target('1.35').gates.HPAContainerMetrics, true);
  assert.equal(target('1.35', { HPAContainerMetrics: true }).gates.HPAContainerMetrics, true);
  assert.equal(target('1.26').gates.HPAContainerMetrics, false);
  assert.equal(describeTarget(target('1.36', { HPAScaleToZero: true })), '1.36 (HPAScaleToZero=true)');
  assert.equal(describeTarget(target('1.34')), '1.34');
});

test('a gate the release does not have, or a locked GA gate set otherwise, is refused', () => {
  assert.deepEqual(
    resolveClusterTarget({ kubernetesVersion: '1.31', featureGates: { HPAConfigurableTolerance: true } }),
    {
      ok: false,
      error: { code: 'gateAbsent', gate: 'HPAConfigurableTolerance', release: '1.31', since: '1.33' },
    },
  );
  assert.deepEqual(
    resolveClusterTarget({ kubernetesVersion: '1.37', featureGates: { HPAConfigurableTolerance: false } }),
    {
      ok: false,
      error: { code: 'gateLocked', gate: 'HPAConfigurableTolerance', value: false, release: '1.37' },
    },
  );
  assert.deepEqual(
    resolveClusterTarget({ kubernetesVersion: '1.33', featureGates: { HPAContainerMetrics: false } }),
    {
      ok: false,
      error: { code: 'gateRemoved', gate: 'HPAContainerMetrics', release: '1.33', removedIn: '1.32' },
    },
  );
});

test('behaviour by release: scale to zero, tolerance, pod-level requests', () => {
  const rows = ['1.25', '1.31', '1.33', '1.34', '1.35', '1.36', '1.37', '1.38'].map((v) => {
    const t = target(v);
    return [
      v,
      acceptsMinReplicasZero(t),
      tracksScaledToZero(t),
      toleranceSupport(t),
      countsPodLevelRequests(t),
    ];
  });
  assert.deepEqual(rows, [
    ['1.25', false, false, 'unknown', false],
    ['1.31', false, false, 'unknown', false],
    ['1.33', false, false, 'dropped', false],
    ['1.34', false, false, 'dropped', true],
    ['1.35', false, false, 'honoured', true],
    ['1.36', false, true, 'honoured', true],
    ['1.37', true, true, 'honoured', true],
    ['1.38', true, true, 'honoured', true],
  ]);
  assert.equal(toleranceSupport(target('1.34', { HPAConfigurableTolerance: true })), 'honoured');
  assert.equal(toleranceSupport(target('1.35', { HPAConfigurableTolerance: false })), 'dropped');
  assert.equal(countsPodLevelRequests(target('1.33', { PodLevelResources: true })), false);
  assert.equal(countsPodLevelRequests(target('1.35', { PodLevelResources: false })), false);
});

test('API versions: v2beta2 served (deprecated) to 1.25, removed in 1.26; v2beta1 removed in 1.25', () => {
  assert.deepEqual(apiVersionServed('autoscaling/v2beta2', 25), {
    state: 'deprecated',
    removedIn: 26,
    lastServed: 25,
  });
  assert.deepEqual(apiVersionServed('autoscaling/v2beta2', 26), { state: 'removed', removedIn: 26 });
  assert.deepEqual(apiVersionServed('autoscaling/v2beta1', 25), { state: 'removed', removedIn: 25 });
  assert.deepEqual(apiVersionServed('autoscaling/v2', 25), { state: 'served' });
  assert.deepEqual(apiVersionServed('autoscaling/v1', 38), { state: 'served' });
  assert.deepEqual(apiVersionServed('autoscaling/v3', 38), { state: 'unknown' });
});
