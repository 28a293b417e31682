import { expect, test } from 'vitest';
import { createEmulator } from '../app.ts';
import { demoData } from '../data/demo.ts';
import { deezerArtistId } from '../data/ids.ts';
import { clipHome } from './routes.ts';

const app = createEmulator();
const byHome = (home: string) => demoData.artists.filter((a) => clipHome(a.name) === home);
const text = (bytes: Uint8Array) => new TextDecoder('latin1').decode(bytes);

test("Deezer's top tracks carry previews: real MP3 audio wrapped in tags that name the artist", async () => {
  const artist = byHome('deezer')[0];
  if (!artist) throw new Error('demo data lacks an artist on Deezer');
  const search = await app.request(`/deezer/search/artist?q=${encodeURIComponent(artist.name)}`);
  const { data } = (await search.json()) as { data: { id: number }[] };
  expect(data[0]?.id).toBe(deezerArtistId(artist.id));
  const top = await app.request(`/deezer/artist/${data[0]?.id}/top?limit=3`);
  const tracks = (await top.json()) as { data: { preview: string; artist: { name: string } }[] };
  expect(tracks.data).toHaveLength(3);
  expect(tracks.data[0]?.artist.name).toBe(artist.name);
  const file = await app.request(tracks.data[0]?.preview ?? '');
  expect(file.headers.get('content-type')).toBe('audio/mpeg');
  const bytes = new Uint8Array(await file.arrayBuffer());
  expect(text(bytes.subarray(0, 3))).toBe('ID3');
  expect(text(bytes.subarray(-128, -125))).toBe('TAG');
  expect(text(bytes)).toContain('APETAGEX');
  expect(new TextDecoder().decode(bytes)).toContain(artist.name);
  // Thirty seconds at 32 kbps: about 120 kB of audio.
  expect(bytes.length).toBeGreaterThan(100_000);
});

test('iTunes finds artists Deezer lacks; an artist nowhere has no tracks on either', async () => {
  const [onlyItunes, nowhere] = [byHome('itunes')[0], byHome('none')[0]];
  if (!onlyItunes || !nowhere) throw new Error('demo data lacks a case');
  const deezer = await app.request(`/deezer/artist/${deezerArtistId(onlyItunes.id)}/top`);
  expect(await deezer.json()).toEqual({ data: [], total: 0 });
  const itunes = await app.request(`/itunes/search?term=${encodeURIComponent(onlyItunes.name)}&entity=song`);
  const found = (await itunes.json()) as { results: { artistName: string; previewUrl: string }[] };
  expect(found.results[0]?.artistName).toBe(onlyItunes.name);
  expect((await app.request(found.results[0]?.previewUrl ?? '')).status).toBe(200);
  const none = await app.request(`/itunes/search?term=${encodeURIComponent(nowhere.name)}&entity=song`);
  expect(await none.json()).toEqual({ resultCount: 0, results: [] });
});

test('faults: Deezer reports quota inside a 200, iTunes answers 403, a preview 503, then all recover', async () => {
  const artist = byHome('deezer')[0];
  if (!artist) throw new Error('demo data lacks an artist on Deezer');
  const app = createEmulator();
  const control = (body: unknown) =>
    app.request('/clips/_control/faults', { method: 'POST', body: JSON.stringify(body) });
  expect((await control({ service: 'nope' })).status).toBe(400);
  await control({ service: 'deezer' });
  await control({ service: 'itunes', status: 403 });
  await control({ service: 'preview', status: 503 });
  const top = await app.request(`/deezer/artist/${deezerArtistId(artist.id)}/top`);
  expect(await top.json()).toMatchObject({ error: { code: 4 } });
  expect((await app.request(`/itunes/search?term=${encodeURIComponent(artist.name)}`)).status).toBe(403);
  const again = (await (await app.request(`/deezer/artist/${deezerArtistId(artist.id)}/top`)).json()) as {
    data: { preview: string }[];
  };
  expect((await app.request(again.data[0]?.preview ?? '')).status).toBe(503);
  expect((await app.request(again.data[0]?.preview ?? '')).status).toBe(200);
  const calls = (await (await app.request('/clips/_control/calls')).json()) as Record<string, number>;
  expect(calls).toMatchObject({ deezer: 2, itunes: 1, previews: 2 });
});
