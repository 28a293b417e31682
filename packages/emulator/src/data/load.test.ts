import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { bearer } from '../testing.ts';
import { demoData } from './demo.ts';
import { loadDataFile, parseData } from './load.ts';

const valid = {
  artists: [
    { id: 'a1', name: 'Sigur Rós', genres: ['post-rock'], popularity: 70 },
    { id: 'a2', name: 'The xx', image: 'https://img.example/xx.jpg' },
  ],
  listeners: [{ id: 'tester', display_name: 'Tester', email: 't@example.com', top_artists: ['a2', 'a1'] }],
};

function file(content: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'emulator-data-')), 'data.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

test('a data file drives the listeners and their top artists', async () => {
  const app = createEmulator({ data: loadDataFile(file(valid)), mode: 'extended' });
  const res = await app.request('/_emulator/tokens', {
    method: 'POST',
    body: JSON.stringify({ listenerId: 'tester' }),
  });
  const auth = bearer(((await res.json()) as { access_token: string }).access_token);
  const top = (await (await app.request('/v1/me/top/artists', auth)).json()) as {
    items: { name: string; images: { url: string }[]; genres: string[] }[];
  };
  expect(top.items.map((a) => a.name)).toEqual(['The xx', 'Sigur Rós']);
  expect(top.items[0]?.images[0]?.url).toBe('https://img.example/xx.jpg');
  expect(top.items[1]?.genres).toEqual(['post-rock']);
});

test('an unknown field is rejected with a message naming it', () => {
  const withExtra = { ...valid, listeners: [{ ...valid.listeners[0], favourite_colour: 'red' }] };
  expect(() => loadDataFile(file(withExtra))).toThrow('Unknown field "favourite_colour" in listeners[0]');
  expect(() => parseData({ ...valid, playlists: [] })).toThrow('Unknown field "playlists" in the data file');
  expect(() => parseData({ ...valid, artists: [{ id: 'a1', name: 'x', genre: 'pop' }] })).toThrow('"genre"');
});

test('broken references, types and JSON are reported', () => {
  expect(() =>
    parseData({ ...valid, listeners: [{ id: 'x', display_name: 'X', top_artists: ['zz'] }] }),
  ).toThrow('unknown artist "zz"');
  expect(() => parseData({ ...valid, artists: [{ id: 'a1', name: 'x', popularity: 101 }] })).toThrow(
    'popularity',
  );
  expect(() => parseData({ artists: [], listeners: [{ id: 'x', top_artists: [] }] })).toThrow('display_name');
  expect(() => loadDataFile(file('{ not json'))).toThrow('Cannot read');
});

test('the demo catalogue is a valid data file with names that exercise matching', () => {
  expect(() => parseData(JSON.parse(JSON.stringify(demoData)))).not.toThrow();
  const names = demoData.artists.map((a) => a.name);
  expect(names.length).toBeGreaterThanOrEqual(300);
  expect(new Set(names).size).toBe(names.length);
  expect(names).toEqual(
    expect.arrayContaining(['Beyoncé', 'The Weeknd', 'AC/DC', 'P!nk', 'Simon & Garfunkel']),
  );
  expect(
    names.some((n) => /[\p{Script=Han}\p{Script=Hangul}\p{Script=Cyrillic}\p{Script=Arabic}]/u.test(n)),
  ).toBe(true);
  expect(names.some((n) => n.length > 60)).toBe(true);
});

test('a data file gives the local Last.fm and ListenBrainz their accounts, checked like the rest', async () => {
  const data = loadDataFile(
    file({
      ...valid,
      lastfm: [{ name: 'ada', realname: 'Ada', top_artists: ['a1', 'a2'] }],
      listenbrainz: [{ name: 'ada-lb', token: 'tok-1', top_artists: ['a2'], stats: true }],
    }),
  );
  const app = createEmulator({ data });
  const lb = await app.request('/listenbrainz/1/stats/user/ada-lb/artists?range=month');
  const body = (await lb.json()) as { payload: { artists: { artist_name: string }[] } };
  expect(body.payload.artists.map((a) => a.artist_name)).toEqual(['The xx']);
  const demoOnly = await app.request('/listenbrainz/1/stats/user/demo-brainz/artists?range=month');
  expect(demoOnly.status).toBe(404);
  expect(() => parseData({ ...valid, lastfm: [{ name: 'x', top_artists: ['zz'] }] })).toThrow(
    'lastfm[0].top_artists names an unknown artist "zz"',
  );
  expect(() => parseData({ ...valid, listenbrainz: [{ name: 'x', top_artists: [] }] })).toThrow(
    'listenbrainz[0].token',
  );
  expect(() => parseData({ ...valid, lastfm: [{ name: 'x', top_artists: [], colour: 1 }] })).toThrow(
    'Unknown field "colour" in lastfm[0]',
  );
});
