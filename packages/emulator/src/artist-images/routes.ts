import { Hono } from 'hono';
import { deezerArtistId, musicbrainzId, seeded } from '../data/ids.ts';
import { gzipBombResponse } from '../gzip-bomb.ts';
import { asRecord } from '../validate.ts';
import { type ImageFault, readImageFault, takeImageFault } from './faults.ts';

/** Where an artist's picture is found: on Deezer, only through MusicBrainz → Wikidata → Commons, or nowhere. */
export type ImageHome = 'deezer' | 'wikimedia' | 'none';

/** Decided by the name, so every run agrees: about 60 % Deezer, 25 % Wikimedia, 15 % nowhere. */
export function imageHome(name: string): ImageHome {
  const x = seeded(`image-home:${name}`);
  return x < 0.6 ? 'deezer' : x < 0.85 ? 'wikimedia' : 'none';
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/**
 * Deezer (`/deezer`), MusicBrainz (`/musicbrainz`), Wikidata (`/wikidata`) and Wikimedia Commons
 * (`/commons`), each answering the calls the server makes, in their real shapes. Pictures are the
 * emulator's own drawn images. Controls under `/artist-images/_control`.
 */
export function artistImageRoutes(names: Map<string, string>, control: boolean): Hono {
  const app = new Hono();
  const artists = [...names].map(([id, name]) => ({
    id,
    name,
    home: imageHome(name),
    mbid: musicbrainzId(id),
    item: `Q${(Number.parseInt(musicbrainzId(`item:${id}`).slice(0, 7), 16) % 90_000_000) + 1_000_000}`,
  }));
  const byFold = new Map(artists.map((a) => [fold(a.name), a]));
  const byMbid = new Map(artists.map((a) => [a.mbid, a]));
  const byItem = new Map(artists.map((a) => [a.item, a]));
  const fileOf = (a: (typeof artists)[number]) =>
    `${a.name.replace(/[^\p{L}\p{N} ]/gu, '')} (performing).jpg`;
  const byFile = new Map(artists.map((a) => [fileOf(a), a]));
  const faults: ImageFault[] = [];
  const calls = { deezer: 0, musicbrainz: [] as number[], wikidata: 0, commons: 0 };

  const fault = (service: ImageFault['service']) => takeImageFault(faults, service);
  const origin = (url: string) => new URL(url).origin;

  app.get('/deezer/search/artist', (c) => {
    calls.deezer++;
    const f = fault('deezer');
    if (f?.gzipBomb) return gzipBombResponse(f.gzipBomb);
    if (f && !f.picture)
      return c.json({ error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } }, 200);
    const a = byFold.get(fold(c.req.query('q') ?? ''));
    if (!a) return c.json({ data: [], total: 0 });
    const base = `${origin(c.req.url)}/images/artist`;
    // Deezer knows most artists; those without a picture get its blank stand-in.
    const picture = (size: number) =>
      f?.picture ??
      (a.home === 'deezer'
        ? `${base}/${a.id}/${size}.png`
        : `https://e-cdns-images.dzcdn.net/images/artist//${size}x${size}-000000-80-0-0.jpg`);
    return c.json({
      data: [
        {
          id: deezerArtistId(a.id),
          name: a.name,
          picture_medium: picture(300),
          picture_big: picture(640),
          type: 'artist',
        },
      ],
      total: 1,
    });
  });

  app.use('/musicbrainz/*', async (c, next) => {
    calls.musicbrainz.push(Date.now());
    const f = fault('musicbrainz');
    if (f?.gzipBomb) return gzipBombResponse(f.gzipBomb);
    // MusicBrainz answers 503 to a client over its rate.
    if (f) return c.json({ error: 'Your requests are exceeding the allowable rate limit.' }, f.status);
    await next();
  });
  app.get('/musicbrainz/ws/2/artist', (c) => {
    const query = /artist:"(.*)"/.exec(c.req.query('query') ?? '')?.[1] ?? '';
    const a = byFold.get(fold(query));
    return c.json({
      created: new Date(0).toISOString(),
      count: a ? 1 : 0,
      offset: 0,
      artists: a ? [{ id: a.mbid, name: a.name, score: 100 }] : [],
    });
  });
  app.get('/musicbrainz/ws/2/artist/:mbid', (c) => {
    const a = byMbid.get(c.req.param('mbid'));
    if (!a) return c.json({ error: 'Not Found' }, 404);
    const relations =
      a.home === 'none'
        ? []
        : [{ type: 'wikidata', url: { resource: `https://www.wikidata.org/wiki/${a.item}` } }];
    return c.json({ id: a.mbid, name: a.name, relations });
  });

  app.get('/wikidata/wiki/Special:EntityData/:file', (c) => {
    calls.wikidata++;
    const f = fault('wikidata');
    if (f?.gzipBomb) return gzipBombResponse(f.gzipBomb);
    if (f) return c.text('Service unavailable', f.status);
    const a = byItem.get(c.req.param('file').replace(/\.json$/, ''));
    if (!a) return c.json({ error: 'Not Found' }, 404);
    const claims =
      a.home === 'wikimedia'
        ? {
            P18: [
              {
                mainsnak: {
                  snaktype: 'value',
                  property: 'P18',
                  datavalue: { value: fileOf(a), type: 'string' },
                },
              },
            ],
          }
        : {};
    return c.json({ entities: { [a.item]: { id: a.item, claims } } });
  });

  app.get('/commons/w/api.php', (c) => {
    calls.commons++;
    const f = fault('commons');
    if (f?.gzipBomb) return gzipBombResponse(f.gzipBomb);
    if (f && !f.picture) return c.text('Service unavailable', f.status);
    const title = (c.req.query('titles') ?? '').replace(/^File:/, '');
    const a = byFile.get(title);
    if (!a) return c.json({ query: { pages: { '-1': { missing: '', title: `File:${title}` } } } });
    const thumb = f?.picture ?? `${origin(c.req.url)}/images/artist/wm-${a.id}/300.png`;
    return c.json({
      query: {
        pages: {
          '1': {
            title: `File:${title}`,
            imageinfo: [{ thumburl: thumb, thumbwidth: 300, thumbheight: 300 }],
          },
        },
      },
    });
  });

  if (control) {
    app.post('/artist-images/_control/faults', async (c) => {
      const read = readImageFault(asRecord(await c.req.json().catch(() => null)));
      if (typeof read === 'string') return c.json({ error: read }, 400);
      faults.push(read);
      return c.json({ ok: true });
    });
    app.delete('/artist-images/_control/faults', (c) => {
      faults.length = 0;
      return c.json({ ok: true });
    });
    app.get('/artist-images/_control/calls', (c) => c.json(calls));
  }
  return app;
}
