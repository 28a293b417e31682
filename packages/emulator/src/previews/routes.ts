import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { deezerArtistId, seeded } from '../data/ids.ts';
import { asRecord } from '../validate.ts';
import { concat, previewAudio } from './audio.ts';
import { apeTag, id3v1, id3v2, type TrackTags } from './tags.ts';

/** Where an artist's 30-second previews are found: Deezer (and iTunes), only iTunes, or nowhere. */
export type ClipHome = 'deezer' | 'itunes' | 'none';

/** Decided by the name, so every run agrees: about 70 % on Deezer, 15 % only on iTunes, 15 % nowhere. */
export function clipHome(name: string): ClipHome {
  const x = seeded(`clip-home:${name}`);
  return x < 0.7 ? 'deezer' : x < 0.85 ? 'itunes' : 'none';
}

type ClipService = 'deezer' | 'itunes' | 'preview';
const SERVICES: readonly ClipService[] = ['deezer', 'itunes', 'preview'];
const isService = (value: unknown): value is ClipService => SERVICES.some((s) => s === value);

interface ClipFault {
  service: ClipService;
  status: ContentfulStatusCode;
  times: number;
}

const TRACKS_PER_ARTIST = 3;
const TITLES = ['Heart of', 'Night with', 'Songs for'];

/**
 * Deezer's top tracks (`/deezer/artist/{id}/top`), the iTunes Search API (`/itunes/search`) and the
 * preview files both point at (`/previews/…`): 30 s of real MP3 audio wrapped in ID3v2, APEv2 and ID3v1
 * tags that name the track and its artist, as the real files do. Controls under `/clips/_control`.
 */
export function previewRoutes(names: Map<string, string>, control: boolean): Hono {
  const app = new Hono();
  const artists = [...names].map(([id, name]) => ({
    id,
    name,
    home: clipHome(name),
    deezer: deezerArtistId(id),
  }));
  const byDeezer = new Map(artists.map((a) => [String(a.deezer), a]));
  const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const byName = new Map(artists.map((a) => [fold(a.name), a]));
  const faults: ClipFault[] = [];
  const calls = { deezer: 0, itunes: 0, previews: 0 };

  const fault = (service: ClipService) => {
    const index = faults.findIndex((f) => f.service === service);
    const found = faults[index];
    if (found && found.times !== -1 && --found.times <= 0) faults.splice(index, 1);
    return found;
  };
  const titleOf = (name: string, i: number) => `${TITLES[i] ?? 'Songs for'} ${name}`;
  /** The tags of the preview file `dz-<track>` or `it-<track>`: the track id carries the artist's. */
  const tagsOf = (file: string): TrackTags | undefined => {
    const trackId = Number(/^(?:dz|it)-(\d{1,12})$/.exec(file)?.[1]);
    const a = byDeezer.get(String(Math.floor(trackId / 10)));
    const i = trackId % 10;
    if (!a || a.home === 'none' || i >= TRACKS_PER_ARTIST) return undefined;
    return { title: titleOf(a.name, i), artist: a.name, album: `${a.name} — Greatest Hits` };
  };
  /** The artist's tracks, each with the address of its preview. */
  const tracksOf = (a: (typeof artists)[number], origin: string, service: 'dz' | 'it') =>
    Array.from({ length: TRACKS_PER_ARTIST }, (_, i) => {
      const trackId = a.deezer * 10 + i;
      const title = titleOf(a.name, i);
      // Deezer's preview addresses carry a signed expiry, as the real ones do.
      const query = service === 'dz' ? '?hdnea=exp=4102444800~acl=/api/1/*~hmac=0f' : '';
      return { trackId, title, preview: `${origin}/previews/${service}-${trackId}.mp3${query}` };
    });

  app.get('/deezer/artist/:id/top', (c) => {
    calls.deezer++;
    if (fault('deezer'))
      return c.json({ error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } });
    const a = byDeezer.get(c.req.param('id'));
    if (!a) return c.json({ error: { type: 'DataException', message: 'no data', code: 800 } });
    if (a.home !== 'deezer') return c.json({ data: [], total: 0 });
    const origin = new URL(c.req.url).origin;
    const data = tracksOf(a, origin, 'dz').map((t) => ({
      id: t.trackId,
      title: t.title,
      duration: 201,
      preview: t.preview,
      artist: { id: a.deezer, name: a.name, type: 'artist' },
      type: 'track',
    }));
    return c.json({ data, total: data.length });
  });

  app.get('/itunes/search', (c) => {
    calls.itunes++;
    const f = fault('itunes');
    // iTunes answers a client over its rate with 403.
    if (f) return c.text('Forbidden', f.status);
    const term = c.req.query('term');
    if (!term) return c.json({ errorMessage: 'Invalid value(s) for key(s): [term]' }, 400);
    const a = byName.get(fold(term));
    if (!a || a.home === 'none') return c.json({ resultCount: 0, results: [] });
    const results = tracksOf(a, new URL(c.req.url).origin, 'it').map((t) => ({
      wrapperType: 'track',
      kind: 'song',
      trackId: t.trackId,
      artistName: a.name,
      trackName: t.title,
      previewUrl: t.preview,
    }));
    return c.json({ resultCount: results.length, results });
  });

  app.get('/previews/:file', (c) => {
    calls.previews++;
    const f = fault('preview');
    if (f) return c.text('Service unavailable', f.status);
    const tags = tagsOf(c.req.param('file').replace(/\.mp3$/, ''));
    if (!tags) return c.text('Not found', 404);
    const body = concat([id3v2(tags), previewAudio(), apeTag(tags), id3v1(tags)]);
    return c.body(body, 200, {
      'Content-Type': 'audio/mpeg',
      // The real CDNs name the file; a server that passed this on would name the artist.
      'Content-Disposition': `inline; filename="${encodeURIComponent(tags.artist)} - ${encodeURIComponent(tags.title)}.mp3"`,
      'Cache-Control': 'public, max-age=3600',
    });
  });

  if (control) {
    app.post('/clips/_control/faults', async (c) => {
      const body = asRecord(await c.req.json().catch(() => null));
      const service = body?.service;
      const status = body?.status ?? 503;
      const times = body?.times ?? 1;
      if (!isService(service)) return c.json({ error: 'service must be deezer, itunes or preview' }, 400);
      if (typeof status !== 'number' || status < 400 || status > 599)
        return c.json({ error: 'status must be 400-599' }, 400);
      if (typeof times !== 'number' || !Number.isInteger(times) || !(times >= 1 || times === -1))
        return c.json({ error: 'times must be >= 1 or -1' }, 400);
      faults.push({ service, status: status as ContentfulStatusCode, times });
      return c.json({ ok: true });
    });
    app.delete('/clips/_control/faults', (c) => {
      faults.length = 0;
      return c.json({ ok: true });
    });
    app.get('/clips/_control/calls', (c) => c.json(calls));
  }
  return app;
}
