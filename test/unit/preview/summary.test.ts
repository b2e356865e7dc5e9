import { test } from 'node:test';
import assert from 'node:assert/strict';
import { metricRatio, summarize } from '../../../common/preview/summary';
import type { SimulationStep } from '../../../common/engine/simulationTypes';

function step(t: number, replicas: number, desired: number, utilization: number): SimulationStep {
  return {
    t,
    load: {},
    replicas,
    readyReplicas: replicas,
    proposedReplicas: desired,
    stabilizedReplicas: desired,
    desiredReplicas: desired,
    metrics: [{ name: 'cpu', value: 0, target: 50, utilization, proposal: desired }],
    limitedBy: null,
    reason: 'steady',
  };
}

test('metricRatio compares the integer utilization for Utilization targets, else the value', () => {
  assert.equal(metricRatio({ name: 'cpu', value: 999, target: 50, utilization: 75, proposal: 3 }), 1.5);
  assert.equal(metricRatio({ name: 'rps', value: 30_000, target: 10_000, proposal: 3 }), 3);
  assert.equal(metricRatio({ name: 'rps', value: Number.NaN, target: 10_000, proposal: null }), null);
  assert.equal(metricRatio({ name: 'rps', value: 1, target: 0, proposal: null }), null);
});

test('summarize counts rescales, time beyond the band, Pod-hours and the peak', () => {
  // 50 % target, band up to 55 %: 56 % counts, 55 % does not.
  const steps = [step(0, 2, 4, 80), step(15, 4, 4, 56), step(30, 4, 4, 55), step(45, 4, 3, 20)];
  const s = summarize({ hpa: 'x', syncPeriodSeconds: 15, steps }, 0.1);
  assert.equal(s.scaleEvents, 2);
  assert.equal(s.secondsAboveTarget, 30);
  // Decisions hold 15 s each: (4 + 4 + 4 + 3) Pods x 15 s = 225 Pod-seconds.
  assert.equal(s.podHours, 225 / 3600);
  assert.equal(s.peakReplicas, 4);
  assert.deepEqual(summarize({ hpa: 'x', syncPeriodSeconds: 15, steps: [] }, 0.1), {
    scaleEvents: 0,
    secondsAboveTarget: 0,
    podHours: 0,
    peakReplicas: 0,
  });
});
