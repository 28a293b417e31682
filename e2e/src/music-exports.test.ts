import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  APPLE_DECOYS,
  appleDailyTracks,
  appleExportZip,
  YOUTUBE_DECOYS,
  youtubeExportZip,
  youtubeWatchHistory,
} from '@heavy-rotation/emulator/music-exports';
import { SAMPLE_ARTISTS } from '@heavy-rotation/emulator/spotify-export';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openRank } from './artist-card-helpers.ts';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { shot, skipWelcome } from './quiz-helpers.ts';
import { expectOfflineReload, listItems, logOutForgetsExport, ROWS_WAIT } from './top40-helpers.ts';

const journey = useJourney();
const NEWEST = new Date(Date.UTC(2026, 10, 1, 18, 0));
const ARTISTS = Array.from({ length: 44 }, (_, i) => `Listener Artist ${String(i + 1).padStart(2, '0')}`);
const APPLE_INPUT = 'Apple Music data export';
const YOUTUBE_INPUT = 'YouTube Music history (Google Takeout)';
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hr-music-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function onDisk(name: string, content: string | Uint8Array): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

/** From /login's "Apple Music or YouTube Music": /upload, at those two. */
async function openUpload(page: Page): Promise<void> {
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Apple Music or YouTube Music' }).click();
  await page.waitForURL(`${journey.stack.url}/upload#apple-music`);
  await page.getByLabel(APPLE_INPUT).waitFor();
}

/** The Top 40 with ranks 4-6 shown (each with its plays), the rest locked and out of the page. */
async function expectTop40(page: Page, names: readonly string[], decoys: readonly string[]): Promise<void> {
  await page.waitForURL(`${journey.stack.url}/`);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(Math.min(40, names.length));
  for (const name of names.slice(3, 6)) {
    expect(await page.getByText(name, { exact: true }).isVisible(), name).toBe(true);
  }
  expect(await listItems(page).nth(3).textContent()).toMatch(/\d+ plays in the last 4 weeks/);
  // A locked row says nothing of its artist, its plays neither.
  expect(await listItems(page).nth(7).textContent()).not.toMatch(/plays/);
  const html = await page.content();
  expect(html).not.toContain(names[0]);
  for (const decoy of decoys) expect(html).not.toContain(decoy);
}

test('Apple Music: the sample, a guess, the share view, offline reload, log out', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await skipWelcome(context);
  await openUpload(page);
  // Opened at Apple Music: its section is in view.
  expect(await page.getByRole('heading', { name: 'Apple Music' }).isVisible()).toBe(true);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await shot(page, 'music-export-upload');
  await page.getByText('How to get your data from Apple').click();
  await shot(page, 'music-export-apple-guide');

  await page.getByRole('button', { name: 'Try a sample Apple Music export' }).click();
  await expectTop40(page, SAMPLE_ARTISTS, Object.values(APPLE_DECOYS));
  await shot(page, 'music-export-apple-top40');

  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  const top = SAMPLE_ARTISTS[0] ?? '';
  await page.getByLabel('Guess an artist').fill(top);
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: /./ }).textContent())
    .toContain(`Unlocked! ${top} is your #1.`);

  await page.goto(`${journey.stack.url}/`);
  await openRank(page, 1);
  const link = page.getByRole('link', { name: 'Open in Apple Music' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toContain(
    `https://music.apple.com/search?term=${encodeURIComponent(top)}`,
  );
  await page
    .getByRole('dialog')
    .getByText(/^\d+ plays in the last 4 weeks$/)
    .waitFor();
  await shot(page, 'music-export-apple-share-view');
  await page.keyboard.press('Escape');

  await expectOfflineReload(context, page);
  await logOutForgetsExport(page, journey.stack.url);
  await context.close();
});

test('Apple Music zip and loose CSV, YouTube Music zip and loose JSON: nothing sent, the same ranking', async () => {
  const apple = { artists: ARTISTS, newest: NEWEST };
  const cases: [string, string, string | Uint8Array, readonly string[]][] = [
    [APPLE_INPUT, 'Apple Media Services information.zip', appleExportZip(apple), Object.values(APPLE_DECOYS)],
    [
      APPLE_INPUT,
      'Apple Music - Play History Daily Tracks.csv',
      [...appleDailyTracks(apple)].join(''),
      Object.values(APPLE_DECOYS),
    ],
    [YOUTUBE_INPUT, 'takeout-20261101.zip', youtubeExportZip(apple), Object.values(YOUTUBE_DECOYS)],
    [
      YOUTUBE_INPUT,
      'watch-history.json',
      [...youtubeWatchHistory(apple)].join(''),
      Object.values(YOUTUBE_DECOYS),
    ],
  ];
  for (const [input, name, content, decoys] of cases) {
    const { context, page } = await newPhonePage(journey.browser);
    await skipWelcome(context);
    await page.goto(`${journey.stack.url}/upload`);
    const sent: string[] = [];
    page.on('request', (request) => {
      if (/Track Description|titleUrl|Play Duration/.test(request.postData() ?? '')) sent.push(request.url());
    });
    await page.getByLabel(input).setInputFiles(await onDisk(name, content));
    await expectTop40(page, ARTISTS, decoys);
    expect(sent, name).toEqual([]);
    await context.close();
  }
});

test('YouTube Music: the sample, its share view, offline reload, log out; bad files and files of another service are named', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await skipWelcome(context);
  await openUpload(page);
  const bad: [string, string, string | Uint8Array, RegExp][] = [
    [YOUTUBE_INPUT, 'watch-history.html', '<html></html>', /watch-history\.html is the HTML version/],
    [
      YOUTUBE_INPUT,
      'Apple Media Services information.zip',
      appleExportZip({ artists: ARTISTS.slice(0, 3), newest: NEWEST }),
      /looks like an Apple Music data export\. Choose it under "Apple Music data export"/,
    ],
    [APPLE_INPUT, 'notes.csv', 'a,b\n1,2\n', /notes\.csv isn't Apple Music's daily play history/],
    [
      APPLE_INPUT,
      'watch-history.json',
      [...youtubeWatchHistory({ artists: ARTISTS.slice(0, 3), newest: NEWEST })].join(''),
      /watch-history\.json looks like a YouTube Music history from Google Takeout/,
    ],
  ];
  for (const [input, name, content, message] of bad) {
    await page.getByLabel(input).setInputFiles(await onDisk(name, content));
    const section = page.locator('section', { has: page.getByLabel(input) });
    await expect.poll(() => section.getByRole('alert').textContent()).toMatch(message);
    expect(page.url()).toContain('/upload');
  }
  await shot(page, 'music-export-problem');

  await page.getByRole('button', { name: 'Try a sample YouTube Music history' }).click();
  await expectTop40(page, SAMPLE_ARTISTS, Object.values(YOUTUBE_DECOYS));
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  await page.getByLabel('Guess an artist').fill(SAMPLE_ARTISTS[1] ?? '');
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: /./ }).textContent())
    .toContain(`is your #2.`);
  await page.goto(`${journey.stack.url}/`);
  await openRank(page, 4);
  const link = page.getByRole('link', { name: 'Open in YouTube Music' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toContain(
    `https://music.youtube.com/search?q=${encodeURIComponent(SAMPLE_ARTISTS[3] ?? '')}`,
  );
  await shot(page, 'music-export-youtube-share-view');
  await page.keyboard.press('Escape');
  await expectOfflineReload(context, page);
  await logOutForgetsExport(page, journey.stack.url);
  await context.close();
});
