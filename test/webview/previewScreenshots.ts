/**
 * `node --import tsx test/webview/previewScreenshots.ts [outDir]`: the preview panel at 280, 480
 * and 900 px wide (examples/queue-worker.yaml, dark theme at 480 px) as docs/images/preview-<width>.png,
 * from the top of the panel to the end of its summary. Same page, CSP and stub host as the tests.
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { QUEUE_MODEL } from '../support/chartInputs';
import { buildWebview, launchChromium, openPanel, ROOT, startPanelServer } from './harness';

const DARK: Record<string, string> = {
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-editorWidget-border': '#454545',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-input-background': '#313131',
  '--vscode-input-foreground': '#cccccc',
  '--vscode-input-border': '#3c3c3c',
  '--vscode-charts-blue': '#3794ff',
  '--vscode-charts-green': '#89d185',
  '--vscode-charts-red': '#f14c4c',
  '--vscode-charts-yellow': '#cca700',
  '--vscode-charts-purple': '#b180d7',
};

async function main(): Promise<void> {
  const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs', 'images'));
  mkdirSync(out, { recursive: true });
  await buildWebview();
  const server = await startPanelServer();
  const browser = await launchChromium();
  try {
    for (const [width, locale, dark] of [
      [280, 'ja', false],
      [480, 'en', true],
      [900, 'en', false],
    ] as const) {
      const panel = await openPanel(browser, server.origin);
      await panel.page.setViewportSize({ width, height: 900 });
      if (dark) {
        await panel.page.evaluate((vars) => {
          for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
        }, DARK);
      }
      const n = await panel.renders();
      await panel.send({ type: 'model', model: QUEUE_MODEL, locale, locked: false });
      await panel.waitForRender(n);
      await panel.page.waitForFunction(
        () =>
          Number(document.querySelector('.charts svg')?.getAttribute('width')) ===
          document.querySelector('.charts')?.clientWidth,
      );
      const bottom = await panel.page.evaluate(() =>
        Math.ceil(document.querySelector('.summary')!.getBoundingClientRect().bottom + window.scrollY + 8),
      );
      const file = path.join(out, `preview-${width}.png`);
      await panel.page.screenshot({
        path: file,
        fullPage: true,
        clip: { x: 0, y: 0, width, height: bottom },
      });
      console.log(`wrote ${file}`);
      await panel.page.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
