// Writes the app's artwork into public/: vector files as they are, raster files rendered from the same
// SVG in headless Chromium. Run: `node --import tsx apps/web/scripts/draw-artwork.ts`.
import { writeFile } from 'node:fs/promises';
import { launchBrowser } from '../../../scripts/browser.ts';
import { challengeSvg, helpSvg, iconSvg, ogSvg, podiumSvg, wordmarkSvg } from './artwork-svg.ts';

const out = (name: string) => new URL(`../public/${name}`, import.meta.url);

const vectors: Record<string, string> = {
  'wordmark.svg': wordmarkSvg(),
  'podium.svg': podiumSvg(),
  'help.svg': helpSvg(),
  'favicon.svg': iconSvg(64),
};

const rasters: { name: string; svg: string; size: [number, number]; type: 'png' | 'jpeg' }[] = [
  { name: 'icon-192.png', svg: iconSvg(192), size: [192, 192], type: 'png' },
  { name: 'icon-512.png', svg: iconSvg(512), size: [512, 512], type: 'png' },
  { name: 'icon-maskable-512.png', svg: iconSvg(512, true), size: [512, 512], type: 'png' },
  { name: 'apple-touch-icon.png', svg: iconSvg(180), size: [180, 180], type: 'png' },
  { name: 'podium.png', svg: podiumSvg(), size: [480, 320], type: 'png' },
  { name: 'og-image.jpg', svg: ogSvg(), size: [1200, 630], type: 'jpeg' },
  { name: 'challenge-image.jpg', svg: challengeSvg(), size: [1200, 630], type: 'jpeg' },
];

for (const [name, svg] of Object.entries(vectors)) await writeFile(out(name), `${svg}\n`);

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const r of rasters) {
    await page.setViewportSize({ width: r.size[0], height: r.size[1] });
    await page.setContent(`<html><body style="margin:0;background:transparent">${r.svg}</body></html>`);
    const image = await page.screenshot({
      type: r.type,
      quality: r.type === 'jpeg' ? 88 : undefined,
      omitBackground: r.type === 'png',
      clip: { x: 0, y: 0, width: r.size[0], height: r.size[1] },
    });
    await writeFile(out(r.name), image);
  }
} finally {
  await browser.close();
}
