import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { deezerArtistId, seeded } from '../data/ids.ts';
import { gzipBombResponse, isBombSize } from '../gzip-bomb.ts';
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
  /** The failure answered; none for a fault that only waits, or only sends a bomb. */
  status?: ContentfulStatusCode;
  times: number;
  /** Wait this long before answering (then the failure, or the ordinary answer). */
  delayMs?: number;
  /** Answer with gzip that unpacks to this many bytes (`gzip-bomb.ts`): Deezer's and iTunes' JSON. */
  gzipBomb?: number;
  /** A preview file this many bytes long (its audio padded): a file larger than a preview should be. */
  padTo?: number;
}

const isInt = (v: unknown, min: number, max: number): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** A fault from a control call's body, or what is wrong with it. */
function readClipFault(body: Record<string, unknown> | undefined): ClipFault | string {
  const { service, status, times = 1, delayMs, gzipBomb, padTo } = body ?? {};
  if (!isService(service)) return 'service must be deezer, itunes or preview';
  if (status !== undefined && !isInt(status, 400, 599)) return 'status must be 400-599';
  if (!(isInt(times, 1, Number.MAX_SAFE_INTEGER) || times === -1)) return 'times must be >= 1 or -1';
  if (delayMs !== undefined && !isInt(delayMs, 0, 120_000)) return 'delayMs must be an integer 0-120000';
  if (gzipBomb !== undefined && !isBombSize(gzipBomb)) return 'gzipBomb must be a number of bytes';
  if (padTo !== undefined && !isInt(padTo, 1, 64_000_000)) return 'padTo must be 1-64000000 bytes';
  // A fault that names nothing else fails with 503, as before.
  const failing =
    status ?? (delayMs === undefined && gzipBomb === undefined && padTo === undefined ? 503 : undefined);
  return {
    service,
    times,
    ...(failing !== undefined ? { status: failing as ContentfulStatusCode } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
    ...(gzipBomb !== undefined ? { gzipBomb } : {}),
    ...(padTo !== undefined ? { padTo } : {}),
  };
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

  const fault = async (service: ClipService) => {
    const index = faults.findIndex((f) => f.service === service);
    const found = faults[index];
    if (found && found.times !== -1 && --found.times <= 0) faults.splice(index, 1);
    if (found?.delayMs) await new Promise((resolve) => setTimeout(resolve, found.delayMs));
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

  app.get('/deezer/artist/:id/top', async (c) => {
    calls.deezer++;
    const f = await fault('deezer');
    if (f?.gzipBomb) return gzipBombResponse(f.gzipBomb);
    if (f?.status) return c.json({ error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } });
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

  app.get('/itunes/search', async (c) => {
    calls.itunes++;
    const f = await fault('itunes');
    if (f?.gzipBomb) return gzipBombResponse(f.gzipBomb);
    // iTunes answers a client over its rate with 403.
    if (f?.status) return c.text('Forbidden', f.status);
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

  app.get('/previews/:file', async (c) => {
    calls.previews++;
    const f = await fault('preview');
    if (f?.status) return c.text('Service unavailable', f.status);
    const tags = tagsOf(c.req.param('file').replace(/\.mp3$/, ''));
    if (!tags) return c.text('Not found', 404);
    const file = concat([id3v2(tags), previewAudio(), apeTag(tags), id3v1(tags)]);
    const body =
      f?.padTo && f.padTo > file.length ? concat([file, new Uint8Array(f.padTo - file.length)]) : file;
    return c.body(body, 200, {
      'Content-Type': 'audio/mpeg',
      // The real CDNs name the file; a server that passed this on would name the artist.
      'Content-Disposition': `inline; filename="${encodeURIComponent(tags.artist)} - ${encodeURIComponent(tags.title)}.mp3"`,
      'Cache-Control': 'public, max-age=3600',
    });
  });

  if (control) {
    app.post('/clips/_control/faults', async (c) => {
      const read = readClipFault(asRecord(await c.req.json().catch(() => null)));
      if (typeof read === 'string') return c.json({ error: read }, 400);
      faults.push(read);
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
