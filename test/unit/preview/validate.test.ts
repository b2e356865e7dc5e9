import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isHostToWebview, isPreviewModel, isWebviewToHost } from '../../../common/preview/validate';
import type { PreviewModel } from '../../../common/protocol';

const model: PreviewModel = {
  uri: 'file:///w/hpa.yaml',
  documentIndex: 1,
  name: 'web',
  spec: {
    scaleTargetRef: { kind: 'Deployment', name: 'web' },
    maxReplicas: 10,
    metrics: [
      {
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 60 } },
      },
    ],
  },
  podRequests: { cpu: 250 },
  containerRequests: { web: { cpu: 250 } },
  target: { uri: 'file:///w/hpa.yaml', kind: 'Deployment', name: 'web' },
  notes: [],
};

test('valid host messages pass', () => {
  assert.ok(isHostToWebview({ type: 'model', model, locale: 'ja', locked: false }));
  assert.ok(isHostToWebview({ type: 'noModel', reason: 'none', locale: 'en' }));
  assert.ok(isHostToWebview({ type: 'csvLoad', name: 'a.csv', text: 't,cpu\n0,1\n' }));
  assert.ok(isHostToWebview({ type: 'lockChanged', locked: true }));
  assert.ok(isHostToWebview({ type: 'waiting', reason: 'The server is starting.', locale: 'en' }));
  assert.ok(
    isHostToWebview({
      type: 'fixedLoads',
      name: 'x',
      loads: [{ metric: 'cpu', points: [{ t: 0, value: 1 }] }],
    }),
  );
});

test('host messages with wrong shapes are rejected', () => {
  const bad: unknown[] = [
    null,
    'model',
    [],
    { type: 'model' },
    { type: 'model', model, locale: 'ja' },
    {
      type: 'model',
      model: { ...model, spec: { ...model.spec, maxReplicas: '10' } },
      locale: 'en',
      locked: false,
    },
    { type: 'model', model: { ...model, podRequests: { cpu: 'lots' } }, locale: 'en', locked: false },
    { type: 'model', model: { ...model, notes: [1] }, locale: 'en', locked: false },
    { type: 'model', model: { ...model, target: { kind: 'Deployment' } }, locale: 'en', locked: false },
    { type: 'csvLoad', name: 'a.csv' },
    { type: 'lockChanged', locked: 'yes' },
    { type: 'waiting', locale: 'en' },
    { type: 'waiting', reason: 7, locale: 'en' },
    { type: 'fixedLoads', name: 'x', loads: [{ metric: 'cpu', points: [{ t: 0, value: Infinity }] }] },
    { type: 'fixedLoads', name: 'x', loads: [], settings: { peak: 'high' } },
    { type: 'unknown' },
  ];
  for (const message of bad) assert.equal(isHostToWebview(message), false, JSON.stringify(message));
});

test('webview messages are checked the same way', () => {
  assert.ok(isWebviewToHost({ type: 'ready' }));
  assert.ok(isWebviewToHost({ type: 'exportCsv', text: 'a' }));
  for (const message of [
    { type: 'exportSvg' },
    { type: 'exportCsv', text: 5 },
    // Posted once and ignored by the host: no longer part of the protocol.
    {
      type: 'settingsChanged',
      settings: {
        profile: 'burst',
        peak: 2,
        noise: 0.1,
        durationSeconds: 60,
        initialReplicas: 1,
        syncPeriodSeconds: 15,
        podStartupSeconds: 0,
      },
    },
    { type: 'openFile', path: '/etc/passwd' },
  ]) {
    assert.equal(isWebviewToHost(message), false, JSON.stringify(message));
  }
  assert.equal(isPreviewModel({ ...model, documentIndex: 0.5 }), false);
});

test('the overlay fields of a model and the pickOverlay message are checked', () => {
  const overlays = [{ uri: 'file:///w/overlays/prod/kustomization.yaml', label: 'overlays/prod' }];
  assert.ok(isPreviewModel({ ...model, overlays, overlay: overlays[0]!.uri }));
  assert.equal(isPreviewModel({ ...model, overlays: [{ uri: 1, label: 'x' }] }), false);
  assert.equal(isPreviewModel({ ...model, overlays: 'prod' }), false);
  assert.equal(isPreviewModel({ ...model, overlay: 7 }), false);
  assert.ok(isWebviewToHost({ type: 'pickOverlay', overlay: overlays[0]!.uri }));
  assert.ok(isWebviewToHost({ type: 'pickOverlay', overlay: null }));
  assert.equal(isWebviewToHost({ type: 'pickOverlay' }), false);
  assert.equal(isWebviewToHost({ type: 'pickOverlay', overlay: 3 }), false);
});
