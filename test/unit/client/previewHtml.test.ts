import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeNonce, pageHtml, previewCsp } from '../../../client/src/preview/previewHtml';
import { LIMITS, sanitizeSettings } from '../../../common/preview/settings';

test('the panel CSP allows scripts by nonce only, styles, images and fetches from the extension, workers from blob:', () => {
  assert.equal(
    previewCsp('https://file+.vscode-resource.vscode-cdn.net', 'abc'),
    "default-src 'none'; script-src 'nonce-abc'; style-src https://file+.vscode-resource.vscode-cdn.net 'nonce-abc'; img-src https://file+.vscode-resource.vscode-cdn.net data:; connect-src https://file+.vscode-resource.vscode-cdn.net; worker-src blob:",
  );
});

test('the page names its simulation worker only when given one, escaped', () => {
  const base = {
    csp: previewCsp('https://x', 'n1'),
    nonce: 'n1',
    scriptSrc: 'https://x/dist/webview.js',
    styleHref: 'https://x/s.css',
    lang: 'en',
  };
  assert.ok(pageHtml(base).includes('<main id="hpa-preview"></main>'));
  assert.ok(
    pageHtml({ ...base, workerSrc: 'https://x/dist/simulationWorker.js?a="b"' }).includes(
      '<main id="hpa-preview" data-worker="https://x/dist/simulationWorker.js?a=&quot;b&quot;"></main>',
    ),
  );
});

test('nonces are 18 random bytes in base64, fresh each time', () => {
  const a = makeNonce();
  const b = makeNonce();
  assert.match(a, /^[A-Za-z0-9+/]{24}$/);
  assert.notEqual(a, b);
});

test('the page carries the CSP, one nonced script and escaped attribute values', () => {
  const html = pageHtml({
    csp: previewCsp('https://x', 'n1'),
    nonce: 'n1',
    scriptSrc: 'https://x/dist/webview.js?a="b"',
    styleHref: 'https://x/dist/webview.css',
    lang: 'ja',
  });
  assert.ok(html.includes(`content="default-src &#39;none&#39;; script-src &#39;nonce-n1&#39;;`));
  assert.equal(html.match(/<script/g)?.length, 1);
  assert.ok(html.includes('<script nonce="n1" src="https://x/dist/webview.js?a=&quot;b&quot;"></script>'));
  assert.ok(html.includes('<html lang="ja">'));
  assert.ok(html.includes('<main id="hpa-preview"></main>'));
});

test('sanitizeSettings clamps every number and fills metrics from defaults', () => {
  const s = sanitizeSettings(
    {
      durationSeconds: 10 ** 9,
      initialReplicas: -4,
      syncPeriodSeconds: 'fast',
      podStartupSeconds: 12.6,
      metricLoads: { cpu: { profile: 'nope', peak: 1e9, noise: -1 }, gone: { profile: 'night' } },
      options: { tolerance: 0.05, configurableTolerance: 'yes', bogus: 1 },
    },
    ['cpu', 'rps'],
    ['night', 'burst'],
  );
  assert.deepEqual(s, {
    options: { tolerance: 0.05 },
    metricLoads: {
      cpu: { profile: 'burst', peak: LIMITS.peak.max, noise: 0 },
      rps: { profile: 'burst', peak: 2, noise: 0.05 },
    },
    durationSeconds: LIMITS.durationSeconds.max,
    initialReplicas: 0,
    syncPeriodSeconds: 15,
    podStartupSeconds: 13,
  });
});
