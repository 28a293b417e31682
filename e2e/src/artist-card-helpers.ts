import { readFile, writeFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PHONE } from './harness.ts';
import { skipWelcome } from './quiz-helpers.ts';
import { ARTISTS_KEY, listItems, signInToList } from './top40-helpers.ts';

/** A phone page allowed to use the clipboard, past the welcome, on the finished Top 40 list. */
export async function openTop40(
  browser: Browser,
  url: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 1, hasTouch: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: url });
  await skipWelcome(context);
  const page = await context.newPage();
  await signInToList(page, url);
  return { context, page };
}

/** The cached artist of a 0-based rank, as the app stored it. */
export async function artistAt(page: Page, index: number): Promise<{ id: string; name: string }> {
  return page.evaluate(
    ([key, i]) => {
      const cached = JSON.parse(localStorage.getItem(key as string) ?? '{}') as {
        data?: { id: string; name: string }[];
      };
      const artist = cached.data?.[i as number];
      return { id: artist?.id ?? '', name: artist?.name ?? '' };
    },
    [ARTISTS_KEY, index] as const,
  );
}

export function openRank(page: Page, rank: number) {
  return listItems(page)
    .nth(rank - 1)
    .getByRole('button')
    .click();
}

/**
 * The story image as the listener gets it from 'Save image' (a download), decoded in the page:
 * its first bytes, type and pixel size.
 */
export async function savedImage(
  page: Page,
  name: string,
): Promise<{ magic: number[]; width: number; height: number }> {
  const link = page.getByRole('link', { name: 'Save image' });
  expect(await link.getAttribute('href')).toMatch(/^blob:/);
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  const file = await readFile(path);
  await writeFile(`/tmp/shots/${name}.jpg`, file);
  const bytes = [...file];
  const size = await page.evaluate(async (data) => {
    const bitmap = await createImageBitmap(new Blob([new Uint8Array(data)], { type: 'image/jpeg' }));
    return { width: bitmap.width, height: bitmap.height };
  }, bytes);
  return { magic: bytes.slice(0, 2), ...size };
}

/** The most frequent exact pixel colour of an image URL, counted in the page: the art's own colour. */
export function commonestColour(page: Page, url: string): Promise<[number, number, number]> {
  return page.evaluate(async (src) => {
    const img = new Image();
    img.crossOrigin = 'anonymous';
    img.src = src;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    if (!ctx) return [0, 0, 0];
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const counts = new Map<string, number>();
    for (let i = 0; i < data.length; i += 4) {
      const key = `${data[i]},${data[i + 1]},${data[i + 2]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const top = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '0,0,0';
    return top.split(',').map(Number) as [number, number, number];
  }, url);
}

export function parseRgb(css: string): number[] {
  return (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
}
