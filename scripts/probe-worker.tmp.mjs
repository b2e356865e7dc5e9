import { join, resolve } from 'node:path';
import { ensureCodeServer, log } from './e2e/codeServer.mjs';
import { launchChromium } from './e2e/chromium.mjs';
import { openSession, workbenchUrl } from './e2e/session.mjs';
import { buildVsix } from './e2e/vsix.mjs';

const root = resolve(import.meta.dirname, '..');
const T = 90_000;
async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible', timeout: T });
  await input.fill(`>${title}`);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor({ timeout: T });
  await page.keyboard.press('Enter');
}
const entry = await ensureCodeServer(join(root, '.vscode-test'));
const vsix = await buildVsix(root, { reuse: process.argv.includes('--skip-build') });
const session = await openSession({ entry, vsix, workspaceSource: join(root, 'examples'), label: 'probe' });
let browser;
try {
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
  const consoleLines = [];
  page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
  await page.goto(workbenchUrl(session));
  await page.locator('.monaco-workbench').waitFor({ timeout: T });
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible', timeout: T });
  await input.fill('web-hpa.yaml');
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'web-hpa.yaml' }).first().waitFor({ timeout: T });
  await page.keyboard.press('Enter');
  await page.waitForTimeout(3000);
  await page.locator('.monaco-editor .view-lines').first().click();
  await runCommand(page, 'HPA: Open Preview to the Side');
  const deadline = Date.now() + T;
  let frame;
  while (!frame && Date.now() < deadline) {
    for (const f of page.frames()) {
      if ((await f.locator('#hpa-preview svg path.hpa-replicas').count().catch(() => 0)) > 0) frame = f;
    }
    if (!frame) await page.waitForTimeout(500);
  }
  if (!frame) {
    for (const f of page.frames()) log(`frame ${f.url()} status=${await f.locator('.status').textContent().catch(() => '-')} engine=${await f.locator('#hpa-preview').getAttribute('data-engine').catch(() => '-')}`);
    throw new Error('no chart');
  }
  const info = await frame.evaluate(async () => {
    const root = document.getElementById('hpa-preview');
    let direct = 'constructed';
    try { const w = new Worker(root.dataset.worker); w.terminate(); } catch (e) { direct = String(e); }
    let fetched = 'ok';
    try { const r = await fetch(root.dataset.worker); fetched = `${r.status} ${r.type} ${(await r.text()).length} chars`; } catch (e) { fetched = String(e); }
    return {
      origin: location.origin, href: location.href.slice(0, 120), worker: root.dataset.worker, engine: root.dataset.engine,
      status: document.querySelector('.status')?.textContent, simulating: document.body.dataset.simulating ?? null,
      paths: document.querySelectorAll('svg path.hpa-replicas').length, direct, fetched,
      csp: document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    };
  });
  console.log(JSON.stringify(info, null, 2));
  console.log(consoleLines.filter((l) => /worker|Worker|CSP|Content Security|simulation/i.test(l)).slice(0, 20).join('\n'));
  await page.screenshot({ path: '/tmp/wk/probe.png' });
} finally {
  await browser?.close().catch(() => undefined);
  await session.close();
}
process.exit(0);
