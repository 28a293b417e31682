import { demoData, imageHome, musicbrainzId } from '@heavy-rotation/emulator';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upstreamPace } from '../db/schema.ts';
import { DATABASES, startTestServer, type TestServer } from '../test/harness.ts';
import { PACE_MS } from '../upstream/pace.ts';

const byHome = (home: string) => demoData.artists.filter((a) => imageHome(a.name) === home);
const onDeezer = byHome('deezer');
const onWikimedia = byHome('wikimedia');
const nowhere = byHome('none');

interface Reply {
  images: { name: string; image: { url: string; width: number | null } | null; final: boolean }[];
}

describe.each(DATABASES)('on %s', (kind) => {
  let s: TestServer;
  // Moved forward by a test to let a remembered "later" pass.
  let offset = 0;
  beforeAll(async () => {
    s = await startTestServer(kind, { IMAGE_WAIT_MS: '8000' }, { now: () => Date.now() + offset });
  });
  afterAll(() => s.close());

  const ask = async (artists: { name: string; mbid?: string }[]) => {
    const res = await s.call('/api/artist-images', { json: { artists } });
    return { status: res.status, body: (await res.json()) as Reply & { error?: string } };
  };
  const control = (path: string, init: RequestInit = {}) =>
    s.emulator.request(`/artist-images/_control/${path}`, init);
  const calls = async () =>
    (await (await control('calls')).json()) as { deezer: number; musicbrainz: number[]; wikidata: number };
  const fault = (service: string, status = 503, times = 1) =>
    control('faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ service, status, times }),
    });

  test("Deezer's picture first; then MusicBrainz → Wikidata → Commons; none for an artist nowhere", async () => {
    const [deezerArtist, wikiArtist, missing] = [onDeezer[0], onWikimedia[0], nowhere[0]];
    if (!deezerArtist || !wikiArtist || !missing) throw new Error('demo data lacks a case');
    const { status, body } = await ask([
      { name: deezerArtist.name },
      { name: wikiArtist.name, mbid: musicbrainzId(wikiArtist.id) },
      { name: missing.name },
    ]);
    expect(status).toBe(200);
    expect(body.images.map((i) => i.name)).toEqual([deezerArtist.name, wikiArtist.name, missing.name]);
    expect(body.images[0]?.image?.url).toContain(`/images/artist/${deezerArtist.id}/`);
    expect(body.images[1]?.image?.url).toContain(`/images/artist/wm-${wikiArtist.id}/`);
    expect(body.images[2]).toEqual({ name: missing.name, image: null, final: true });
    expect(body.images.every((i) => i.final)).toBe(true);
  });

  test('hits and misses are remembered: asking again calls no source', async () => {
    const names = [onDeezer[1], nowhere[1]].map((a) => ({ name: a?.name ?? '' }));
    await ask(names);
    const before = await calls();
    const again = await ask(names);
    expect(again.body.images.map((i) => i.final)).toEqual([true, true]);
    const after = await calls();
    expect(after.deezer).toBe(before.deezer);
    expect(after.musicbrainz.length).toBe(before.musicbrainz.length);
  });

  test('a source away answers "not yet", remembered only briefly, so a later call finds the image', async () => {
    const artist = onDeezer[2];
    if (!artist) throw new Error('demo data lacks a case');
    await fault('deezer');
    await fault('musicbrainz');
    const first = await ask([{ name: artist.name }]);
    expect(first.status).toBe(200);
    expect(first.body.images[0]).toEqual({ name: artist.name, image: null, final: false });
    // Asked again at once: still "not yet", without asking any source.
    const before = await calls();
    expect((await ask([{ name: artist.name }])).body.images[0]?.final).toBe(false);
    expect((await calls()).deezer).toBe(before.deezer);
    offset += 16_000;
    const second = await ask([{ name: artist.name }]);
    expect(second.body.images[0]?.image?.url).toContain(`/images/artist/${artist.id}/`);
  });

  test('MusicBrainz calls from two instances on one database start at least its pace apart', async () => {
    // Both instances reach the local MusicBrainz through one door, which notes when the shared pace
    // (by the database's clock) let each call start: the time the emulator notes it would add how long
    // a busy machine took to get there.
    const started = new Set<number>();
    const sourceFetch: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.url.startsWith(s.env.MUSICBRAINZ_API_URL)) {
        const [row] = await s.database.db
          .select({ at: upstreamPace.startedAt })
          .from(upstreamPace)
          .where(eq(upstreamPace.service, 'musicbrainz'));
        if (row?.at) started.add(row.at.getTime());
      }
      return s.emulator.fetch(request);
    };
    const instance = () =>
      startTestServer(kind, { IMAGE_WAIT_MS: '8000' }, { database: s.database, sourceFetch });
    const [one, two] = [await instance(), await instance()];
    try {
      // Three artists found only through MusicBrainz: a search and a lookup each, six turns in all.
      const names = onWikimedia.slice(2, 5).map((a) => ({ name: a.name }));
      const before = (await calls()).musicbrainz.length;
      await Promise.all([
        one.call('/api/artist-images', { json: { artists: names.slice(0, 2) } }),
        two.call('/api/artist-images', { json: { artists: names.slice(2) } }),
      ]);
      expect((await calls()).musicbrainz.length - before).toBe(6);
      const times = [...started].sort((a, b) => a - b);
      expect(times).toHaveLength(6);
      // The database keeps microseconds; a Date, milliseconds.
      for (let i = 1; i < times.length; i++)
        expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(PACE_MS.musicbrainz - 1);
    } finally {
      await one.close();
      await two.close();
    }
  }, 30_000);

  test('bad requests get a 400 naming the problem', async () => {
    const many = Array.from({ length: 51 }, (_, i) => ({ name: `Artist ${i}` }));
    expect((await ask(many)).body.error).toMatch(/artists: at most 50/);
    expect((await ask([])).body.error).toMatch(/artists: name at least one artist/);
    expect((await ask([{ name: 'X', mbid: 'not-an-id' }])).body.error).toMatch(/must be a MusicBrainz id/);
    expect((await ask([{ name: 'Nul\u0000' }])).status).toBe(400);
    // A lone surrogate cannot go into a search address: a 400, never a 500.
    const lone = await s.call('/api/artist-images', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"artists":[{"name":"Björk"},{"name":"\\ud83d"}]}',
    });
    expect(lone.status).toBe(400);
    expect(await lone.json()).toEqual({ error: 'artists.1.name: must be text (a lone surrogate is not)' });
  });
});
