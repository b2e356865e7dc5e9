// The preview's simulation worker in a real VS Code: the packaged extension in code-server (4.96.4,
// VS Code 1.96.4, unless --code-server names another release of codeServer.mjs), driven through Chromium. Opens examples/web-hpa.yaml, opens the preview, asks for
// a run long enough to go to the worker (24 h at a 5 s sync), and checks inside the webview that the
// worker ran it and the charts are drawn. It also records why the worker starts from a blob: URL:
// `new Worker(asWebviewUri(...))` is refused as cross-origin while a fetch of it is answered.
//
//   node scripts/e2e/previewWorker.mjs [--skip-build] [--code-server 4.139.1]
// Exits 1 when the run did not happen in the worker. Prints what it found as JSON.
// The functions passed to frame.evaluate run in the webview page, where these exist.
/* global document, location, Worker, fetch */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CODE_SERVER_VERSION, ensureCodeServerRelease, log } from './codeServer.mjs';
import { launchChromium } from './chromium.mjs';
import { openSession, workbenchUrl } from './session.mjs';
import { buildVsix } from './vsix.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const STEP_TIMEOUT_MS = 90_000;
const { values: options } = parseArgs({
  options: {
    'skip-build': { type: 'boolean', default: false },
    'code-server': { type: 'string', default: CODE_SERVER_VERSION },
  },
});

async function quickOpen(page, text, row) {
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await input.fill(text);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: row })
    .first()
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('Enter');
}

/** The preview's content frame (webviews are iframes inside an iframe), once it has drawn its charts. */
async function previewFrame(page) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    for (const frame of page.frames()) {
      const drawn = await frame
        .locator('#hpa-preview svg path.hpa-replicas')
        .count()
        .catch(() => 0);
      if (drawn > 0) return frame;
    }
    if (Date.now() > deadline) throw new Error('the preview showed no chart');
    await page.waitForTimeout(250);
  }
}

async function main() {
  const codeServer = await ensureCodeServerRelease(join(root, '.vscode-test'), options['code-server']);
  log(`VS Code ${codeServer.vscodeVersion} (code-server)`);
  const vsix = await buildVsix(root, { reuse: options['skip-build'] });
  const session = await openSession({
    entry: codeServer.entry,
    node: codeServer.node,
    serverArgs: codeServer.serverArgs,
    vsix,
    workspaceSource: join(root, 'examples'),
    label: 'preview-worker',
  });
  let browser;
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(workbenchUrl(session));
    await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.keyboard.press('Control+P');
    await quickOpen(page, 'web-hpa.yaml', 'web-hpa.yaml');
    await page.locator('.tab[data-resource-name="web-hpa.yaml"]').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('F1');
    await quickOpen(page, '>HPA: Open Preview to the Side', 'HPA: Open Preview to the Side');
    const frame = await previewFrame(page);
    log('the preview drew its charts');
    // 24 h at a 5 s sync: 17,280 syncs x maxReplicas 20, past the page's limit, so the worker runs it.
    const renders = Number(await frame.evaluate(() => document.body.dataset.renders));
    await frame.getByLabel('Length (minutes)').fill('1440');
    await frame.getByLabel('Sync period (s)').fill('5');
    await frame.waitForFunction(
      (n) => Number(document.body.dataset.renders) > n && document.body.dataset.simulating !== 'true',
      renders,
      { timeout: STEP_TIMEOUT_MS },
    );
    await frame.waitForFunction(() => document.body.dataset.simulatedIn === 'worker', undefined, {
      timeout: STEP_TIMEOUT_MS,
    });
    const found = await frame.evaluate(async () => {
      const main = document.getElementById('hpa-preview');
      const url = main?.dataset.worker ?? '';
      let direct = 'constructed';
      try {
        new Worker(url).terminate();
      } catch (error) {
        direct = String(error);
      }
      let fetched;
      try {
        const response = await fetch(url);
        fetched = `${response.status}, ${(await response.text()).length} characters`;
      } catch (error) {
        fetched = String(error);
      }
      return {
        pageOrigin: location.origin,
        workerScript: url,
        simulatedIn: document.body.dataset.simulatedIn,
        simulationMs: Number(document.body.dataset.simulationMs),
        syncsShown: document.querySelector('.log-range')?.textContent,
        replicaLines: document.querySelectorAll('svg path.hpa-replicas').length,
        status: document.querySelector('.status')?.textContent ?? '',
        newWorkerOfTheResourceUrl: direct,
        fetchOfTheResourceUrl: fetched,
      };
    });
    process.stdout.write(`${JSON.stringify(found, null, 2)}\n`);
    const ok =
      found.simulatedIn === 'worker' &&
      found.replicaLines === 3 &&
      found.status === '' &&
      // The log counts the syncs of the run it shows (it lists scale events by default).
      / of 17280\b|\(17280 syncs\)/.test(found.syncsShown ?? '');
    if (!ok) throw new Error('the 24 h run did not come from the worker');
    log('the 24 h run came from the simulation worker');
  } finally {
    await browser?.close().catch(() => undefined);
    await session.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
