import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import {
  DECOY_ARTISTS,
  type ExportFormat,
  generateExport,
  SAMPLE_ARTISTS,
  zipExport,
} from '@heavy-rotation/emulator/spotify-export';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { openRank } from './artist-card-helpers.ts';
import { expectConsoleError, newPhonePage, useJourney } from './harness.ts';
import { shot, skipWelcome } from './quiz-helpers.ts';
import { expectOfflineReload, listItems, logOutForgetsExport, ROWS_WAIT } from './top40-helpers.ts';

const journey = useJourney();
const NEWEST = new Date(Date.UTC(2026, 10, 1, 18, 0));
const ARTISTS = Array.from({ length: 44 }, (_, i) => `Export Artist ${String(i + 1).padStart(2, '0')}`);
let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'hr-export-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes an export to disk as Spotify sends it (a zip) or as the loose .json files inside it. */
async function exportOnDisk(
  format: ExportFormat,
  shape: 'zip' | 'json',
  artists = ARTISTS,
): Promise<string[]> {
  const files = [...generateExport({ format, artists, newest: NEWEST, displayName: 'Ada Export' })];
  if (shape === 'zip') {
    const path = join(dir, `${format}-my_spotify_data.zip`);
    await writeFile(path, zipExport(files));
    return [path];
  }
  const paths = [];
  for (const file of files) {
    const path = join(dir, `${format}-${file.name}`.replace(`${format}-`, ''));
    await writeFile(path, file.text);
    paths.push(path);
  }
  return paths;
}

async function openUpload(page: Page): Promise<void> {
  await page.goto(`${journey.stack.url}/login`);
  await page.getByRole('link', { name: 'Upload your Spotify data' }).click();
  await page.waitForURL(`${journey.stack.url}/upload`);
}

async function expectTop40(page: Page, names: readonly string[]): Promise<void> {
  await page.waitForURL(`${journey.stack.url}/`);
  await expect.poll(() => listItems(page).count(), ROWS_WAIT).toBe(Math.min(40, names.length));
  // Ranks 4-6 are shown; the podium and the rest stay locked and out of the page.
  for (const name of names.slice(3, 6)) {
    expect(await page.getByText(name, { exact: true }).isVisible(), name).toBe(true);
  }
  const html = await page.content();
  expect(html).not.toContain(names[0]);
  expect(html).not.toContain(DECOY_ARTISTS.skipped);
}

test('the sample export: the Top 40, no phone gate, a right guess with its line, the share view, log out', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  // Offline, the browser reports each request it could not send (through the service worker, an image
  // not cached yet fails as ERR_FAILED); the app logs nothing itself.
  expectConsoleError(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);
  await skipWelcome(context);
  await openUpload(page);
  expect(await page.getByLabel('Spotify data export').getAttribute('accept')).toContain('.zip');
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await shot(page, 'export-upload');

  await page.getByRole('button', { name: 'Try a sample export' }).click();
  await expectTop40(page, SAMPLE_ARTISTS);
  // The export names no images: the drawn initials show, and pictures found by name fill in.
  await expect
    .poll(() => listItems(page).nth(3).locator('img').getAttribute('src'), ROWS_WAIT)
    .toContain('/images/artist/');
  await shot(page, 'export-top40');

  // A guest has no account to hold a number: the quiz opens without the phone gate.
  await page.getByRole('button', { name: 'Unlock the rest - take quiz' }).click();
  await page.waitForURL(`${journey.stack.url}/quiz`);
  const top = SAMPLE_ARTISTS[0] ?? '';
  await page.getByLabel('Guess an artist').fill(top);
  await page.getByRole('button', { name: 'Guess', exact: true }).click();
  const status = page.getByRole('status').filter({ hasText: /./ });
  await expect.poll(() => status.textContent()).toContain(`Unlocked! ${top} is your #1.`);
  // Its line follows: a guest's come from the built-in table or the server's templates.
  await expect
    .poll(async () => (await status.textContent())?.split(`is your #1.`)[1]?.trim().length ?? 0)
    .toBeGreaterThan(10);
  expect(await page.getByText('4 of 40 unlocked').isVisible()).toBe(true);

  await page.goto(`${journey.stack.url}/`);
  await openRank(page, 4);
  const link = page.getByRole('link', { name: 'Open in Spotify' });
  await link.waitFor();
  expect(await link.getAttribute('href')).toContain(
    `https://open.spotify.com/search/${encodeURIComponent(SAMPLE_ARTISTS[3] ?? '')}`,
  );
  await shot(page, 'export-share-view');
  await page.keyboard.press('Escape');

  // The list outlives a reload, offline too, like a signed-in one; log out forgets it.
  await expectOfflineReload(context, page);
  await logOutForgetsExport(page, journey.stack.url);
  await page.goto(`${journey.stack.url}/`);
  await page.waitForURL(`${journey.stack.url}/login`);
  await context.close();
});

test('Account data and Extended exports, zipped or as loose JSON files, rank the same artists', async () => {
  const cases: [ExportFormat, 'zip' | 'json'][] = [
    ['account', 'zip'],
    ['extended', 'zip'],
    ['extended', 'json'],
  ];
  for (const [format, shape] of cases) {
    const { context, page } = await newPhonePage(journey.browser);
    await skipWelcome(context);
    await openUpload(page);
    // Nothing of the export leaves the device: no request carries it.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.postData()?.includes('ms_played') || request.postData()?.includes('msPlayed')) {
        sent.push(request.url());
      }
    });
    await page.getByLabel('Spotify data export').setInputFiles(await exportOnDisk(format, shape));
    await expectTop40(page, ARTISTS);
    expect(await page.content(), `${format} ${shape}`).not.toContain(DECOY_ARTISTS.incognito);
    expect(sent).toEqual([]);
    await context.close();
  }
});

test('a short history lists fewer than 40; bad files say which file and what is wrong, and the next try works', async () => {
  const { context, page } = await newPhonePage(journey.browser);
  await skipWelcome(context);
  await openUpload(page);
  const input = page.getByLabel('Spotify data export');
  const alert = page.getByRole('alert');
  const bad: [string, string | Uint8Array, RegExp][] = [
    [
      'photos.zip',
      zipExport([{ name: 'cat.json', text: '{}' }]),
      /photos\.zip holds no music streaming history/,
    ],
    [
      'broken.zip',
      zipExport(generateExport({ format: 'account', artists: ARTISTS, newest: NEWEST })).slice(0, 900),
      /broken\.zip is damaged/,
    ],
    ['settings.json', '{"theme":"dark"}', /settings\.json isn't a Spotify streaming history file/],
    ['StreamingHistory_music_0.json', '[]', /StreamingHistory_music_0\.json has no plays in it/],
  ];
  for (const [name, content, message] of bad) {
    const path = join(dir, name);
    await writeFile(path, content);
    await input.setInputFiles(path);
    await expect.poll(() => alert.textContent()).toMatch(message);
    expect(page.url()).toBe(`${journey.stack.url}/upload`);
  }
  await shot(page, 'export-problem');

  // Over 2 GB: refused before a byte is read (a sparse file, so the test writes nothing).
  const huge = join(dir, 'huge.zip');
  const handle = await open(huge, 'w');
  await handle.truncate(2 * 1024 ** 3 + 1);
  await handle.close();
  await input.setInputFiles(huge);
  await expect.poll(() => alert.textContent()).toMatch(/huge\.zip is over 2 GB/);

  // A long read shows its progress and can be cancelled; nothing is kept.
  const long = join(dir, 'Streaming_History_Audio_2026.json');
  await writeFile(
    long,
    Buffer.concat([Buffer.from('['), Buffer.alloc(400 * 1024 * 1024, 0x20), Buffer.from(']')]),
  );
  await input.setInputFiles(long);
  await page.getByRole('progressbar', { name: 'Reading your Spotify export' }).waitFor();
  await shot(page, 'export-reading');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Cancelled. Nothing was kept.').waitFor();
  expect(await page.evaluate(() => localStorage.getItem('spotify_export'))).toBeNull();
  await rm(long);

  await input.setInputFiles(await exportOnDisk('account', 'zip', ARTISTS.slice(0, 12)));
  await expectTop40(page, ARTISTS.slice(0, 12));
  await context.close();
});
