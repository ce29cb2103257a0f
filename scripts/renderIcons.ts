/**
 * `npm run icons`: draws the extension's icon, media/icon.png (128×128, the Marketplace's and the
 * Extensions view's), from its source media/icon.svg in headless Chromium (playwright-core, the
 * Chromium the browser tests use), so the PNG committed is reproducible. Checks the size of what
 * it wrote (test/unit/manifest.test.ts checks the committed file).
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../test/runner/serverHost';
import { findChromium } from './prerequisites';
import { pngSize } from './png';

/** The icons drawn: an SVG source and the PNG made of it, with the PNG's size in pixels. */
const ICONS = [{ source: 'media/icon.svg', target: 'media/icon.png', size: 128 }] as const;

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '../..');
  const executablePath = findChromium();
  if (!executablePath)
    throw new Error('no chromium found: `node out/scripts/prerequisites.js` installs it (or set CHROMIUM_PATH)');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'exchange-tx-icons-'));
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    env: { ...process.env, TMPDIR: tmp, XDG_CONFIG_HOME: tmp, XDG_CACHE_HOME: tmp },
  });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
      const svg = fs.readFileSync(path.join(root, icon.source), 'utf8');
      // The SVG alone, drawn to the page's size, on a transparent page.
      await page.setContent(
        `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${icon.size}px;height:${icon.size}px}</style>${svg}`,
      );
      const png = await page.screenshot({
        omitBackground: true,
        clip: { x: 0, y: 0, width: icon.size, height: icon.size },
      });
      const size = pngSize(png);
      if (size?.width !== icon.size || size.height !== icon.size)
        throw new Error(`${icon.target}: drew ${JSON.stringify(size)}, not ${icon.size}×${icon.size}`);
      fs.writeFileSync(path.join(root, icon.target), png);
      console.log(`${icon.target}: ${icon.size}×${icon.size}, ${png.length} bytes, from ${icon.source}`);
      await page.close();
    }
  } finally {
    await browser.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
