// `npm run screenshots`: the packaged extension in code-server, driven through Chromium as a person
// drives it — open a broken HPA file, hover a squiggle, open the Problems panel, open the preview to
// the side — with a screenshot of each step in docs/images/.
//
//   node scripts/screenshots.mjs [--skip-build]
//   env: HPA_E2E_VERBOSE=1 echoes code-server's log.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureCodeServer, log } from './e2e/codeServer.mjs';
import { launchChromium } from './e2e/chromium.mjs';
import { openSession, workbenchUrl } from './e2e/session.mjs';
import { buildVsix } from './e2e/vsix.mjs';

const root = resolve(import.meta.dirname, '..');
const imagesDir = join(root, 'docs', 'images');
const STEP_TIMEOUT_MS = 60_000;
const { values: options } = parseArgs({ options: { 'skip-build': { type: 'boolean', default: false } } });

async function runCommand(page, title) {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await input.fill(`>${title}`);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: title })
    .first()
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('Enter');
}

async function openFile(page, name) {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input[type="text"]');
  await input.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  await input.fill(name);
  await page
    .locator('.quick-input-list .monaco-list-row', { hasText: name })
    .first()
    .waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.keyboard.press('Enter');
  await page.locator(`.tab[data-resource-name="${name}"]`).waitFor({ timeout: STEP_TIMEOUT_MS });
}

async function shoot(page, name) {
  const path = join(imagesDir, `${name}.png`);
  await page.screenshot({ path });
  log(`wrote ${path}`);
}

/** The preview's content frame: webviews are iframes inside an iframe of the workbench. */
async function previewFrame(page) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (;;) {
    for (const frame of page.frames()) {
      if (!frame.url().includes('fake.html') && !frame.url().includes('index.html')) continue;
      if (
        (await frame
          // A drawn line, not only the axes: the run fills the chart after the page has laid it out.
          .locator('.hpa-data path')
          .count()
          .catch(() => 0)) > 0
      )
        return frame;
    }
    if (Date.now() > deadline) throw new Error('the preview showed no chart');
    await page.waitForTimeout(250);
  }
}

async function main() {
  mkdirSync(imagesDir, { recursive: true });
  const entry = await ensureCodeServer(join(root, '.vscode-test'));
  const vsix = await buildVsix(root, { reuse: options['skip-build'] });
  const session = await openSession({
    entry,
    vsix,
    workspaceSource: join(root, 'examples'),
    label: 'screenshots',
  });
  let browser;
  let page;
  try {
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await page.goto(workbenchUrl(session));
    await page.locator('.monaco-workbench').waitFor({ timeout: STEP_TIMEOUT_MS });
    log('workbench open');

    await openFile(page, 'broken-hpa.yaml');
    // The editor-title preview button (issue 26): on the file as soon as the server has read it.
    await page
      .locator('.editor-actions .codicon-open-preview')
      .first()
      .waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    const squiggle = page.locator('.squiggly-error, .squiggly-warning').first();
    await squiggle.waitFor({ timeout: STEP_TIMEOUT_MS });
    await shoot(page, 'diagnostics');

    const box = await squiggle.boundingBox();
    if (!box) throw new Error('the squiggle has no position on screen');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page
      .locator('.monaco-hover:not(.hidden)')
      .first()
      .waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    await shoot(page, 'hover');
    await page.mouse.move(5, 5);
    await page.keyboard.press('Escape');

    await runCommand(page, 'View: Focus Problems');
    await page.locator('.markers-panel .monaco-list-row').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await shoot(page, 'problems');
    await runCommand(page, 'View: Hide Panel');

    await page.locator('.monaco-editor .view-lines').first().click();
    await runCommand(page, 'HPA: Open Preview to the Side');
    await previewFrame(page);
    await shoot(page, 'preview');
  } catch (error) {
    // What the page showed when a step failed says more than the selector that timed out.
    const failure = join(root, 'out', 'screenshots-failure.png');
    mkdirSync(dirname(failure), { recursive: true });
    await page?.screenshot({ path: failure }).then(
      () => log(`the page at the failure: ${failure}`),
      () => undefined,
    );
    throw error;
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
