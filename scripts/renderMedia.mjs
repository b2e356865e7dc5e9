// Renders the extension's pictures in Debian's Chromium, after their sources change:
//   media/icon.svg           -> media/icon.png (128x128, transparent; the Marketplace and Open VSX
//                               take no SVG icon)
//   docs/images/preview.png  -> media/walkthrough/preview.png (half size, for the walkthrough's
//                               first step; the README keeps the full screenshot)
// node scripts/renderMedia.mjs
import { mkdirSync, readFileSync } from 'node:fs';
import { launchChromium } from './e2e/chromium.mjs';

const browser = await launchChromium();
try {
  const icon = await browser.newPage({ viewport: { width: 128, height: 128 }, deviceScaleFactor: 1 });
  const svg = readFileSync('media/icon.svg', 'utf8');
  await icon.setContent(
    `<!DOCTYPE html><html><body style="margin:0;background:transparent">${svg}</body></html>`,
  );
  await icon.locator('svg').screenshot({ path: 'media/icon.png', omitBackground: true });

  mkdirSync('media/walkthrough', { recursive: true });
  const shot = await browser.newPage({ viewport: { width: 700, height: 430 }, deviceScaleFactor: 1 });
  const png = readFileSync('docs/images/preview.png').toString('base64');
  await shot.setContent(
    `<!DOCTYPE html><html><body style="margin:0"><img style="display:block;width:700px;height:430px" src="data:image/png;base64,${png}"></body></html>`,
  );
  await shot.screenshot({ path: 'media/walkthrough/preview.png' });
} finally {
  await browser.close();
}
