// `node scripts/app-icons.mjs`: the installed app's icons (shell/public/icons) drawn from
// shell/icons/app-icon.svg by the browser the browser tests use. Run once after changing the drawing;
// the PNGs are committed, so builds need no rasteriser.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const shell = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../shell');
const svg = readFileSync(path.join(shell, 'icons/app-icon.svg'), 'utf8');

// "any" icons are shown as drawn, so they get rounded corners; the maskable one is full-bleed and
// the platform cuts its own shape out of it.
const ICONS = [
  { file: 'icon-192.png', size: 192, radius: 0.18 },
  { file: 'icon-512.png', size: 512, radius: 0.18 },
  { file: 'icon-maskable-512.png', size: 512, radius: 0 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  for (const { file, size, radius } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px;` +
        `border-radius:${radius * size}px;overflow:hidden}</style>${svg}`,
    );
    writeFileSync(path.join(shell, 'public/icons', file), await page.screenshot({ omitBackground: true }));
    await page.close();
  }
} finally {
  await browser.close();
}
