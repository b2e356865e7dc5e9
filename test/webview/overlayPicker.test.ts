/**
 * The overlay picker in real Chromium: shown only when the model lists kustomize overlays, showing
 * the overlay the model was built from, and asking the host for another one (or the file as
 * written). Needs chromium on PATH. Builds dist/webview.js first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { PreviewModel } from '../../common/protocol';
import { openPanel, type PanelServer, usePanelBrowser } from './harness';
import { TINY_MODEL } from '../support/previewModels';

let browser: Browser;
let server: PanelServer;

usePanelBrowser((parts) => ({ browser, server } = parts));

const PROD = 'file:///w/overlays/prod/kustomization.yaml';
const STAGING = 'file:///w/overlays/staging/kustomization.yaml';
const WITH_OVERLAYS: PreviewModel = {
  ...TINY_MODEL,
  overlays: [
    { uri: PROD, label: 'overlays/prod' },
    { uri: STAGING, label: 'overlays/staging' },
  ],
  overlay: PROD,
};

test('no overlays, no picker; with overlays, the chosen one is selected and a change asks the host', async () => {
  const panel = await openPanel(browser, server.origin);
  let n = await panel.renders();
  await panel.send({ type: 'model', model: TINY_MODEL, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  assert.equal(await panel.page.isHidden('p.overlay-picker'), true);

  await panel.send({ type: 'model', model: WITH_OVERLAYS, locale: 'en', locked: false });
  n = await panel.waitForRender(n);
  assert.equal(await panel.page.isVisible('p.overlay-picker'), true);
  assert.equal(await panel.page.textContent('p.overlay-picker label'), 'Values from');
  assert.deepEqual(await panel.page.locator('#overlay-picker option').allTextContents(), [
    'this file, as written',
    'overlay overlays/prod, rendered by kustomize',
    'overlay overlays/staging, rendered by kustomize',
  ]);
  assert.equal(await panel.page.inputValue('#overlay-picker'), PROD);

  const posted = async (value: string) => {
    const before = (await panel.probe()).posted.length;
    await panel.page.selectOption('#overlay-picker', value);
    await panel.page.waitForFunction(
      (count) => window.__probe.posted.slice(count).some((m) => m.type === 'pickOverlay'),
      before,
    );
    return (await panel.probe()).posted.slice(before).find((m) => m.type === 'pickOverlay');
  };
  assert.deepEqual(await posted(STAGING), { type: 'pickOverlay', overlay: STAGING });
  assert.deepEqual(await posted(''), { type: 'pickOverlay', overlay: null });

  // In Japanese.
  await panel.send({ type: 'model', model: WITH_OVERLAYS, locale: 'ja', locked: false });
  await panel.waitForRender(n);
  assert.equal(await panel.page.textContent('#overlay-picker option[value=""]'), 'このファイル (記述どおり)');
  const probe = await panel.probe();
  assert.deepEqual(probe.cspViolations, []);
  assert.deepEqual(panel.errors, []);
  await panel.page.close();
});
