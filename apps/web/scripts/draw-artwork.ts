// Writes the app's artwork into public/: vector files as they are, raster files rendered from the same
// SVG in headless Chromium. Run: `node --import tsx apps/web/scripts/draw-artwork.ts`.
import { writeFile } from 'node:fs/promises';
import { LANGUAGES } from '@heavy-rotation/contracts/languages';
import { launchBrowser } from '../../../scripts/browser.ts';
import { CHALLENGE_TEXTS, OG_TEXTS } from '../src/i18n/artwork.ts';
import { readCatalog } from '../vite/messages.ts';
import {
  challengeSvg,
  helpSvg,
  iconSvg,
  ogSvg,
  PREVIEW_LINE_WIDTH,
  podiumSvg,
  wordmarkSvg,
} from './artwork-svg.ts';

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
];

// The link previews in each language (docs/languages.md, "Catalogs"): English keeps the plain names.
for (const language of LANGUAGES) {
  const catalog = readCatalog(language);
  const words = <T extends readonly string[]>(ids: T) =>
    ids.map((id) => {
      const text = catalog[id];
      if (text === undefined) throw new Error(`${language}: the catalog has no ${id}`);
      return text;
    }) as { -readonly [K in keyof T]: string };
  const suffix = language === 'en' ? '' : `.${language}`;
  rasters.push(
    { name: `og-image${suffix}.jpg`, svg: ogSvg(words(OG_TEXTS)), size: [1200, 630], type: 'jpeg' },
    {
      name: `challenge-image${suffix}.jpg`,
      svg: challengeSvg(words(CHALLENGE_TEXTS)),
      size: [1200, 630],
      type: 'jpeg',
    },
  );
}

for (const [name, svg] of Object.entries(vectors)) await writeFile(out(name), `${svg}\n`);

/** In the page: shrinks each `data-fit` group of lines whose widest line is wider than `width`. */
function fitLines(width: number): void {
  const groups = new Map<string, SVGTextElement[]>();
  for (const text of document.querySelectorAll<SVGTextElement>('text[data-fit]')) {
    const name = text.dataset.fit ?? '';
    groups.set(name, [...(groups.get(name) ?? []), text]);
  }
  for (const lines of groups.values()) {
    const widest = Math.max(...lines.map((l) => l.getComputedTextLength()));
    if (widest <= width) continue;
    for (const line of lines) {
      const size = Number(line.getAttribute('font-size'));
      line.setAttribute('font-size', String(Math.floor((size * width) / widest)));
    }
  }
}

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const r of rasters) {
    await page.setViewportSize({ width: r.size[0], height: r.size[1] });
    await page.setContent(`<html><body style="margin:0;background:transparent">${r.svg}</body></html>`);
    await page.evaluate(fitLines, PREVIEW_LINE_WIDTH);
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
